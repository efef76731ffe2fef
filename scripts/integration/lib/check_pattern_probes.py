"""Checks that exported patterns mean in python-jsonschema and check-jsonschema what they mean
in Formsmith, for the Unicode-aware classes (\\w, \\s, \\p{..}, [[:alpha:]], .) on values
chosen where ECMA-262, Python's re and PCRE2 read them differently.

usage: check_pattern_probes.py FORMSMITH RULES SCHEMA WORKDIR

RULES has one optional string field per pattern. Each probe value is tried in each field
alone; Formsmith's verdict (formsmith validate) is the truth, a few verdicts are also fixed by
hand below, and both validators must agree with it on every value. Exits non-zero otherwise.
"""
import json
import os
import subprocess
import sys

import jsonschema

formsmith, rules, schema_path, work = sys.argv[1:5]
schema = json.load(open(schema_path, encoding="utf-8"))
fields = sorted(schema["properties"])
missing = [f for f in fields if "pattern" not in json.dumps(schema["properties"][f])]
if missing:
    sys.exit("the export left out the pattern of %s: %s" % (missing, open(work + "/gaps").read()))

probes = ["Иван", "Ёлка_1", "Jean-Luc", "٣٤", "x²", "Ⅻ", "𝐀𝐁", "漢字", "a b", "a\u00a0b", "a\u1680b",
          "a\u2028b", "a\u0085b", "a\ufeffb", "a\rb", "a\tb", "a\u200bb", "é", "e\u0301", "😀", "_", "-", "ß", "ǅ"]
# Verdicts worked out by hand from the Unicode categories (PCRE2 UCP: \w = L, N, _; \s = Z, \h, \v).
by_hand = {("word", "Иван"): True, ("word", "٣٤"): True, ("word", "Jean-Luc"): False, ("word", "𝐀𝐁"): True,
           ("spaced", "a\ufeffb"): False, ("spaced", "a\u0085b"): True, ("spaced", "a\u00a0b"): True,
           ("spaced", "a\u200bb"): False, ("upper", "𝐀𝐁"): True, ("upper", "ǅ"): False, ("dot", "a\rb"): True,
           ("dot", "a\u2028b"): True, ("nonletter", "٣٤"): True, ("nonletter", "Ёлка_1"): False}

records = [(field, probe) for field in fields for probe in probes]
data = os.path.join(work, "probes.jsonl")
with open(data, "w", encoding="utf-8") as out:
    for field, probe in records:
        out.write(json.dumps({field: probe}, ensure_ascii=False) + "\n")
run = subprocess.run([formsmith, "validate", "--rules", rules, "--report", "json", data],
                     capture_output=True, text=True)
if run.returncode not in (0, 1):
    sys.exit("formsmith validate failed: " + run.stderr)
bad_lines = {result["line"] for result in json.loads(run.stdout)["results"]}
truth = {record: (index + 1) not in bad_lines for index, record in enumerate(records)}

problems = []
for key, expected in by_hand.items():
    if key[0] in fields and truth[key] != expected:
        problems.append("formsmith says %s for %r in %s, worked out by hand: %s" % (truth[key], key[1], key[0], expected))

python = jsonschema.Draft202012Validator(schema)
folder = os.path.join(work, "probes")
os.makedirs(folder, exist_ok=True)
files = []
for index, (field, probe) in enumerate(records):
    name = os.path.join(folder, "%04d.json" % index)
    with open(name, "w", encoding="utf-8") as out:
        json.dump({field: probe}, out, ensure_ascii=False)
    files.append(name)
    try:
        verdict = python.is_valid({field: probe})
    except Exception as error:  # python-jsonschema cannot read the pattern (re.error)
        sys.exit("python-jsonschema cannot read the pattern of %s: %s" % (field, error))
    if verdict != truth[(field, probe)]:
        problems.append("python-jsonschema says %s for %r in %s, Formsmith %s"
                        % (not truth[(field, probe)], probe, field, truth[(field, probe)]))
checked = subprocess.run(["check-jsonschema", "-o", "json", "--schemafile", schema_path] + files,
                         capture_output=True, text=True)
result = json.loads(checked.stdout)
if result.get("parse_errors"):
    sys.exit("check-jsonschema could not parse: %s" % result["parse_errors"][:3])
failed = {error["filename"] for error in result.get("errors", [])}
for name, record in zip(files, records):
    if (name not in failed) != truth[record]:
        problems.append("check-jsonschema says %s for %r in %s, Formsmith %s"
                        % (name not in failed, record[1], record[0], truth[record]))
if problems:
    sys.exit("\n".join(problems))
print("patterns: %d fields x %d values agree in formsmith, python-jsonschema and check-jsonschema (%d invalid)"
      % (len(fields), len(probes), len(bad_lines)))
