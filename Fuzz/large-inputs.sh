#!/usr/bin/env bash
# Inputs too large for the unit tests: a 1 GiB single line (JSON Lines) and the same bytes as a
# .json document. Checks that each is reported as one unreadable record naming its limit, that
# the questionnaire after it is still validated, and that memory stays bounded (max RSS from
# /usr/bin/time). Needs about 1.1 GiB of free disk in $TMPDIR and a minute or two.
#
#   Fuzz/large-inputs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps
command -v /usr/bin/time >/dev/null || { apt-get install -y -qq time >/dev/null; }
swift build -c release --product formsmith >/dev/null
formsmith=.build/release/formsmith
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rules=Tests/FormsmithCLITests/Fixtures/broken/broken.rules.yaml

echo "large-inputs: writing a 1 GiB line..."
{ printf '{"id": "huge", "name": "'; head -c $((1 << 30)) /dev/zero | tr '\0' x; printf '"}\n'
  printf '{"id": "after", "answers": {"recommend": 20}}\n'; } >"$work/huge.jsonl"
ln -s "$work/huge.jsonl" "$work/huge.json"

failures=0
check() {  # check NAME FILE EXPECTED-MESSAGE RECORDS MAX-RSS-MIB
  local name=$1 file=$2 message=$3 records=$4 max_rss=$5 status=0
  /usr/bin/time -f '%e %M' -o "$work/time" "$formsmith" validate --rules "$rules" --report json "$file" \
    >"$work/report.json" || status=$?
  read -r seconds rss_kib < <(tail -n 1 "$work/time")  # time adds a "Command exited" line first
  local rss_mib=$((rss_kib / 1024))
  local summary
  summary=$(grep -o '"summary":{"records":[0-9]*,"valid":[0-9]*,"invalid":[0-9]*,"unreadable":[0-9]*' "$work/report.json")
  echo "large-inputs: $name: exit $status, ${seconds} s, max RSS ${rss_mib} MiB, ${summary#\"summary\":}"
  if [ "$status" -ne 1 ] || ! grep -q "$message" "$work/report.json" \
      || ! grep -q "\"records\":$records," "$work/report.json" || [ "$rss_mib" -gt "$max_rss" ]; then
    echo "large-inputs: $name FAILED (expected exit 1, '$message', $records records, RSS <= $max_rss MiB)" >&2
    head -c 2000 "$work/report.json" >&2
    failures=$((failures + 1))
  fi
}
# The line is skipped once it passes the 64 MiB record limit; the next line is still validated.
check "1 GiB line (.jsonl)" "$work/huge.jsonl" "the record is longer than 64 MiB" 2 400
# A .json document is read whole up to the 512 MiB document limit, then rejected.
check "1 GiB document (.json)" "$work/huge.json" "the document is larger than 512 MiB" 1 1400
[ "$failures" -eq 0 ] && echo "large-inputs: all passed" || exit 1
