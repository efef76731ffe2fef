#!/usr/bin/env bash
# An outside benchmark of the XLSForm import (not run in CI): imports every XLSForm of pyxform's
# own test suite and says how many import with nothing left out.
#
#   Benchmarks/pyxform-suite.sh PATH-TO-PYXFORM-CHECKOUT [--list]
#
# 1. Finds the .xlsx, .md and .csv files under the checkout's tests/ (the .xls files are counted
#    apart: Formsmith reads .xlsx, not the old binary workbook).
# 2. Converts each with that checkout's pyxform release from PyPI (pyxform==4.5.0 through
#    scripts/tool-venv; the suite holds forms that are wrong on purpose, and CSV files that are
#    no form): a file pyxform refuses is counted apart, not held against the import.
# 3. Runs `formsmith import xlsform` on each form pyxform converts and counts: imported with
#    nothing left out, imported with parts listed as not checkable (the most frequent reasons are
#    printed), refused with an error (each named with --list).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
checkout="${1:?usage: Benchmarks/pyxform-suite.sh PATH-TO-PYXFORM-CHECKOUT [--list]}"
list="${2:-}"
[ -d "$checkout/tests" ] || { echo "no tests/ folder in $checkout; give a checkout of github.com/XLSForm/pyxform" >&2; exit 2; }
bin="$("$root/scripts/tool-venv" pyxform==4.5.0)"
binary="${FORMSMITH:-$root/.build/debug/formsmith}"
[ -x "$binary" ] || (cd "$root" && swift build --product formsmith >&2)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
xls=$(find "$checkout/tests" -name '*.xls' | wc -l)
total=0; refused_by_pyxform=0; clean=0; listed=0; refused=0
: > "$work/reasons"; : > "$work/refused"
while IFS= read -r form; do
  total=$((total + 1))
  if ! "$bin/python" -c 'import sys; from pyxform.xls2xform import convert; convert(xlsform=sys.argv[1])' "$form" >/dev/null 2>&1; then
    refused_by_pyxform=$((refused_by_pyxform + 1)); continue
  fi
  # the form's own folder: select_one_from_file reads the .csv beside it
  if "$binary" import xlsform "$form" --output "$work/rules.yaml" 2> "$work/stderr" >/dev/null; then
    if grep -q "not checkable:" "$work/stderr"; then
      listed=$((listed + 1))
      sed -n 's/.*not checkable: [^:]*: \(.*\)$/\1/p' "$work/stderr" \
        | sed -E "s/'[^']*'//g; s/\`[^\`]*\`//g; s/[0-9]+//g" >> "$work/reasons"
    else
      clean=$((clean + 1))
    fi
  else
    refused=$((refused + 1))
    echo "${form#"$checkout"/}: $(grep -v '^$' "$work/stderr" | head -1)" >> "$work/refused"
  fi
done < <(find "$checkout/tests" \( -name '*.xlsx' -o -name '*.md' -o -name '*.csv' \) | sort)
converted=$((total - refused_by_pyxform))
echo "pyxform test suite: $total .xlsx/.md/.csv files ($xls .xls files not read: save them as .xlsx)"
echo "  refused by pyxform itself (wrong on purpose, or no form): $refused_by_pyxform"
echo "  converted by pyxform: $converted"
echo "  imported with nothing left out: $clean of $converted"
echo "  imported, parts listed as not checkable: $listed"
echo "  refused by formsmith import: $refused"
if [ -s "$work/reasons" ]; then
  echo "most frequent reasons for a part not checkable:"
  sort "$work/reasons" | uniq -c | sort -rn | head -12
fi
if [ -n "$list" ] && [ -s "$work/refused" ]; then
  echo "refused:"; cat "$work/refused"
fi
