#!/usr/bin/env bash
# `formsmith export json-schema` under a real JSON Schema validator, check-jsonschema: for each
# shipped form, and for two test rule files that use every key (rules-schema/valid/every-key.yaml)
# and every kind of condition the export writes as if/then (export/conditions.yaml), the exported schema is valid draft 2020-12, every questionnaire `formsmith
# generate` writes passes it, and every labelled invalid one fails it unless its defect is one
# the exporter listed as not expressible (scripts/integration/lib/check_export.py). Under
# `normalize: nfc` (export/normalize.yaml), questionnaires Formsmith finds valid although their
# names are typed in decomposed Unicode pass the schema, and the invalid ones fail it. Then the
# Unicode-aware classes (\w, \W, \s, \S, \p{Lu}, \P{L}, [[:alpha:]], .) of
# export/unicode-classes.yaml must mean in python-jsonschema and in check-jsonschema what they
# mean in Formsmith, on values where ECMA-262, Python's re and PCRE2 differ
# (scripts/integration/lib/check_pattern_probes.py). multipleOf (export/multiple-of.yaml): the
# whole-number steps exported are judged by check-jsonschema and jsonschema-rs as by Formsmith,
# and the fractional step is listed as not expressed (scripts/integration/lib/check_multiple_of.py).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
PATH_TOOLS="$(scripts/tool-venv check-jsonschema==0.39.0 jsonschema-rs==0.61.0)"
PATH="$PATH_TOOLS:$PATH"
formsmith="${FORMSMITH:-$root/.build/debug/formsmith}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

check-jsonschema --check-metaschema Tests/FormsmithCLITests/Fixtures/expected/export-*.schema.json
for rules in Rules/osago-policy.yaml Rules/customer-survey.yaml Rules/payment-order.yaml \
  Tests/FormsmithCLITests/Fixtures/rules-schema/valid/every-key.yaml Tests/FormsmithCLITests/Fixtures/export/conditions.yaml \
  Tests/FormsmithCLITests/Fixtures/export/normalize.yaml; do
  form="$(basename "$rules" .yaml)"
  "$formsmith" export json-schema --rules "$rules" --output "$work/$form.schema.json" 2>"$work/$form.gaps"
  check-jsonschema --check-metaschema "$work/$form.schema.json" >/dev/null
  "$formsmith" generate --rules "$rules" --count 300 --seed 11 --today 2026-11-22 \
    --output "$work/$form.valid.jsonl" 2>/dev/null
  "$formsmith" generate --rules "$rules" --count 300 --seed 12 --today 2026-11-22 --invalid-rate 1 \
    --output "$work/$form.invalid.jsonl" --labels "$work/$form.labels.jsonl" 2>/dev/null
  python3 scripts/integration/lib/check_export.py "$work/$form.schema.json" "$work/$form.valid.jsonl" \
    "$work/$form.invalid.jsonl" "$work/$form.labels.jsonl" "$work/$form.gaps" "$work/$form"
done

# normalize: nfc: each questionnaire is checked by Formsmith and by the schema, which must agree.
fixtures=Tests/FormsmithCLITests/Fixtures/export
"$formsmith" export json-schema --rules "$fixtures/normalize.yaml" --output "$work/nfc.schema.json" 2>/dev/null
for verdict in valid invalid; do
  line=0
  while IFS= read -r record; do
    line=$((line + 1))
    printf '%s\n' "$record" > "$work/nfc-$verdict-$line.json"
    formsmith_status=0
    "$formsmith" validate --rules "$fixtures/normalize.yaml" "$work/nfc-$verdict-$line.json" >/dev/null || formsmith_status=$?
    schema_status=0
    check-jsonschema --schemafile "$work/nfc.schema.json" "$work/nfc-$verdict-$line.json" >/dev/null || schema_status=$?
    expected=$([ "$verdict" = valid ] && echo 0 || echo 1)
    if [ "$formsmith_status" != "$expected" ] || [ "$schema_status" != "$expected" ]; then
      echo "normalize-$verdict.jsonl:$line: expected $verdict, formsmith exit $formsmith_status, schema exit $schema_status" >&2
      exit 1
    fi
  done < "$fixtures/normalize-$verdict.jsonl"
done
echo "normalize: nfc: $(wc -l < "$fixtures/normalize-valid.jsonl") valid and $(wc -l < "$fixtures/normalize-invalid.jsonl") invalid questionnaires, same verdict from the schema"
rules=Tests/FormsmithCLITests/Fixtures/export/unicode-classes.yaml
"$formsmith" export json-schema --rules "$rules" --output "$work/unicode.schema.json" 2>"$work/gaps"
check-jsonschema --check-metaschema "$work/unicode.schema.json" >/dev/null
"$PATH_TOOLS/python" scripts/integration/lib/check_pattern_probes.py "$formsmith" "$rules" "$work/unicode.schema.json" "$work"
rules=Tests/FormsmithCLITests/Fixtures/export/multiple-of.yaml
"$formsmith" export json-schema --rules "$rules" --output "$work/multiple-of.schema.json" 2>"$work/multiple-of.gaps"
check-jsonschema --check-metaschema "$work/multiple-of.schema.json" >/dev/null
"$PATH_TOOLS/python" scripts/integration/lib/check_multiple_of.py "$formsmith" "$rules" "$work/multiple-of.schema.json" \
  "$work/multiple-of.gaps" "$work"
