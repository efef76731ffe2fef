#!/usr/bin/env bash
# Issue 30: Formsmith's pairwise covering sets are no larger than Microsoft PICT's on every form
# of the comparison (the three shipped forms, issue 30's cover-assert and
# cover-nested-visibility, the nested-lists fixture), and leave no pair not found on the issue's
# two forms. PICT comes from scripts/install-pict (PyPI's pypict wheel and our launcher); a
# failed install fails this check (no stand-in). Benchmarks/pairwise.sh runs both tools on the
# same factor model (seed 1); PICT's rows must break no exclusion. Each written set passes
# `formsmith validate` and its coverage report agrees with scripts/cover_recount.py. Sizes only,
# never timings.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${FORMSMITH:-$root/.build/debug/formsmith}"
[ -x "$binary" ] || (cd "$root" && swift build >&2)
pict="$("$root/scripts/install-pict")" || { echo "pict-sizes: scripts/install-pict failed (above)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
PICT="$pict" FORMSMITH="$binary" PAIRWISE_WORK="$work/sets" "$root/Benchmarks/pairwise.sh" 1 | tee "$work/table.txt"
python3 - "$work/table.txt" <<'PY'
import sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
header, rows = lines[0].split(), [line.split() for line in lines[1:] if line.strip()]
column = {name: index for index, name in enumerate(header)}
issue_forms = {"cover-assert", "cover-nested-visibility"}
expected = {"customer-survey", "osago-policy", "payment-order", "nested-lists"} | issue_forms
problems = []
seen = set()
for row in rows:
    form = row[column["form"]]
    seen.add(form)
    ours, theirs = int(row[column["formsmith"]]), int(row[column["peer"]])
    peer = " ".join(row[column["tool"]:])
    if peer != "pict":
        problems.append("%s: the peer was %r, not PICT's own run" % (form, peer))
    elif theirs == 0:
        problems.append("%s: PICT wrote no rows" % form)
    elif ours > theirs:
        problems.append("%s: Formsmith wrote %d questionnaires, PICT %d" % (form, ours, theirs))
    if form in issue_forms and row[column["not-found"]] != "0":
        problems.append("%s: %s pairs not found" % (form, row[column["not-found"]]))
if seen != expected:
    problems.append("forms compared: %s, expected %s" % (sorted(seen), sorted(expected)))
if problems:
    sys.exit("pict-sizes: " + "; ".join(problems))
print("pict-sizes: Formsmith's set is no larger than PICT's on all %d forms" % len(rows))
PY
declare -A rules=(
    [customer-survey]="$root/Rules/customer-survey.yaml"
    [osago-policy]="$root/Rules/osago-policy.yaml"
    [payment-order]="$root/Rules/payment-order.yaml"
    [cover-assert]="$root/Benchmarks/forms/cover-assert.yaml"
    [cover-nested-visibility]="$root/Benchmarks/forms/cover-nested-visibility.yaml"
    [nested-lists]="$root/Tests/FormsmithCLITests/Fixtures/nested-lists/rules.yaml"
)
for form in "${!rules[@]}"; do
    "$binary" validate --rules "${rules[$form]}" --today 2026-01-01 --quiet "$work/sets/$form.jsonl" >/dev/null \
        || { echo "pict-sizes: $form: a written questionnaire does not validate" >&2; exit 1; }
    python3 "$root/scripts/cover_recount.py" "$work/sets/$form.json" "$work/sets/$form.jsonl"
done
echo "pict-sizes: every set validates and its report agrees with the recount"
