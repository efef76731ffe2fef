#!/usr/bin/env bash
# Benchmark of `formsmith generate`: builds release, generates COUNT osago-policy questionnaires
# (default 200000) with --jobs 1 and 2, and prints questionnaires/s, MB/s, wall and CPU seconds
# and peak RSS. On a shared machine wall time depends on what else runs: the records per CPU
# second column shows the throughput of one core whatever the load (a 2-core machine with
# nothing else running approaches twice that with --jobs 2).
# Usage: Benchmarks/generate.sh [COUNT] [RULES]
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT="${1:-200000}"
RULES="${2:-Rules/osago-policy.yaml}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

swift build -c release --product formsmith >/dev/null
BIN=.build/release/formsmith
if [ ! -x /usr/bin/time ]; then
    echo "needs /usr/bin/time (Debian: apt-get install time)" >&2
    exit 2
fi

printf '%-5s %9s %11s %7s %7s %7s %16s %9s %9s\n' jobs count 'records/s' 'MB/s' 'wall s' 'CPU s' 'records/CPU-s' 'peak MiB' 'output MB'
for JOBS in 1 2; do
    /usr/bin/time -f '%e %U %S %M' -o "$OUT/time" \
        "$BIN" generate --rules "$RULES" --count "$COUNT" --seed 1 --today 2026-11-22 \
        --jobs "$JOBS" --output "$OUT/out.jsonl" 2>/dev/null
    read -r WALL USER SYS RSS < "$OUT/time"
    BYTES=$(stat -c %s "$OUT/out.jsonl")
    awk -v j="$JOBS" -v n="$COUNT" -v w="$WALL" -v u="$USER" -v s="$SYS" -v r="$RSS" -v b="$BYTES" 'BEGIN {
        if (w <= 0) w = 0.01
        c = u + s; if (c <= 0) c = 0.01
        printf "%-5s %9d %11.0f %7.1f %7.2f %7.2f %16.0f %9.1f %9.1f\n", j, n, n / w, b / 1e6 / w, w, u + s, n / c, r / 1024, b / 1e6
    }'
done
uptime
