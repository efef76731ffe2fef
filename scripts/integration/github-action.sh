#!/usr/bin/env bash
# The GitHub Action (action.yml): the file is valid under check-jsonschema's GitHub Action
# schema, the README's workflow example under its GitHub workflow schema, and the action's shell
# steps run as a runner runs them (scripts/integration/lib/run_action.py; the actions/cache and
# SARIF upload steps need GitHub and are skipped): annotations for invalid questionnaires, a
# SARIF file, exit codes and outputs, and the cached binary reused on the next run.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
tools="$(scripts/tool-venv check-jsonschema==0.39.0 pre-commit==4.7.0)"  # pre-commit brings PyYAML
PATH="$tools:$PATH"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

check-jsonschema --builtin-schema vendor.github-actions action.yml
python3 - README.md "$work/workflow.yml" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
match = re.search(r"<!-- github-workflow-example -->\s*```yaml[^\n]*\n(.*?)```", text, re.S)
if not match:
    sys.exit("README.md has no workflow example after <!-- github-workflow-example -->")
open(sys.argv[2], "w", encoding="utf-8").write(match.group(1))
PY
check-jsonschema --builtin-schema vendor.github-workflows "$work/workflow.yml"
grep -q "uses: OWNER/formsmith@" "$work/workflow.yml"

export RUNNER_TEMP="$work/runner"
mkdir -p "$RUNNER_TEMP"
run() { "$tools/python" scripts/integration/lib/run_action.py "$root" "$root" "$1" > "$work/result.json" 2>"$work/log"; }
field() { "$tools/python" -c "import json,sys; r=json.load(open('$work/result.json')); print(eval(sys.argv[1]))" "$1"; }
fail() { echo "github action: $1"; cat "$work/log" "$work/result.json"; exit 1; }

run '{"rules": "Rules/customer-survey.yaml", "inputs": "SampleData/customer-survey/valid.jsonl SampleData/customer-survey/valid.json", "today": "2026-11-22", "configuration": "debug"}'
[ "$(field 'r["status"]')" = 0 ] || fail "valid questionnaires failed the step"
[ "$(field 'r["outputs"]["exit-code"]')" = 0 ] || fail "exit-code is not 0"
grep -q "built formsmith" "$work/log" || fail "the first run did not build formsmith"
[[ "$(field 'r["summary"]')" == *"all questionnaires valid"* ]] || fail "no job summary"

run '{"rules": "Rules/customer-survey.yaml", "inputs": "SampleData/customer-survey/invalid.jsonl", "today": "2026-11-22", "configuration": "debug"}'
[ "$(field 'r["status"]')" = 1 ] || fail "invalid questionnaires did not fail the step"
grep -q "restored from the cache" "$work/log" || fail "the second run did not reuse the built formsmith"
grep -q "^::error file=SampleData/customer-survey/invalid.jsonl,line=1,title=formsmith " "$work/log" \
  || fail "no annotation for the first invalid questionnaire"

run '{"rules": "Rules/customer-survey.yaml", "inputs": "SampleData/customer-survey/invalid.jsonl", "today": "2026-11-22", "configuration": "debug", "report": "sarif", "sarif-file": "'"$work"'/out.sarif", "fail-on-invalid": "false"}'
[ "$(field 'r["status"]')" = 0 ] || fail "fail-on-invalid: false still failed the step"
[ "$(field 'r["outputs"]["exit-code"]')" = 1 ] || fail "exit-code is not 1"
[ "$(field 'r["outputs"]["sarif-file"]')" = "$work/out.sarif" ] || fail "no sarif-file output"
"$tools/python" -c "import json; r=json.load(open('$work/out.sarif'))['runs'][0]['results']; assert r, 'no results'; print('github action: SARIF with %d results' % len(r))"

run '{"rules": "Tests/FormsmithCLITests/Fixtures/broken-rules.yaml", "inputs": "SampleData/customer-survey/valid.jsonl", "configuration": "debug", "fail-on-invalid": "false"}'
[ "$(field 'r["status"]')" = 2 ] || fail "broken rules did not fail the step with 2"
echo "github action: valid, invalid, SARIF and broken-rules runs behave"
