#!/usr/bin/env bash
# The rules schema (schemas/formsmith-rules.schema.json) under a real JSON Schema validator,
# check-jsonschema: the schema itself is valid draft 2020-12; every shipped and test rule file
# passes it, definition libraries (Rules/lib/) included; every broken rule file or library the loader rejects for an unknown key or a wrong type
# (Tests/FormsmithCLITests/Fixtures/rules-schema/invalid, checked against the loader by
# SchemaCommandTests) fails it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
PATH="$(scripts/tool-venv check-jsonschema==0.39.0):$PATH"
schema=schemas/formsmith-rules.schema.json
fixtures=Tests/FormsmithCLITests/Fixtures

check-jsonschema --check-metaschema "$schema"
# Fuzz/seeds/rules/small.yaml is left out on purpose: it writes '[' in a plain scalar inside a
# flow mapping, which libyaml (and so Formsmith) accepts but a YAML 1.2 parser refuses.
check-jsonschema --schemafile "$schema" Rules/*.yaml Rules/lib/*.yaml "$fixtures"/rules-schema/valid/* \
  "$fixtures"/rules-schema/valid-library/* \
  "$fixtures"/flawed-rules.yaml "$fixtures"/broken/broken.rules.yaml "$fixtures"/export/*.yaml \
  Fuzz/seeds/rules/json-rules.json

invalid=("$fixtures"/rules-schema/invalid/*.yaml "$fixtures"/rules-schema/invalid-library/*.yaml)
report="$(check-jsonschema -o json --schemafile "$schema" "${invalid[@]}" || true)"
python3 - "$report" "${invalid[@]}" <<'PY'
import json, sys
report = json.loads(sys.argv[1])
rejected = {error["filename"] for error in report.get("errors", [])}
accepted = [name for name in sys.argv[2:] if name not in rejected]
if accepted or report.get("parse_errors"):
    sys.exit("the rules schema accepts rule files the loader rejects: %s %s" % (accepted, report.get("parse_errors")))
print("rules schema: %d broken rule files rejected" % len(sys.argv[2:]))
PY
