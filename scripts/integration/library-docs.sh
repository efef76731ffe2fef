#!/usr/bin/env bash
# The library's DocC reference builds with swift-docc-plugin without a warning (every link in
# the catalog and the /// comments resolves), documents the in-process API, and lists none of
# the implementation types that are package-internal (JSON tape, CSV scanners, regex wrappers).
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "library-docs: $*" >&2; exit 1; }

log=$(mktemp)
if ! swift package generate-documentation --target FormsmithCore --warnings-as-errors >"$log" 2>&1; then
  grep -E "warning|error" "$log" >&2 || tail -20 "$log" >&2
  rm -f "$log"
  fail "the documentation does not build cleanly"
fi
rm -f "$log"
pages=.build/plugins/Swift-DocC/outputs/FormsmithCore.doccarchive/data/documentation/formsmithcore
for page in questionnairevalidator validatinginprocess recordresult violation rulesloader; do
  [ -e "$pages/$page.json" ] || fail "no page for $page in the reference"
done
for hidden in jsontape jsonparser csvboundaryscanner csvreader compiledregex regexscratch seededrandom progressline; do
  [ ! -e "$pages/$hidden.json" ] || fail "$hidden is public (it is an implementation type)"
done
echo "library-docs: the DocC reference builds cleanly and shows only the public API"
