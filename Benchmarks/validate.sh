#!/usr/bin/env bash
# Throughput benchmark of `formsmith validate` on JSON Lines and CSV, against jsonschema-rs,
# polars and DuckDB as peers.
#
#   Benchmarks/validate.sh [--records N] [--rss-records M] [--repeat R] [--no-peer] [--no-csv]
#                          [--configuration release|debug] [--project]
#
# 1. Generates N osago-policy questionnaires (default 1,000,000, about 0.8 GB; ~10% invalid) and
#    a small workload of M (default 10,000) into bench-data/ (git-ignored), once per size.
# 2. Builds formsmith and runs `formsmith validate --rules Rules/osago-policy.yaml --today
#    2026-11-22 --report json --output /dev/null` with --jobs 1 and --jobs 2; prints records/s,
#    MB/s, wall and CPU seconds, peak RSS and the 1 -> 2 jobs speed-up, then the peak RSS on the
#    small workload, to show that memory stays flat as the input grows.
# 3. Unless --no-peer: installs jsonschema-rs and orjson with pip into bench-data/peer-venv (a
#    throw-away virtual environment, never a Formsmith dependency) and validates the same file
#    with Benchmarks/osago-policy.schema.json in 1 process, then in 2 processes that each take
#    half of the file's lines; prints its records/s and formsmith's ratio to it (2 jobs vs 2
#    processes).
# 4. Unless --no-csv: writes the same questionnaires as CSV (Benchmarks/jsonl_to_csv.py) and
#    validates that with 1 and 2 jobs; unless --no-peer also with polars (pinned, in the same
#    virtual environment; Benchmarks/peer_polars.py: the rules as expressions, lazy API, streaming
#    engine) and DuckDB (pinned, the same rules as SQL over read_csv; Benchmarks/peer_duckdb.py),
#    each on all threads and on 1 thread. Before timing, each peer must find as many invalid
#    questionnaires in the small CSV workload as formsmith does (the rules-equivalence check).
#    Prints formsmith's ratios to polars and DuckDB and CSV's time per questionnaire against
#    JSON Lines'.
#
# With --project, also: the same osago-policy file routed to its form by a project file
# (bench-data/bench-project.yaml, written here), and a mixed file of N questionnaires of the three
# shipped forms (Benchmarks/generate_mixed.py) routed record by record.
#
# The runs go in R rounds (default 3) of every configuration in turn, so a quiet or a busy moment
# on a shared machine falls on all of them alike; each figure is the median of its R runs (peak
# RSS the largest). Needs python3 (3.9+) and GNU time (/usr/bin/time; Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."

records=1000000
rss_records=10000
repeat=3
peer=1
csv=1
configuration=release
project=0
while [ $# -gt 0 ]; do
  case "$1" in
    --records) records="$2"; shift 2 ;;
    --rss-records) rss_records="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    --no-peer) peer=0; shift ;;
    --no-csv) csv=0; shift ;;
    --configuration) configuration="$2"; shift 2 ;;
    --project) project=1; shift ;;
    -h|--help) sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "validate.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
done
case "$configuration" in release|debug) ;; *) echo "validate.sh: --configuration is release or debug" >&2; exit 2 ;; esac
if [ ! -x /usr/bin/time ]; then
  echo "validate.sh: needs GNU time at /usr/bin/time (Debian/Ubuntu: apt-get install time)" >&2
  exit 2
fi

mkdir -p bench-data
workload() {  # prints the path of the workload of $1 records, generating it when missing
  local file="bench-data/osago-$1.jsonl"
  if [ ! -s "$file" ]; then
    echo "generating $1 questionnaires into $file ..." >&2
    python3 Benchmarks/generate_osago.py --records "$1" --output "$file.tmp"
    mv "$file.tmp" "$file"
  fi
  echo "$file"
}
data=$(workload "$records")
small=$(workload "$rss_records")
bytes=$(wc -c < "$data")
csv_workload() {  # prints the CSV form of the JSON Lines workload $1, converting it when missing
  local file="${1%.jsonl}.csv"
  if [ ! -s "$file" ]; then
    echo "converting $1 to CSV ..." >&2
    python3 Benchmarks/jsonl_to_csv.py "$1" "$file.tmp"
    mv "$file.tmp" "$file"
  fi
  echo "$file"
}
if [ "$csv" = 1 ]; then
  csv_data=$(csv_workload "$data")
  csv_small=$(csv_workload "$small")
  csv_bytes=$(wc -c < "$csv_data")
fi

echo "building formsmith ($configuration) ..." >&2
swift build -c "$configuration" --product formsmith >&2
binary="$(swift build -c "$configuration" --show-bin-path)/formsmith"

# Runs a command under GNU time; sets wall, cpu (user + system, children included) and rss_mb
# (the largest process). Exit status 1 (some records invalid) is expected.
timed() {
  local measures="bench-data/time.$$"
  local status=0
  /usr/bin/time -f "%e %U %S %M" -o "$measures" "$@" > /dev/null || status=$?
  if [ "$status" -gt 1 ]; then echo "validate.sh: '$*' failed with status $status" >&2; exit 1; fi
  read -r wall user system rss_kb < <(tail -n 1 "$measures")
  rm -f "$measures"
  cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
  rss_mb=$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')
}

# Each configuration's runs across the rounds: medians of wall and CPU, largest RSS.
. Benchmarks/medians.sh
report() {  # label name [bytes]
  awk -v label="$1" -v n="$records" -v s="$(wall_of "$2")" -v c="$(cpu_of "$2")" -v r="${largest_rss[$2]}" \
    -v b="${3:-$bytes}" 'BEGIN {
    printf "%-30s %8.0f records/s %7.1f MB/s  wall %6.2f s  cpu %6.2f s  %8.0f per CPU-s  peak RSS %6.1f MB\n",
      label, (s > 0 ? n / s : 0), (s > 0 ? b / s / 1e6 : 0), s, c, (c > 0 ? n / c : 0), r }'
}

validate() {  # jobs file
  timed "$binary" validate --rules Rules/osago-policy.yaml --today 2026-11-22 --report json \
    --output /dev/null --jobs "$1" "$2"
}
invalid_count() {  # file: formsmith's count of invalid questionnaires in it
  local status=0
  "$binary" validate --rules Rules/osago-policy.yaml --today 2026-11-22 --report json \
    --output "bench-data/report.$$" "$1" || status=$?
  if [ "$status" -gt 1 ]; then echo "validate.sh: formsmith failed on $1 with status $status" >&2; exit 1; fi
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["summary"]["invalid"])' "bench-data/report.$$"
  rm -f "bench-data/report.$$"
}

if [ "$project" = 1 ]; then
  mixed="bench-data/mixed-$records.jsonl"
  if [ ! -s "$mixed" ]; then
    echo "generating $records mixed questionnaires into $mixed ..." >&2
    python3 Benchmarks/generate_mixed.py --records "$records" --formsmith "$binary" --output "$mixed.tmp"
    mv "$mixed.tmp" "$mixed"
  fi
  cat > bench-data/bench-project.yaml <<'YAML'
forms:
  osago-policy: ../Rules/osago-policy.yaml
  payment-order: ../Rules/payment-order.yaml
  customer-survey: ../Rules/customer-survey.yaml
inputs:
  osago-*.jsonl: osago-policy
  mixed-*.jsonl: by-record
defaults: {today: 2026-11-22}
# Rule files in this folder (reports.sh's osago-policy-failing.yaml) include ../Rules/lib, and the
# shipped forms read their seed and word lists from ../SampleData (this is the project in use).
allowRoots: [../Rules, ../SampleData]
YAML
  routed() {  # jobs file
    timed "$binary" validate --project bench-data/bench-project.yaml --report json --output /dev/null --jobs "$1" "$2"
  }
fi

if [ "$peer" = 1 ]; then
  python=bench-data/peer-venv/bin/python
  polars_version=2.1.0
  duckdb_version=2.0.1
  if ! "$python" -c "import jsonschema_rs, orjson, polars, duckdb
assert polars.__version__ == '$polars_version' and duckdb.__version__ == '$duckdb_version'" 2>/dev/null; then
    echo "installing the peers (jsonschema-rs, orjson, polars $polars_version, duckdb $duckdb_version)" \
      "into bench-data/peer-venv ..." >&2
    python3 -m venv bench-data/peer-venv
    "$python" -m pip install --quiet jsonschema-rs orjson "polars==$polars_version" "duckdb==$duckdb_version" >&2
  fi
  peer_command=("$python" Benchmarks/peer_jsonschema.py --schema Benchmarks/osago-policy.schema.json)
  counted=$("${peer_command[@]}" --part 1/1 "$small" | awk '{ print $1 }')
  if [ "$counted" != "$rss_records" ]; then
    echo "validate.sh: the peer counted $counted questionnaires in $small, not $rss_records" >&2
    exit 1
  fi
  if [ "$csv" = 1 ]; then
    polars_command=("$python" Benchmarks/peer_polars.py)
    duckdb_command=("$python" Benchmarks/peer_duckdb.py)
    ours_invalid=$(invalid_count "$csv_small")
    for peer_name in polars duckdb; do
      if [ "$peer_name" = polars ]; then peer_run=("${polars_command[@]}"); else peer_run=("${duckdb_command[@]}"); fi
      read -r counted peer_invalid _ < <("${peer_run[@]}" "$csv_small")
      if [ "$counted" != "$rss_records" ] || [ "$peer_invalid" != "$ours_invalid" ]; then
        echo "validate.sh: $peer_name counted $counted questionnaires, $peer_invalid invalid, in $csv_small;" \
          "formsmith $rss_records, $ours_invalid invalid: the peer's rules are not equivalent" >&2
        exit 1
      fi
    done
  fi
fi

# Rounds of every configuration in turn, so that a quiet moment on a shared machine benefits
# all of them alike.
for round in $(seq "$repeat"); do
  echo "round $round of $repeat ..." >&2
  validate 1 "$data"; keep ours1
  validate 2 "$data"; keep ours2
  validate 2 "$small"; keep small2
  if [ "$project" = 1 ]; then
    routed 2 "$data"; keep project2
    routed 2 "$mixed"; keep mixed2
  fi
  if [ "$peer" = 1 ]; then
    timed "${peer_command[@]}" "$data"; keep peer1
    # Both halves in parallel under one `time`: wall until both finish, CPU of both.
    timed bash -c '"$@" --part 1/2 "$0" > /dev/null & "$@" --part 2/2 "$0" > /dev/null & wait' \
      "$data" "${peer_command[@]}"
    keep peer2
  fi
  if [ "$csv" = 1 ]; then
    validate 1 "$csv_data"; keep csv1
    validate 2 "$csv_data"; keep csv2
    if [ "$peer" = 1 ]; then
      timed "${polars_command[@]}" "$csv_data"; keep polars
      timed env POLARS_MAX_THREADS=1 "${polars_command[@]}" "$csv_data"; keep polars1
      timed "${duckdb_command[@]}" "$csv_data"; keep duckdb
      timed "${duckdb_command[@]}" --threads 1 "$csv_data"; keep duckdb1
    fi
  fi
done

echo
echo "workload: $data ($records questionnaires, $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB)," \
  "medians of $repeat rounds, $(nproc) cores"
report "formsmith --jobs 1" ours1
report "formsmith --jobs 2" ours2
if [ "$project" = 1 ]; then
  report "project-routed --jobs 2" project2
  echo "routing cost (project vs --rules, 2 jobs): $(ratio "$(wall_of project2)" "$(wall_of ours2)")x wall"
  mixed_bytes=$(wc -c < "$mixed")
  report "mixed, record by record" mixed2 "$mixed_bytes"
fi
echo "speed-up 1 -> 2 jobs: $(ratio "$(wall_of ours1)" "$(wall_of ours2)")x"
echo "peak RSS with --jobs 2: ${largest_rss[small2]} MB at $rss_records questionnaires," \
  "${largest_rss[ours2]} MB at $records"
if [ "$peer" = 1 ]; then
  report "jsonschema-rs 1 process" peer1
  report "jsonschema-rs 2 processes" peer2
  echo "formsmith --jobs 2 / jsonschema-rs 2 processes:" \
    "$(ratio "$(wall_of peer2)" "$(wall_of ours2)")x"
fi
if [ "$csv" = 1 ]; then
  echo
  echo "workload: $csv_data (the same questionnaires as CSV, $(awk -v b="$csv_bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB)"
  report "formsmith CSV --jobs 1" csv1 "$csv_bytes"
  report "formsmith CSV --jobs 2" csv2 "$csv_bytes"
  echo "speed-up 1 -> 2 jobs: $(ratio "$(wall_of csv1)" "$(wall_of csv2)")x;" \
    "CPU per questionnaire, CSV / JSON Lines (1 job): $(ratio "$(cpu_of csv1)" "$(cpu_of ours1)")"
  if [ "$peer" = 1 ]; then
    report "polars, all threads" polars "$csv_bytes"
    report "polars, 1 thread" polars1 "$csv_bytes"
    echo "formsmith --jobs 2 / polars all threads: $(ratio "$(wall_of polars)" "$(wall_of csv2)")x;" \
      "formsmith --jobs 1 / polars 1 thread: $(ratio "$(wall_of polars1)" "$(wall_of csv1)")x"
    report "DuckDB, all threads" duckdb "$csv_bytes"
    report "DuckDB, 1 thread" duckdb1 "$csv_bytes"
    echo "formsmith --jobs 2 / DuckDB all threads: $(ratio "$(wall_of duckdb)" "$(wall_of csv2)")x;" \
      "formsmith --jobs 1 / DuckDB 1 thread: $(ratio "$(wall_of duckdb1)" "$(wall_of csv1)")x"
  fi
fi
