"""Checks an exported questionnaire schema with check-jsonschema against generated data.

usage: check_export.py SCHEMA VALID.jsonl INVALID.jsonl LABELS.jsonl GAPS.txt WORKDIR

Every valid questionnaire must pass the schema. Every labelled invalid one whose defect the
schema can express (its field and rule are not among the gaps the exporter listed on standard
error) must fail it. Exits non-zero with the offending records otherwise.
"""
import json
import os
import re
import subprocess
import sys

schema, valid, invalid, labels, gaps_file, work = sys.argv[1:7]

gaps = set()
for line in open(gaps_file, encoding="utf-8"):
    match = re.match(r"^  (\S+): (\S+): ", line)
    if match:
        gaps.add((match.group(1), match.group(2)))


def split(path, folder):
    os.makedirs(folder, exist_ok=True)
    files = []
    with open(path, encoding="utf-8") as lines:
        for index, line in enumerate(lines):
            name = os.path.join(folder, "%05d.json" % index)
            with open(name, "w", encoding="utf-8") as out:
                out.write(line)
            files.append(name)
    return files


def failing(files):
    run = subprocess.run(["check-jsonschema", "-o", "json", "--schemafile", schema] + files,
                         capture_output=True, text=True)
    result = json.loads(run.stdout)
    if result.get("parse_errors"):
        sys.exit("check-jsonschema could not parse: %s" % result["parse_errors"][:3])
    return {error["filename"] for error in result.get("errors", [])}, result


valid_files = split(valid, os.path.join(work, "valid"))
failed, result = failing(valid_files)
if failed:
    sample = [e for e in result["errors"]][:5]
    sys.exit("%d of %d valid questionnaires fail the exported schema, e.g. %s"
             % (len(failed), len(valid_files), json.dumps(sample, ensure_ascii=False)))

invalid_files = split(invalid, os.path.join(work, "invalid"))
failed, _ = failing(invalid_files)
expected, skipped = 0, 0
missed = []
for line in open(labels, encoding="utf-8"):
    label = json.loads(line)
    field = re.sub(r"\[\d+\]", "[]", label["field"])
    # A gap listed for a multiple attachment field (`scans`) covers each of its files (`scans[0]`).
    whole = field[:-2] if field.endswith("[]") else field
    if (field, label["rule"]) in gaps or (whole, label["rule"]) in gaps or ("*", label["rule"]) in gaps:
        skipped += 1
        continue
    expected += 1
    if invalid_files[label["index"]] not in failed:
        missed.append(label)
if missed:
    sys.exit("%d labelled defects the schema should express pass it, e.g. %s"
             % (len(missed), json.dumps(missed[:5], ensure_ascii=False)))
print("%s: %d valid pass; %d of %d expressible defects fail (%d not expressible)"
      % (os.path.basename(schema), len(valid_files), expected, expected, skipped))
