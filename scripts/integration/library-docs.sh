#!/usr/bin/env bash
# The library's DocC reference builds with swift-docc-plugin, documents the in-process API,
# and lists none of the implementation types that are package-internal (JSON tape, CSV
# scanners, regex wrappers). A warning (a broken link) in the catalog
# (Sources/FormsmithCore/FormsmithCore.docc) or in the in-process API (Library/) fails; broken
# links in other /// comments are listed as notes, so that one stray link elsewhere does not
# block a merge (fix them when you see them).
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "library-docs: $*" >&2; exit 1; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# swift-docc-plugin is a dependency only with FORMSMITH_DOCS set (see Package.swift).
if ! FORMSMITH_DOCS=1 swift package generate-documentation --target FormsmithCore >"$log" 2>&1; then
  tail -20 "$log" >&2
  fail "the documentation does not build"
fi
# Each warning with the file it points at (the '-->' line after it; none for the catalog's own pages).
warnings="$(awk '/^warning:/ { if (w != "") print w; w = $0; next }
                 w != "" && /-->/ { print w " @ " $2; w = ""; next }
                 END { if (w != "") print w }' "$log")"
# SwiftPM's own warnings about a dependency's files (ZIPFoundation's PrivacyInfo.xcprivacy) are not
# documentation warnings.
warnings="$(grep -v "which are unhandled; explicitly declare them as resources" <<<"$warnings" || true)"
if [ -n "$warnings" ]; then
  # docc names catalog files relative to the catalog and Swift files as ../Folder/File.swift.
  mine='@ ([^.]|\.[^.]|\.\./Library/)|^[^@]*$'
  ours="$(grep -E "$mine" <<<"$warnings" || true)"
  others="$(grep -vE "$mine" <<<"$warnings" || true)"
  [ -z "$others" ] || { echo "library-docs: note: broken links in other /// comments:"; echo "$others"; }
  [ -z "$ours" ] || fail "warnings in the catalog or the in-process API:
$ours"
fi
pages=.build/plugins/Swift-DocC/outputs/FormsmithCore.doccarchive/data/documentation/formsmithcore
for page in questionnairevalidator validatinginprocess recordresult violation rulesloader; do
  [ -e "$pages/$page.json" ] || fail "no page for $page in the reference"
done
for hidden in jsontape jsonparser csvboundaryscanner csvreader compiledregex regexscratch seededrandom progressline; do
  [ ! -e "$pages/$hidden.json" ] || fail "$hidden is public (it is an implementation type)"
done
echo "library-docs: the DocC reference builds, its catalog and the in-process API link cleanly, and only the public API is shown"
