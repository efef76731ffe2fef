#!/usr/bin/env bash
# Throughput benchmark of `formsmith validate` on JSON Lines, against jsonschema-rs as a peer.
#
#   Benchmarks/validate.sh [--records N] [--rss-records M] [--repeat R] [--no-peer]
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
#
# With --project, also: the same osago-policy file routed to its form by a project file
# (bench-data/formsmith.yaml, written here), and a mixed file of N questionnaires of the three
# shipped forms (Benchmarks/generate_mixed.py) routed record by record.
#
# The runs go in R rounds (default 3) of every configuration in turn; each figure is the fastest
# of its R runs (peak RSS the largest), which keeps other load on a shared machine from deciding
# the result. Needs python3 (3.8+) and GNU time (/usr/bin/time; Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."

records=1000000
rss_records=10000
repeat=3
peer=1
configuration=release
project=0
while [ $# -gt 0 ]; do
  case "$1" in
    --records) records="$2"; shift 2 ;;
    --rss-records) rss_records="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    --no-peer) peer=0; shift ;;
    --configuration) configuration="$2"; shift 2 ;;
    --project) project=1; shift ;;
    -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

# The best figures of each configuration across the rounds: fastest wall (with its CPU), largest RSS.
declare -A best_wall best_cpu largest_rss
keep() {  # name (uses wall, cpu, rss_mb from `timed`)
  if [ -z "${best_wall[$1]:-}" ] || awk -v a="$wall" -v b="${best_wall[$1]}" 'BEGIN { exit !(a < b) }'; then
    best_wall[$1]=$wall
    best_cpu[$1]=$cpu
  fi
  largest_rss[$1]=$(awk -v a="$rss_mb" -v b="${largest_rss[$1]:-0}" 'BEGIN { print (a > b ? a : b) }')
}

rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
report() {  # label name
  awk -v label="$1" -v n="$records" -v s="${best_wall[$2]}" -v c="${best_cpu[$2]}" -v r="${largest_rss[$2]}" \
    -v b="$bytes" 'BEGIN {
    printf "%-27s %8.0f records/s %7.1f MB/s  wall %6.2f s  cpu %6.2f s  peak RSS %6.1f MB\n",
      label, (s > 0 ? n / s : 0), (s > 0 ? b / s / 1e6 : 0), s, c, r }'
}

validate() {  # jobs file
  timed "$binary" validate --rules Rules/osago-policy.yaml --today 2026-11-22 --report json \
    --output /dev/null --jobs "$1" "$2"
}

if [ "$project" = 1 ]; then
  mixed="bench-data/mixed-$records.jsonl"
  if [ ! -s "$mixed" ]; then
    echo "generating $records mixed questionnaires into $mixed ..." >&2
    python3 Benchmarks/generate_mixed.py --records "$records" --formsmith "$binary" --output "$mixed.tmp"
    mv "$mixed.tmp" "$mixed"
  fi
  cat > bench-data/formsmith.yaml <<'YAML'
forms:
  osago-policy: ../Rules/osago-policy.yaml
  payment-order: ../Rules/payment-order.yaml
  customer-survey: ../Rules/customer-survey.yaml
inputs:
  osago-*.jsonl: osago-policy
  mixed-*.jsonl: by-record
defaults: {today: 2026-11-22}
YAML
  routed() {  # jobs file
    timed "$binary" validate --project bench-data/formsmith.yaml --report json --output /dev/null --jobs "$1" "$2"
  }
fi

if [ "$peer" = 1 ]; then
  python=bench-data/peer-venv/bin/python
  if ! "$python" -c "import jsonschema_rs, orjson" 2>/dev/null; then
    echo "installing the peer (jsonschema-rs, orjson) into bench-data/peer-venv ..." >&2
    python3 -m venv bench-data/peer-venv
    "$python" -m pip install --quiet jsonschema-rs orjson >&2
  fi
  peer_command=("$python" Benchmarks/peer_jsonschema.py --schema Benchmarks/osago-policy.schema.json)
  counted=$("${peer_command[@]}" --part 1/1 "$small" | awk '{ print $1 }')
  if [ "$counted" != "$rss_records" ]; then
    echo "validate.sh: the peer counted $counted questionnaires in $small, not $rss_records" >&2
    exit 1
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
done

echo
echo "workload: $data ($records questionnaires, $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB)," \
  "best of $repeat rounds, $(nproc) cores"
report "formsmith --jobs 1" ours1
report "formsmith --jobs 2" ours2
if [ "$project" = 1 ]; then
  report "project-routed --jobs 2" project2
  echo "routing cost (project vs --rules, 2 jobs): $(ratio "${best_wall[project2]}" "${best_wall[ours2]}")x wall"
  mixed_bytes=$(wc -c < "$mixed")
  awk -v n="$records" -v s="${best_wall[mixed2]}" -v c="${best_cpu[mixed2]}" -v r="${largest_rss[mixed2]}" \
    -v b="$mixed_bytes" 'BEGIN { printf "%-27s %8.0f records/s %7.1f MB/s  wall %6.2f s  cpu %6.2f s  peak RSS %6.1f MB\n",
      "mixed, record by record", (s > 0 ? n / s : 0), (s > 0 ? b / s / 1e6 : 0), s, c, r }'
fi
echo "speed-up 1 -> 2 jobs: $(ratio "${best_wall[ours1]}" "${best_wall[ours2]}")x"
echo "peak RSS with --jobs 2: ${largest_rss[small2]} MB at $rss_records questionnaires," \
  "${largest_rss[ours2]} MB at $records"
if [ "$peer" = 1 ]; then
  report "jsonschema-rs 1 process" peer1
  report "jsonschema-rs 2 processes" peer2
  echo "formsmith --jobs 2 / jsonschema-rs 2 processes:" \
    "$(ratio "$(rate "$records" "${best_wall[ours2]}")" "$(rate "$records" "${best_wall[peer2]}")")x"
fi
