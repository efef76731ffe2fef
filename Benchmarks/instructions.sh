#!/usr/bin/env bash
# Instructions per questionnaire (callgrind; repeatable on a busy machine) of validating and
# generating osago-policy questionnaires with one worker, start-up subtracted.
#
#   Benchmarks/instructions.sh [--data FILE.jsonl] [--generate N] [--limit BINARY]
#                              [--limit-timed BINARY] [--cpu-copies K] [--cpu-repeat R]
#                              [--profile DIR] [--binary FORMSMITH]
#
# 1. Builds the release binary (or takes --binary FORMSMITH, such as a copy kept from another
#    commit, to compare before and after) and strips its debug information from a
#    temporary copy (valgrind cannot read Swift's debug information; the symbol table
#    stays, so callgrind names the functions).
# 2. Counts the instructions of `formsmith validate --rules Rules/osago-policy.yaml --jobs 1
#    --today 2026-11-22 --report json --output /dev/null` on FILE.jsonl (default: 20,000
#    questionnaires of Benchmarks/generate_osago.py in bench-data/) and on its CSV form
#    (FILE.csv beside it when present, else written by Benchmarks/jsonl_to_csv.py), and of
#    `formsmith generate --count N --seed 1 --jobs 1` (default N 5,000) plain and with
#    `--invalid-rate 0.2`. Each run's start-up (the same command on an empty file, --count 0
#    for generation) is subtracted before dividing by the questionnaires.
# 3. With --limit BINARY (a hand-written validator taking `--today D --threads 1 --out FILE
#    FILE.jsonl`, such as the C++ limit of issue 33; not part of this repository): counts its
#    instructions on the same file the same way, and prints formsmith's share of it. Then, in R
#    interleaved rounds (default 5), times both on K copies of the file (default 15) with GNU
#    time and prints records per CPU-second (user + system, medians) side by side; the limit
#    timed is --limit-timed BINARY when given (a build for this CPU; valgrind may need one
#    built without -march=native for --limit).
# 4. With --profile DIR: keeps every callgrind file in DIR and writes DIR/NAME.functions.txt,
#    the functions by instructions of their own (callgrind_annotate, names demangled by
#    `swift demangle --simplified` when it is on PATH); Benchmarks/per_record.py turns a run's
#    and its start-up's listings into instructions a questionnaire per function.
#
# Needs valgrind (callgrind_annotate with --profile), python3, and GNU time for --limit.
set -euo pipefail
cd "$(dirname "$0")/.."

data=""
generate_count=5000
limit=""
limit_timed=""
copies=15
cpu_repeat=5
profile=""
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --data) data="$2"; shift 2 ;;
    --generate) generate_count="$2"; shift 2 ;;
    --limit) limit="$2"; shift 2 ;;
    --limit-timed) limit_timed="$2"; shift 2 ;;
    --cpu-copies) copies="$2"; shift 2 ;;
    --cpu-repeat) cpu_repeat="$2"; shift 2 ;;
    --profile) profile="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    -h|--help) sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "instructions.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
done
if ! command -v valgrind > /dev/null; then
  echo "instructions.sh: needs valgrind (Debian: apt-get install valgrind)" >&2
  exit 2
fi

mkdir -p bench-data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$data" ]; then
  data=bench-data/osago-20000.jsonl
  if [ ! -s "$data" ]; then
    python3 Benchmarks/generate_osago.py --records 20000 --output "$data.tmp"
    mv "$data.tmp" "$data"
  fi
fi
[ -s "$data" ] || { echo "instructions.sh: no questionnaires in '$data'" >&2; exit 2; }
csv="${data%.jsonl}.csv"
if [ ! -s "$csv" ]; then
  csv="$work/data.csv"
  python3 Benchmarks/jsonl_to_csv.py "$data" "$csv"
fi
records=$(grep -c . "$data")
: > "$work/empty.jsonl"
head -n 1 "$csv" > "$work/empty.csv"

if [ -z "$binary" ]; then
  echo "building formsmith (release) ..." >&2
  swift build -c release --product formsmith >&2
  binary="$(swift build -c release --show-bin-path)/formsmith"
fi
fs="$work/formsmith-cg"
strip --strip-debug -o "$fs" "$binary"

# count NAME command...: the command's instructions under callgrind (exit status 1 is a verdict)
count() {
  local name="$1"; shift
  local out="$work/$name.cg"
  [ -n "$profile" ] && out="$profile/$name.cg"
  local status=0
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" > /dev/null 2> "$work/$name.err" || status=$?
  if [ "$status" -gt 1 ]; then
    echo "instructions.sh: '$*' failed with status $status:" >&2
    tail -n 5 "$work/$name.err" >&2
    exit 1
  fi
  if [ -n "$profile" ]; then
    if command -v swift > /dev/null; then
      callgrind_annotate --inclusive=no "$out" 2> /dev/null | swift demangle --simplified > "$profile/$name.functions.txt"
    else
      callgrind_annotate --inclusive=no "$out" > "$profile/$name.functions.txt" 2> /dev/null
    fi
  fi
  awk '/^(summary|totals):/ { print $2; exit }' "$out"
}
[ -n "$profile" ] && mkdir -p "$profile"

validate() {  # file
  echo "$fs" validate --rules Rules/osago-policy.yaml --jobs 1 --today 2026-11-22 --report json --output /dev/null "$1"
}
generate() {  # count [options]
  local n="$1"; shift
  echo "$fs" generate --rules Rules/osago-policy.yaml --seed 1 --today 2026-11-22 --quiet --jobs 1 \
    --count "$n" --output "$work/generated.jsonl" "$@"
}
# row LABEL TOTAL STARTUP N: prints the run and its instructions per questionnaire
row() {
  awk -v l="$1" -v t="$2" -v s="$3" -v n="$4" 'BEGIN {
    printf "%-36s %14.0f %12.0f %9d %12.0f\n", l, t, s, n, (t - s) / n }'
}
per() { awk -v t="$1" -v s="$2" -v n="$3" 'BEGIN { printf "%.0f", (t - s) / n }'; }

echo "counting instructions (each run under callgrind takes a while) ..." >&2
# shellcheck disable=SC2046  # the commands split into words on purpose
{
  jsonl=$(count validate-jsonl $(validate "$data"))
  jsonl0=$(count validate-jsonl-empty $(validate "$work/empty.jsonl"))
  csvi=$(count validate-csv $(validate "$csv"))
  csv0=$(count validate-csv-empty $(validate "$work/empty.csv"))
  gen=$(count generate $(generate "$generate_count"))
  gen_invalid=$(count generate-invalid $(generate "$generate_count" --invalid-rate 0.2))
  gen0=$(count generate-empty $(generate 0))
  gen_invalid0=$(count generate-invalid-empty $(generate 0 --invalid-rate 0.2))
}

echo
echo "osago-policy, one worker, $records questionnaires of $data; generation $generate_count"
printf "%-36s %14s %12s %9s %12s\n" run instructions start-up count "per record"
row "validate JSON Lines" "$jsonl" "$jsonl0" "$records"
row "validate CSV" "$csvi" "$csv0" "$records"
row "generate" "$gen" "$gen0" "$generate_count"
row "generate --invalid-rate 0.2" "$gen_invalid" "$gen_invalid0" "$generate_count"
per_jsonl=$(per "$jsonl" "$jsonl0" "$records")
echo "generating / validating (JSON Lines), a questionnaire:" \
  "$(awk -v g="$(per "$gen" "$gen0" "$generate_count")" -v v="$per_jsonl" 'BEGIN { printf "%.2f", g / v }') plain," \
  "$(awk -v g="$(per "$gen_invalid" "$gen_invalid0" "$generate_count")" -v v="$per_jsonl" 'BEGIN { printf "%.2f", g / v }') with --invalid-rate 0.2"

if [ -n "$limit" ]; then
  limit_run() { echo "$limit" --today 2026-11-22 --threads 1 --out /dev/null "$1"; }
  # shellcheck disable=SC2046
  {
    lim=$(count limit $(limit_run "$data"))
    lim0=$(count limit-empty $(limit_run "$work/empty.jsonl"))
  }
  row "the limit ($limit)" "$lim" "$lim0" "$records"
  per_limit=$(per "$lim" "$lim0" "$records")
  echo "formsmith's share of the limit (instructions): $(awk -v a="$per_limit" -v b="$per_jsonl" 'BEGIN { printf "%.3f", a / b }')"

  if [ ! -x /usr/bin/time ]; then
    echo "instructions.sh: the CPU-time comparison needs GNU time at /usr/bin/time" >&2
    exit 2
  fi
  big="$work/copies.jsonl"
  for _ in $(seq "$copies"); do cat "$data"; done > "$big"
  big_records=$((records * copies))
  # shellcheck source=Benchmarks/medians.sh
  . Benchmarks/medians.sh
  timed() {  # name command...
    local name="$1"; shift
    local status=0
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" > /dev/null 2>&1 || status=$?
    if [ "$status" -gt 1 ]; then echo "instructions.sh: '$*' failed with status $status" >&2; exit 1; fi
    read -r wall user system rss < <(tail -n 1 "$work/time")  # after "Command exited with non-zero status 1"
    cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')
    rss_mb=$(awk -v r="$rss" 'BEGIN { printf "%.1f", r / 1024 }')
    keep "$name"
  }
  echo "timing both on $big_records questionnaires ($copies copies), $cpu_repeat interleaved rounds ..." >&2
  for _ in $(seq "$cpu_repeat"); do
    timed formsmith "$binary" validate --rules Rules/osago-policy.yaml --jobs 1 --today 2026-11-22 \
      --report json --output /dev/null "$big"
    timed limit "${limit_timed:-$limit}" --today 2026-11-22 --threads 1 --out /dev/null "$big"
  done
  fs_rate=$(rate "$big_records" "$(cpu_of formsmith)")
  limit_rate=$(rate "$big_records" "$(cpu_of limit)")
  echo "records per CPU-second, one worker, medians of $cpu_repeat: formsmith $fs_rate" \
    "(CPU $(cpu_of formsmith) s, peak ${largest_rss[formsmith]} MB), the limit $limit_rate" \
    "(CPU $(cpu_of limit) s, peak ${largest_rss[limit]} MB); share $(ratio "$fs_rate" "$limit_rate")"
fi
