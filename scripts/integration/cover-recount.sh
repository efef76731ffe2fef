#!/usr/bin/env bash
# Issue 23: the coverage report of `generate --cover` agrees with an independent recount
# (scripts/cover_recount.py, stdlib Python) from the written questionnaires, on the three
# shipped forms and on a form with lists inside lists, a complete optional section and
# predicates; every written questionnaire passes `formsmith validate`.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${FORMSMITH:-$root/.build/debug/formsmith}"
[ -x "$binary" ] || (cd "$root" && swift build >&2)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
check() {  # rules strength name
    "$binary" generate --rules "$1" --cover "$2" --seed 7 --today 2026-01-01 -q \
        --output "$work/$3.jsonl" --coverage-report "$work/$3.json"
    "$binary" validate --rules "$1" --today 2026-01-01 --quiet "$work/$3.jsonl" >/dev/null \
        || { echo "cover-recount: $3: a written questionnaire does not validate" >&2; exit 1; }
    python3 "$root/scripts/cover_recount.py" "$work/$3.json" "$work/$3.jsonl"
}
for form in customer-survey osago-policy payment-order; do
    for strength in each pairs; do check "$root/Rules/$form.yaml" "$strength" "$form-$strength"; done
done
# Triples on the shipped forms take minutes in a debug build (customer-survey and osago-policy
# about 3 each); payment-order's take half a minute.
check "$root/Rules/payment-order.yaml" triples payment-order-triples
nested="$root/Tests/FormsmithCLITests/Fixtures/cover/nested-groups.yaml"
for strength in each pairs triples; do check "$nested" "$strength" "nested-$strength"; done
"$binary" coverage --rules "$nested" --coverage-report "$work/measured.json" "$work/nested-pairs.jsonl" >/dev/null
python3 "$root/scripts/cover_recount.py" "$work/measured.json" "$work/nested-pairs.jsonl"
# --invalid: each invalid questionnaire has exactly its labelled defect, the valid ones none.
"$binary" generate --rules "$nested" --cover pairs --invalid --seed 7 -q --output "$work/invalid.jsonl" \
    --coverage-report "$work/invalid.json"
python3 "$root/scripts/cover_recount.py" "$work/invalid.json" "$work/invalid.jsonl"
"$binary" validate --rules "$nested" --report json "$work/invalid.jsonl" > "$work/invalid.report.json" || true
python3 - "$work/invalid.report.json" "$work/invalid.jsonl.labels.jsonl" "$work/invalid.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
labels = [json.loads(line) for line in open(sys.argv[2])]
valid = json.load(open(sys.argv[3]))["questionnaires"]
errors = {result["line"]: [(e["field"], e["rule"]) for e in result.get("errors", [])] for result in report["results"]}
wrong = [label for label in labels if errors.get(label["line"]) != [(label["field"], label["rule"])]]
stray = [line for line in errors if line <= valid]
if not labels or wrong or stray or len(errors) != len(labels):
    sys.exit("cover-recount: --invalid: %d labels, %d not exactly their defect %s, %d valid lines with errors"
             % (len(labels), len(wrong), wrong[:3], len(stray)))
print("cover-recount: --invalid: %d labelled defects, each alone in its questionnaire" % len(labels))
PY
echo "cover-recount: every report agrees with the recount"
