#!/usr/bin/env bash
# Issues 23 and 30: Formsmith's pairwise covering set against Microsoft PICT on the same factor
# model, on every form of the comparison: the three shipped forms (Rules/), issue 30's two forms
# (Benchmarks/forms/) and the nested-lists test fixture.
# For each form: `formsmith generate --cover pairs` writes its set and coverage report;
# Benchmarks/pict_model.py writes the report's factors as a PICT model with every pair Formsmith
# proved impossible as an exclusion (factors that are functions of another factor rewritten on
# it, item factors given a `none` value: see the script); `pict` covers the same model. PICT is
# the PICT env var, else `pict` on PATH, else the one scripts/install-pict builds from PyPI's
# pypict wheel. Only when that install fails does allpairspy (PyPI, a weaker greedy peer) stand
# in, and the output says so. Prints case counts and times side by side, the pairs Formsmith
# left not found, and how many of the pairs Formsmith requires (covered + not found) the peer's
# rows hold, recounted from them. Formsmith's time includes building and validating each
# questionnaire.
#   usage: Benchmarks/pairwise.sh [SEED]   (FORMSMITH: the binary, default the release build;
#          PAIRWISE_WORK: a folder to keep the sets, reports, models and rows in)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${FORMSMITH:-$root/.build/release/formsmith}"
[ -x "$binary" ] || (cd "$root" && swift build -c release >&2)
seed="${1:-1}"
pict="${PICT:-$(command -v pict || true)}"
if [ -z "$pict" ] && ! pict="$("$root/scripts/install-pict")"; then
    echo "pairwise.sh: PICT could not be installed (scripts/install-pict failed above): allpairspy stands in for it" >&2
    pict=""
fi
if [ -n "${PAIRWISE_WORK:-}" ]; then  # keep each form's set, report, model and PICT rows there
    work="$PAIRWISE_WORK"
    mkdir -p "$work"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
now() { date +%s.%N; }
forms=(
    "customer-survey=$root/Rules/customer-survey.yaml"
    "osago-policy=$root/Rules/osago-policy.yaml"
    "payment-order=$root/Rules/payment-order.yaml"
    "cover-assert=$root/Benchmarks/forms/cover-assert.yaml"
    "cover-nested-visibility=$root/Benchmarks/forms/cover-nested-visibility.yaml"
    "nested-lists=$root/Tests/FormsmithCLITests/Fixtures/nested-lists/rules.yaml"
)
printf '%-24s %7s %6s %9s %9s %9s %14s %11s %8s %6s  %s\n' form factors pairs not-found formsmith peer peer-covered formsmith-s peer-s ratio tool
for entry in "${forms[@]}"; do
    form="${entry%%=*}" rules="${entry#*=}"
    start=$(now)
    "$binary" generate --rules "$rules" --cover pairs --seed "$seed" --today 2026-01-01 -q \
        --output "$work/$form.jsonl" --coverage-report "$work/$form.json"
    ours_time=$(echo "$(now) - $start" | bc)
    ours=$(wc -l < "$work/$form.jsonl")
    read -r factors pairs missing < <(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(len(r['factors']), r['covered'] + r['notFound'], r['notFound'])" "$work/$form.json")
    python3 "$root/Benchmarks/pict_model.py" "$work/$form.json" "$work/$form.pict"
    start=$(now)
    if [ -n "$pict" ]; then
        peer=pict
        if ! timeout "${PICT_TIMEOUT:-600}" "$pict" "$work/$form.pict" /o:2 > "$work/$form.tsv"; then
            peer="pict (stopped after ${PICT_TIMEOUT:-600} s)"
            : > "$work/$form.tsv"
        fi
    else
        venv="$("$root/scripts/tool-venv" allpairspy==2.5.1)"
        "$venv/python" "$root/Benchmarks/pict_model.py" --allpairs "$work/$form.json" "$work/$form.tsv"
        peer="allpairspy (PICT not installed)"
    fi
    their_time=$(echo "$(now) - $start" | bc)
    if [ -s "$work/$form.tsv" ]; then
        # rows, pairs of Formsmith's required ones the peer's rows hold, required, rows breaking an exclusion
        read -r theirs held required broken < <(python3 "$root/Benchmarks/pict_model.py" --count "$work/$form.json" "$work/$form.pict" "$work/$form.tsv")
        [ "$broken" = 0 ] || peer="$peer ($broken rows break an exclusion)"
        ratio=$(echo "scale=3; $ours / $theirs" | bc)
    else
        theirs=0 held=0 required=$pairs ratio=-
    fi
    printf '%-24s %7s %6s %9s %9s %9s %14s %11.2f %8.2f %6s  %s\n' "$form" "$factors" "$pairs" "$missing" "$ours" "$theirs" "$held/$required" \
        "$ours_time" "$their_time" "$ratio" "$peer"
done
