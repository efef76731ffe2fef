#!/usr/bin/env bash
# What each report format of `formsmith validate` costs when every questionnaire is invalid.
#
#   Benchmarks/reports.sh [--records N] [--repeat R] [--formats "text json ..."]
#                         [--configuration release|debug]
#
# 1. Generates N osago-policy questionnaires (default 1,000,000, about 0.8 GB) into bench-data/
#    (git-ignored; the same workload as Benchmarks/validate.sh, generated once per size) and
#    writes bench-data/osago-policy-failing.yaml: Rules/osago-policy.yaml with the `id` pattern
#    changed so that no questionnaire's id fits it, so every questionnaire fails (about 10% with
#    more violations than the id).
# 2. Builds formsmith and runs `formsmith validate --rules bench-data/osago-policy-failing.yaml
#    --today 2026-11-22 --jobs 2 --report FORMAT --output /dev/null` for every format (text, json,
#    jsonl, junit, sarif, github, html), in R rounds (default 3) of every format in turn, so a
#    quiet or busy moment on a shared machine falls on all of them alike.
# 3. Prints, per format, the medians of wall and CPU seconds (user + system), the largest peak
#    RSS, and the CPU and wall ratios to the JSON report; then the report sizes (one run each,
#    written to bench-data/).
#
# Needs python3 (3.9+, for the workload) and GNU time (/usr/bin/time; Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."

records=1000000
repeat=3
formats="text json jsonl junit sarif github html"
configuration=release
while [ $# -gt 0 ]; do
  case "$1" in
    --records) records="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    --formats) formats="$2"; shift 2 ;;
    --configuration) configuration="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "reports.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
done
case "$configuration" in release|debug) ;; *) echo "reports.sh: --configuration is release or debug" >&2; exit 2 ;; esac
case " $formats " in *" json "*) ;; *) formats="json $formats" ;; esac  # the ratios need it
if [ ! -x /usr/bin/time ]; then
  echo "reports.sh: needs GNU time at /usr/bin/time (Debian/Ubuntu: apt-get install time)" >&2
  exit 2
fi

mkdir -p bench-data
data="bench-data/osago-$records.jsonl"
if [ ! -s "$data" ]; then
  echo "generating $records questionnaires into $data ..." >&2
  python3 Benchmarks/generate_osago.py --records "$records" --output "$data.tmp"
  mv "$data.tmp" "$data"
fi

# The shipped rules with an id pattern no generated id fits; the included library and the
# seed lists are named from bench-data/ (one level below the repository, as Rules/ is).
rules=bench-data/osago-policy-failing.yaml
sed -e "s|^include: lib/|include: ../Rules/lib/|" -e "s|regex: '^Q-\\\\d{7}\$'|regex: '^ID-\\\\d{7}\$'|" \
  Rules/osago-policy.yaml > "$rules"
if ! grep -q "regex: '^ID-" "$rules"; then
  echo "reports.sh: could not change the id pattern of Rules/osago-policy.yaml (has it changed?)" >&2
  exit 1
fi

echo "building formsmith ($configuration) ..." >&2
swift build -c "$configuration" --product formsmith >&2
binary="$(swift build -c "$configuration" --show-bin-path)/formsmith"

run() {  # format output
  "$binary" validate --rules "$rules" --today 2026-11-22 --jobs 2 --report "$1" --output "$2" "$data"
}

. Benchmarks/medians.sh
# Runs one format under GNU time; keeps wall, CPU (user + system) and peak RSS. Exit status 1
# (invalid questionnaires) is what every run must end with.
timed() {  # format
  local measures="bench-data/time.$$"
  local status=0
  /usr/bin/time -f "%e %U %S %M" -o "$measures" "$binary" validate --rules "$rules" --today 2026-11-22 \
    --jobs 2 --report "$1" --output /dev/null "$data" > /dev/null || status=$?
  if [ "$status" -ne 1 ]; then echo "reports.sh: --report $1 ended with status $status, not 1" >&2; exit 1; fi
  local wall user system rss_kb cpu rss_mb
  read -r wall user system rss_kb < <(tail -n 1 "$measures")
  rm -f "$measures"
  cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
  rss_mb=$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')
  keep "$1"
}

for round in $(seq "$repeat"); do
  echo "round $round of $repeat ..." >&2
  for format in $formats; do timed "$format"; done
done

echo
echo "workload: $data ($records questionnaires, every one invalid under $rules), --jobs 2," \
  "medians of $repeat rounds, $(nproc) cores"
printf '%-7s %8s %8s %10s %12s %12s %11s\n' report 'wall s' 'CPU s' 'peak MB' 'CPU / JSON' 'wall / JSON' 'report MB'
for format in $formats; do
  report="bench-data/report.$$.$format"
  run "$format" "$report" > /dev/null || true
  size=$(wc -c < "$report")
  rm -f "$report"
  printf '%-7s %8s %8s %10s %12s %12s %11.2f\n' "$format" "$(wall_of "$format")" "$(cpu_of "$format")" \
    "${largest_rss[$format]}" "$(ratio "$(cpu_of "$format")" "$(cpu_of json)")" \
    "$(ratio "$(wall_of "$format")" "$(wall_of json)")" "$(awk -v b="$size" 'BEGIN { print b / 1e6 }')"
done
uptime
