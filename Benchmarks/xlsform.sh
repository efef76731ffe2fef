#!/usr/bin/env bash
# Validation speed of a form read as an XLSForm (`--rules FORM.xlsx`) against the same form's
# imported rule file (`formsmith import xlsform FORM --output FORM.yaml`): the import must not
# make the fast path slower.
#
#   Benchmarks/xlsform.sh [--records N] [--repeat R]
#
# For each form of the XLSForm test fixtures (Tests/FormsmithCLITests/Fixtures/xlsform: clinic.xlsx
# with clinic.jsonl, farm.csv with farm.jsonl) writes N submissions (default 300,000: the fixture's
# submissions over and over) into bench-data/, imports the form once, checks that both rule
# sources give the same summary on them, then validates them with `--jobs 1` in R interleaved
# rounds (default 5) with each source, and the clinic submissions also as a KoboToolbox JSON
# export (`--input-format kobo-json`, the fixture clinic-kobo.json's submissions over and over;
# at most 30,000 of them: an export is one JSON document, and past about 34,000 of these
# submissions it holds more than the 1,000,000 JSON values a record may have).
# Prints records/s, records per CPU-second (medians) and peak RSS (the largest) side by side.
# Needs python3 and GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."

records=300000
repeat=5
while [ $# -gt 0 ]; do
  case "$1" in
    --records) records="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "xlsform.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
done
if [ ! -x /usr/bin/time ]; then
  echo "xlsform.sh: needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2
  exit 2
fi
fixtures=Tests/FormsmithCLITests/Fixtures/xlsform
mkdir -p bench-data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "building formsmith (release) ..." >&2
swift build -c release --product formsmith >&2
binary="$(swift build -c release --show-bin-path)/formsmith"

# repeat_lines SOURCE N OUTPUT: the source's non-blank lines over and over, N lines in all
repeat_lines() {
  python3 - "$1" "$2" "$3" <<'PY'
import sys
lines = [line for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
n = int(sys.argv[2])
with open(sys.argv[3], "w", encoding="utf-8") as out:
    for i in range(n):
        out.write(lines[i % len(lines)])
PY
}
# kobo_export SOURCE N OUTPUT: a Kobo export with the source's submissions over and over
kobo_export() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
submissions = json.load(open(sys.argv[1], encoding="utf-8"))["results"]
n = int(sys.argv[2])
with open(sys.argv[3], "w", encoding="utf-8") as out:
    out.write('{"count": %d, "next": null, "previous": null, "results": [\n' % n)
    for i in range(n):
        out.write(json.dumps(submissions[i % len(submissions)], ensure_ascii=False))
        out.write(",\n" if i + 1 < n else "\n")
    out.write("]}\n")
PY
}

# shellcheck source=Benchmarks/medians.sh
. Benchmarks/medians.sh
timed() {  # name command...
  local name="$1"; shift
  local status=0
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" > /dev/null 2>&1 || status=$?
  if [ "$status" -gt 1 ]; then echo "xlsform.sh: '$*' failed with status $status" >&2; exit 1; fi
  read -r wall user system rss < <(tail -n 1 "$work/time")  # after "Command exited with non-zero status 1"
  cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')
  rss_mb=$(awk -v r="$rss" 'BEGIN { printf "%.1f", r / 1024 }')
  keep "$name"
}
summary() {  # rules file [options]: the report's summary counts
  local rules="$1" file="$2"; shift 2
  local status=0
  "$binary" validate --today 2024-06-01 --rules "$rules" --report json --output "$work/report.json" "$@" "$file" \
    2> /dev/null || status=$?
  if [ "$status" -gt 1 ]; then echo "xlsform.sh: validating $file with $rules failed ($status)" >&2; exit 1; fi
  python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))["summary"]
print(s["records"], s["valid"], s["invalid"], s["unreadable"], s["violations"])' "$work/report.json"
}

runs=()  # label|rules|file|options|submissions
for form in clinic.xlsx farm.csv; do
  name="${form%.*}"
  submissions="bench-data/xlsform-$name-$records.jsonl"
  [ -s "$submissions" ] || repeat_lines "$fixtures/$name.jsonl" "$records" "$submissions"
  imported="bench-data/xlsform-$name.yaml"
  "$binary" import xlsform "$fixtures/$form" --output "$imported" 2> /dev/null
  runs+=("$name: --rules $form|$fixtures/$form|$submissions||$records"
    "$name: imported $name.yaml|$imported|$submissions||$records")
done
kobo_records=$((records < 30000 ? records : 30000))
kobo="bench-data/xlsform-clinic-kobo-$kobo_records.json"
[ -s "$kobo" ] || kobo_export "$fixtures/clinic-kobo.json" "$kobo_records" "$kobo"
runs+=("clinic Kobo: --rules clinic.xlsx|$fixtures/clinic.xlsx|$kobo|--input-format kobo-json|$kobo_records"
  "clinic Kobo: imported clinic.yaml|bench-data/xlsform-clinic.yaml|$kobo|--input-format kobo-json|$kobo_records")

# The two rule sources must agree before their speed is compared, and every submission must
# have been read (none unreadable: an unreadable export would be fast and say nothing).
for ((i = 0; i < ${#runs[@]}; i += 2)); do
  IFS='|' read -r _ rules_a file options count <<< "${runs[i]}"
  IFS='|' read -r _ rules_b _ _ <<< "${runs[i + 1]}"
  # shellcheck disable=SC2086  # the options split into words on purpose
  a=$(summary "$rules_a" "$file" $options)
  # shellcheck disable=SC2086
  b=$(summary "$rules_b" "$file" $options)
  if [ "$a" != "$b" ]; then
    echo "xlsform.sh: $rules_a and $rules_b disagree on $file: $a against $b (records valid invalid unreadable violations)" >&2
    exit 1
  fi
  read -r read_records _ _ unreadable _ <<< "$a"
  if [ "$read_records" != "$count" ] || [ "$unreadable" != 0 ]; then
    echo "xlsform.sh: $file gave $read_records questionnaires, $unreadable unreadable, not $count readable" >&2
    exit 1
  fi
done

for round in $(seq "$repeat"); do
  echo "round $round of $repeat ..." >&2
  for run in "${runs[@]}"; do
    IFS='|' read -r label rules file options _ <<< "$run"
    # shellcheck disable=SC2086
    timed "$label" "$binary" validate --today 2024-06-01 --jobs 1 --rules "$rules" --report json \
      --output /dev/null $options "$file"
  done
done

echo
echo "$records submissions a run ($kobo_records in the Kobo export), --jobs 1, medians of $repeat interleaved rounds, $(nproc) cores"
printf '%-36s %12s %16s %10s\n' run 'records/s' 'records/CPU-s' 'peak MiB'
for run in "${runs[@]}"; do
  IFS='|' read -r label _ _ _ count <<< "$run"
  printf '%-36s %12s %16s %10s\n' "$label" "$(rate "$count" "$(wall_of "$label")")" \
    "$(rate "$count" "$(cpu_of "$label")")" "${largest_rss[$label]}"
done
for ((i = 0; i < ${#runs[@]}; i += 2)); do
  IFS='|' read -r a _ _ _ _ <<< "${runs[i]}"
  IFS='|' read -r b _ _ _ _ <<< "${runs[i + 1]}"
  echo "CPU, $a / $b: $(ratio "$(cpu_of "$a")" "$(cpu_of "$b")")"
done
uptime
