#!/usr/bin/env bash
# Every e-mail address `formsmith generate` writes for the shipped forms passes the strict
# external checker email-validator (syntax only: check_deliverability=False), and the check
# catalog's `format: email` examples get the same verdict from it as from Formsmith.
#   usage: scripts/integration/email-validator.sh [COUNT] [SEED]   (default 10000 questionnaires per form)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$("$root/scripts/tool-venv" email-validator==2.3.0)"
binary="${FORMSMITH:-$root/.build/debug/formsmith}"
[ -x "$binary" ] || (cd "$root" && swift build >&2)
"$bin/python" "$root/scripts/integration/email_compare.py" "$binary" "${1:-10000}" "${2:-7}"
