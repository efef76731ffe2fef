#!/usr/bin/env bash
# Issue 23: Formsmith's pairwise covering set against Microsoft PICT on the same factor model.
# For each shipped form: `formsmith generate --cover pairs` writes its set and coverage report;
# Benchmarks/pict_model.py writes the report's factors as a PICT model with every pair
# Formsmith proved impossible as an `IF ... THEN ... <> ...` constraint; `pict` (PICT env var,
# else on PATH; build it from github.com/microsoft/pict with `make`) covers the same model.
# Without pict, allpairspy (PyPI, a weaker greedy peer) stands in. Prints case counts and
# times side by side. Formsmith's time includes building and validating each questionnaire.
#   usage: Benchmarks/pairwise.sh [SEED]   (FORMSMITH: the binary; default the release build)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${FORMSMITH:-$root/.build/release/formsmith}"
[ -x "$binary" ] || (cd "$root" && swift build -c release >&2)
seed="${1:-1}"
pict="${PICT:-$(command -v pict || true)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
printf '%-16s %8s %8s %10s %10s %8s  %s\n' form factors formsmith pict/peer formsmith-s peer-s ratio "peer"
for form in customer-survey osago-policy payment-order; do
    start=$(now)
    "$binary" generate --rules "$root/Rules/$form.yaml" --cover pairs --seed "$seed" --today 2026-01-01 -q \
        --output "$work/$form.jsonl" --coverage-report "$work/$form.json"
    ours_time=$(echo "$(now) - $start" | bc)
    ours=$(wc -l < "$work/$form.jsonl")
    factors=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['factors']))" "$work/$form.json")
    python3 "$root/Benchmarks/pict_model.py" "$work/$form.json" "$work/$form.pict"
    start=$(now)
    if [ -n "$pict" ]; then
        peer=pict
        if timeout "${PICT_TIMEOUT:-600}" "$pict" "$work/$form.pict" /o:2 > "$work/$form.tsv"; then
            theirs=$(python3 "$root/Benchmarks/pict_model.py" --count-rows "$work/$form.tsv")
        else
            theirs=0
            peer="pict (stopped after ${PICT_TIMEOUT:-600} s)"
        fi
    else
        venv="$("$root/scripts/tool-venv" allpairspy==2.5.1)"
        theirs=$("$venv/python" "$root/Benchmarks/pict_model.py" --allpairs "$work/$form.json")
        peer=allpairspy
    fi
    their_time=$(echo "$(now) - $start" | bc)
    ratio=$([ "$theirs" -gt 0 ] && echo "scale=3; $ours / $theirs" | bc || echo "-")
    printf '%-16s %8s %8s %10s %10.2f %8.2f  %s  %s\n' "$form" "$factors" "$ours" "$theirs" "$ours_time" "$their_time" "$ratio" "$peer"
done
