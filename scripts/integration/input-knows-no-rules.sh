#!/usr/bin/env bash
# Layering: data flows one way. The readers and the chunker (Sources/FormsmithCore/Input/)
# produce records with their positions and know nothing of rules or validation; binding CSV
# columns to fields is the validator's (Validation/CSVFileLayout.swift). Fails, naming each
# offending line, when code under Input/ names a rules, compiler or validator type.
set -euo pipefail
cd "$(dirname "$0")/../.."

types='CompiledRuleSet|CompiledField|RuleSet|FieldRule|Constraints|ValueCheck|RecordValidator|CSVColumnMap|CSVFileLayout|BatchValidator'
if offenders=$(grep -rnE --include='*.swift' "\b($types)\b" Sources/FormsmithCore/Input | grep -vE '^[^:]+:[0-9]+:[[:space:]]*///'); then
  echo "input-knows-no-rules: Input/ names rules or validation types; move the binding to Validation/:" >&2
  echo "$offenders" >&2
  exit 1
fi
echo "input-knows-no-rules: Input/ names no rules or validation type"
