#!/usr/bin/env bash
# Benchmark of `formsmith generate`: builds release, generates COUNT osago-policy questionnaires
# (default 200000) with --jobs 1 and --jobs 2, and, as the yardstick for the 1 -> 2 speed-up, the
# same questionnaires made by two separate 1-job processes at once (each half, the second with
# --start; their files joined must be the 1-job file byte for byte, which is checked). The three
# run interleaved in ROUNDS rounds (default 3); medians of wall and CPU seconds, largest peak RSS.
#
# On a shared machine wall time depends on what else runs: the questionnaires per CPU-second
# column shows what one core does whatever the load, and the two-process row shows the speed-up
# the machine itself allows at that moment (two processes share nothing): when --jobs 2 comes
# close to it, what is left is the machine, not the generator.
# Usage: Benchmarks/generate.sh [COUNT] [RULES] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT="${1:-200000}"
RULES="${2:-Rules/osago-policy.yaml}"
ROUNDS="${3:-3}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

swift build -c release --product formsmith >/dev/null
BIN=.build/release/formsmith
if [ ! -x /usr/bin/time ]; then
    echo "needs /usr/bin/time (Debian: apt-get install time)" >&2
    exit 2
fi
# shellcheck source=Benchmarks/medians.sh
. Benchmarks/medians.sh

COMMON=(generate --rules "$RULES" --seed 1 --today 2026-11-22 --quiet)
HALF=$((COUNT / 2))
timed() {  # name command...: one run, kept under name
    /usr/bin/time -f '%e %U %S %M' -o "$OUT/time" "$@" 2>/dev/null
    read -r wall user sys rss < "$OUT/time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
    rss_mb=$(awk -v r="$rss" 'BEGIN { printf "%.1f", r / 1024 }')
    keep "$NAME"
}
for ((round = 1; round <= ROUNDS; round++)); do
    NAME="jobs 1" timed "$BIN" "${COMMON[@]}" --count "$COUNT" --jobs 1 --output "$OUT/one.jsonl"
    NAME="jobs 2" timed "$BIN" "${COMMON[@]}" --count "$COUNT" --jobs 2 --output "$OUT/two.jsonl"
    FIRST="$HALF" SECOND="$((COUNT - HALF))" A="$OUT/a.jsonl" B="$OUT/b.jsonl" NAME="2 processes" timed sh -c \
        '"$0" "$@" --count "$FIRST" --jobs 1 --output "$A" & first=$!
         "$0" "$@" --count "$SECOND" --start "$FIRST" --jobs 1 --output "$B"; second=$?
         wait "$first" && exit "$second"' "$BIN" "${COMMON[@]}"
    cmp -s "$OUT/one.jsonl" "$OUT/two.jsonl" || { echo "--jobs 2 wrote other bytes than --jobs 1" >&2; exit 1; }
    cat "$OUT/a.jsonl" "$OUT/b.jsonl" | cmp -s - "$OUT/one.jsonl" \
        || { echo "the two halves do not join into the 1-job file" >&2; exit 1; }
done

BYTES=$(stat -c %s "$OUT/one.jsonl")
printf '%-12s %9s %11s %7s %7s %7s %16s %9s %9s\n' run count 'records/s' 'MB/s' 'wall s' 'CPU s' 'records/CPU-s' 'peak MiB' 'speed-up'
ONE_WALL=$(wall_of "jobs 1")
for NAME in "jobs 1" "jobs 2" "2 processes"; do
    WALL=$(wall_of "$NAME")
    CPU=$(cpu_of "$NAME")
    printf '%-12s %9d %11s %7s %7s %7s %16s %9s %9s\n' "$NAME" "$COUNT" "$(rate "$COUNT" "$WALL")" \
        "$(awk -v b="$BYTES" -v w="$WALL" 'BEGIN { printf "%.1f", (w > 0 ? b / 1e6 / w : 0) }')" "$WALL" "$CPU" \
        "$(rate "$COUNT" "$CPU")" "${largest_rss[$NAME]}" "$(ratio "$ONE_WALL" "$WALL")"
done
echo "medians of $ROUNDS interleaved rounds; output $(awk -v b="$BYTES" 'BEGIN { printf "%.1f", b / 1e6 }') MB; byte-identical across --jobs and the two halves"
uptime
