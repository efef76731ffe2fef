#!/usr/bin/env bash
# Soak test of long runs (not in CI): generates N osago-policy questionnaires (default
# 10,000,000, about 8 GB; 10% invalid with labels), validates them with split output, and checks
# that nothing was lost or duplicated on the way:
#
#   - generate: the file has exactly N lines and the labels sidecar one per invalid questionnaire;
#   - validate: records = valid + invalid + unreadable = N (from the JSON report's summary);
#   - split output: the valid file has `valid` lines, the invalid file `invalid + unreadable`,
#     their bytes add up to the input's, and together they hold every input line exactly once
#     (an order-independent sum of per-line hashes, computed in one streaming pass each);
#   - no temporary file is left behind.
#
# It prints wall and CPU seconds, records/s and peak RSS of both runs (GNU time).
#
#   Benchmarks/soak.sh [--records N] [--jobs J] [--dir DIR] [--keep]
#
# DIR defaults to bench-data/soak (git-ignored) and needs about 2.2x the input's size free
# (input + split output); it is removed afterwards unless --keep. Run it niced on a shared
# machine: `nice -n 19 Benchmarks/soak.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."

# The most osago-policy's id pattern (^Q-\d{7}$) numbers: generate refuses more (issue 21).
records=9999999
jobs=2
dir=bench-data/soak
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --records) records="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "soak.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
done
if [ ! -x /usr/bin/time ]; then
  echo "soak.sh: needs GNU time at /usr/bin/time (Debian/Ubuntu: apt-get install time)" >&2
  exit 2
fi

swift build -c release --product formsmith >&2
binary="$(swift build -c release --show-bin-path)/formsmith"
rm -rf "$dir"
mkdir -p "$dir"
[ "$keep" = 1 ] || trap 'rm -rf "$dir"' EXIT
failures=0
check() {  # description, then a test command
  local what="$1"; shift
  if "$@"; then echo "ok    $what"; else echo "FAIL  $what"; failures=$((failures + 1)); fi
}

timed() {  # label, command...: runs it under GNU time, prints the figures; exit 0 or 1 is fine
  local label="$1"; shift
  local status=0
  /usr/bin/time -f "%e %U %S %M" -o "$dir/time" "$@" || status=$?
  if [ "$status" -gt 1 ]; then echo "soak.sh: $label failed with status $status" >&2; exit 1; fi
  read -r wall user system rss_kb < <(tail -n 1 "$dir/time")
  awk -v l="$label" -v n="$records" -v w="$wall" -v u="$user" -v s="$system" -v r="$rss_kb" 'BEGIN {
    printf "%-9s %10d records  wall %8.2f s  cpu %8.2f s  %9.0f records/s  peak RSS %7.1f MB\n",
      l, n, w, u + s, (w > 0 ? n / w : 0), r / 1024 }'
}

input="$dir/soak.jsonl"
echo "generating $records questionnaires into $input ..." >&2
timed generate "$binary" generate --rules Rules/osago-policy.yaml --today 2026-11-22 --seed 1 --count "$records" \
  --invalid-rate 0.1 --jobs "$jobs" --output "$input" 2> "$dir/generate.err"
labels=$(wc -l < "$input.labels.jsonl")
check "generate wrote $records lines" [ "$(wc -l < "$input")" -eq "$records" ]
check "generate said so" grep -q "wrote $records questionnaires" "$dir/generate.err"

echo "validating with --split-output ..." >&2
timed validate "$binary" validate --rules Rules/osago-policy.yaml --today 2026-11-22 --jobs "$jobs" \
  --report json --output "$dir/report.json" --split-output "$dir/split" "$input"
summary=$(tail -n 1 "$dir/report.json")
count() { printf '%s' "$summary" | grep -o "\"$1\":[0-9]*" | head -n 1 | cut -d: -f2; }
total=$(count records); valid=$(count valid); invalid=$(count invalid); unreadable=$(count unreadable)
echo "summary: records $total, valid $valid, invalid $invalid, unreadable $unreadable; labels $labels"
check "records = N" [ "$total" -eq "$records" ]
check "records = valid + invalid + unreadable" [ "$total" -eq $((valid + invalid + unreadable)) ]
check "invalid = labelled" [ "$invalid" -eq "$labels" ]
good="$dir/split/soak.valid.jsonl"
bad="$dir/split/soak.invalid.jsonl"
check "valid file has $valid lines" [ "$(wc -l < "$good")" -eq "$valid" ]
check "invalid file has $((invalid + unreadable)) lines" [ "$(wc -l < "$bad")" -eq $((invalid + unreadable)) ]
check "split bytes = input bytes" [ $(($(wc -c < "$good") + $(wc -c < "$bad"))) -eq "$(wc -c < "$input")" ]
fingerprint() {  # an order-independent fingerprint of the lines of the files given: count and hash sum
  python3 -c '
import hashlib, sys
count, total = 0, 0
for path in sys.argv[1:]:
    with open(path, "rb") as lines:
        for line in lines:
            count += 1
            total = (total + int.from_bytes(hashlib.blake2b(line.rstrip(b"\n"), digest_size=8).digest(), "little")) % (1 << 64)
print(count, total)' "$@"
}
check "split files hold every input line exactly once" [ "$(fingerprint "$input")" = "$(fingerprint "$good" "$bad")" ]
check "no temporary file left" [ -z "$(find "$dir" -name '.*.formsmith-*.tmp')" ]
[ "$failures" -eq 0 ] && echo "soak: all checks passed" || { echo "soak: $failures check(s) failed"; exit 1; }
