#!/usr/bin/env bash
# The JSON reports against the JSON Schemas the repository ships (docs/schemas/), checked by
# check-jsonschema: validate --report json (and the run options that add summary keys),
# every line of validate --report jsonl, and lint --report json. The schemas must also reject
# reports that break them, so a schema that accepts anything fails here too.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/integration/lib/sample-reports.sh
PATH="$(scripts/tool-venv check-jsonschema==0.39.0):$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sample_reports json "$work"
sample_reports jsonl "$work"
lint_reports json "$work"
run() { "$formsmith" validate --rules Rules/osago-policy.yaml --today 2026-11-22 --report json "$@" || true; }
run --max-errors 3 SampleData/osago-policy >"$work/options-max-errors.json"
run --fail-fast --jobs 1 SampleData/osago-policy >"$work/options-fail-fast.json"
run --redact SampleData/osago-policy >"$work/options-redact.json"
run --input-format jsonl - <SampleData/osago-policy/invalid.jsonl >"$work/options-stdin.json"
run Tests/FormsmithCLITests/Fixtures/broken Tests/FormsmithCLITests/Fixtures/broken-csv >"$work/broken-corpus.json"
# A project run (formsmith.yaml at the root: every form, results with their form, totals by form).
"$formsmith" validate --today 2026-11-22 --report json SampleData >"$work/options-project.json" || true
"$formsmith" validate --today 2026-11-22 --report jsonl SampleData >"$work/project.jsonl" || true
"$formsmith" lint --today 2026-11-22 --report json >"$work/rules-project.json"
grep -q '"byForm"' "$work/options-project.json" || { echo "json-report-schema: no byForm in a project run" >&2; exit 1; }

echo "json-report-schema: $(ls "$work"/*.json | wc -l) JSON reports"
check-jsonschema --schemafile docs/schemas/report.schema.json "$work"/*-{valid,invalid,csv}.json \
  "$work"/options-*.json "$work"/broken-corpus.json
check-jsonschema --schemafile docs/schemas/lint-report.schema.json "$work"/rules-*.json
mkdir "$work/lines"
for report in "$work"/*.jsonl; do
  split -l 1 -d -a 4 --additional-suffix=.json "$report" "$work/lines/$(basename "$report" .jsonl)-"
done
echo "json-report-schema: $(ls "$work/lines" | wc -l) JSON Lines report lines"
check-jsonschema --schemafile docs/schemas/report-line.schema.json "$work"/lines/*.json

# The schemas reject what breaks them.
mkdir "$work/bad"
printf '%s\n' '{"results":[{"file":"a.jsonl","line":1,"errors":[]}],"summary":{"records":1,"valid":0,"invalid":1,"unreadable":0,"violations":0,"byRule":[],"byField":[]}}' >"$work/bad/result-without-errors.json"
printf '%s\n' '{"results":[],"summary":{"records":"1","valid":1,"invalid":0,"unreadable":0,"violations":0,"byRule":[],"byField":[]}}' >"$work/bad/count-as-text.json"
printf '%s\n' '{"results":[{"file":"a.jsonl","line":1,"errors":[{"field":"x","rule":"regex"}]}],"summary":{"records":1,"valid":0,"invalid":1,"unreadable":0,"violations":1,"byRule":[],"byField":[]}}' >"$work/bad/violation-without-message.json"
printf '%s\n' '{"results":[],"summary":{"records":1,"valid":1,"invalid":0,"unreadable":0,"violations":0,"byRule":[],"byField":[],"extra":1}}' >"$work/bad/unknown-summary-key.json"
for bad in "$work"/bad/*.json; do
  if check-jsonschema --schemafile docs/schemas/report.schema.json "$bad" >/dev/null 2>&1; then
    echo "json-report-schema: the report schema accepts $(basename "$bad")" >&2
    exit 1
  fi
done
echo "json-report-schema: the schema rejects $(ls "$work"/bad | wc -l) broken reports"
