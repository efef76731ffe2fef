#!/usr/bin/env bash
# Throughput benchmark of `formsmith validate` on JSON Lines, against jsonschema-rs as a peer.
#
#   Benchmarks/validate.sh [--records N] [--rss-records M] [--no-peer] [--configuration release|debug]
#
# 1. Generates N osago-policy questionnaires (default 1,000,000, about 0.8 GB; ~10% invalid) and
#    a small workload of M (default 10,000) into bench-data/ (git-ignored), once per size.
# 2. Builds formsmith and runs `formsmith validate --rules Rules/osago-policy.yaml --today
#    2026-11-22 --report json --output /dev/null` with --jobs 1 and --jobs 2; prints records/s,
#    MB/s, wall and CPU seconds, peak RSS and the 1 -> 2 jobs speed-up, then peak RSS on the small
#    workload to show memory stays flat as the input grows.
# 3. Unless --no-peer: installs jsonschema-rs and orjson with pip into bench-data/peer-venv (a
#    throw-away virtual environment, never a Formsmith dependency) and validates the same file
#    with Benchmarks/osago-policy.schema.json in 1 process, then in 2 processes that each take
#    half of the file's lines; prints its records/s and the ratio to formsmith with 2 jobs.
#
# Needs python3 (3.8+) and GNU time (/usr/bin/time; Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."

records=1000000
rss_records=10000
peer=1
configuration=release
while [ $# -gt 0 ]; do
  case "$1" in
    --records) records="$2"; shift 2 ;;
    --rss-records) rss_records="$2"; shift 2 ;;
    --no-peer) peer=0; shift ;;
    --configuration) configuration="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

# Runs a command under GNU time; sets wall, cpu, rss_mb. Exit status 1 (invalid records) is fine.
timed() {
  local measures="bench-data/time.$$"
  local status=0
  /usr/bin/time -f "%e %U %S %M" -o "$measures" "$@" || status=$?
  if [ "$status" -gt 1 ]; then echo "validate.sh: '$*' failed with status $status" >&2; exit 1; fi
  read -r wall user system rss_kb < <(tail -n 1 "$measures")
  rm -f "$measures"
  cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
  rss_mb=$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')
}
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }
line() {  # name records seconds cpu rss
  awk -v name="$1" -v n="$2" -v s="$3" -v c="$4" -v r="$5" -v b="$bytes" 'BEGIN {
    printf "%-28s %9.0f records/s %7.1f MB/s  wall %6.2f s  cpu %6.2f s  peak RSS %6.1f MB\n",
      name, (s > 0 ? n / s : 0), (s > 0 ? b / s / 1e6 : 0), s, c, r }'
}

validate() {  # jobs file
  timed "$binary" validate --rules Rules/osago-policy.yaml --today 2026-11-22 --report json \
    --output /dev/null --jobs "$1" "$2"
}

echo
echo "workload: $data ($records questionnaires, $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB)"
validate 1 "$data"; wall1=$wall
line "formsmith --jobs 1" "$records" "$wall" "$cpu" "$rss_mb"
validate 2 "$data"; wall2=$wall; rss_large=$rss_mb
line "formsmith --jobs 2" "$records" "$wall" "$cpu" "$rss_mb"
ours=$(rate "$records" "$wall2")
echo "speed-up 1 -> 2 jobs: $(awk -v a="$wall1" -v b="$wall2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')x"
validate 2 "$small"
echo "peak RSS with --jobs 2: $rss_mb MB at $rss_records questionnaires, $rss_large MB at $records"

if [ "$peer" = 1 ]; then
  python=bench-data/peer-venv/bin/python
  if ! "$python" -c "import jsonschema_rs, orjson" 2>/dev/null; then
    echo "installing the peer (jsonschema-rs, orjson) into bench-data/peer-venv ..." >&2
    python3 -m venv bench-data/peer-venv
    "$python" -m pip install --quiet jsonschema-rs orjson >&2
  fi
  measures="bench-data/peer.$$"
  /usr/bin/time -f "%e %U %S %M" -o "$measures.1" \
    "$python" Benchmarks/peer_jsonschema.py --schema Benchmarks/osago-policy.schema.json "$data" > "$measures.single"
  read -r wall user system rss_kb < "$measures.1"
  line "jsonschema-rs 1 process" "$records" "$wall" \
    "$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')" \
    "$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')"
  start=$(date +%s.%N)
  for part in 1 2; do
    /usr/bin/time -f "%e %U %S %M" -o "$measures.p$part" "$python" Benchmarks/peer_jsonschema.py \
      --schema Benchmarks/osago-policy.schema.json --part "$part/2" "$data" > "$measures.out$part" &
  done
  wait
  finish=$(date +%s.%N)
  wall=$(awk -v a="$start" -v b="$finish" 'BEGIN { printf "%.2f", b - a }')
  read -r _ user1 system1 rss1 < "$measures.p1"
  read -r _ user2 system2 rss2 < "$measures.p2"
  peer_records=$(cat "$measures.out1" "$measures.out2" | awk '{ n += $1 } END { print n }')
  line "jsonschema-rs 2 processes" "$peer_records" "$wall" \
    "$(awk -v a="$user1" -v b="$system1" -v c="$user2" -v d="$system2" 'BEGIN { printf "%.2f", a + b + c + d }')" \
    "$(awk -v a="$rss1" -v b="$rss2" 'BEGIN { printf "%.1f", (a > b ? a : b) / 1024 }')"
  theirs=$(rate "$peer_records" "$wall")
  rm -f "$measures".*
  echo "formsmith --jobs 2 / jsonschema-rs 2 processes: $(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')x"
fi
