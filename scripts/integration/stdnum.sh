#!/usr/bin/env bash
# Compares Formsmith's identifier checksums (IBAN, INN, OGRN/OGRNIP, Luhn, SNILS) with
# python-stdnum on random numbers: every disagreement must be one where Formsmith follows the
# standard and stdnum does not (stdnum_compare.py lists them); any other fails.
#   usage: scripts/integration/stdnum.sh [COUNT] [SEED]   (default 20000 numbers each)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$("$root/scripts/tool-venv" python-stdnum==2.2)"
binary="${FORMSMITH:-$root/.build/debug/formsmith}"
[ -x "$binary" ] || (cd "$root" && swift build >&2)
"$bin/python" "$root/scripts/integration/stdnum_compare.py" "$binary" "${1:-20000}" "${2:-11}"
