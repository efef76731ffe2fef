#!/usr/bin/env bash
# SARIF reports (validate and lint) as GitHub code scanning and other SARIF consumers read them:
# valid against the official SARIF 2.1.0 JSON Schema (a test fixture, with its licence, in
# Tests/FormsmithCLITests/Fixtures/sarif-2.1.0/), and read by Microsoft's sarif-tools, which must
# find every problem of the JSON report at its file and line.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/integration/lib/sample-reports.sh
PATH="$(scripts/tool-venv sarif-tools==3.0.5 check-jsonschema==0.39.0):$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sample_reports sarif "$work"
lint_reports sarif "$work"
lint_reports json "$work"

echo "sarif: validating $(ls "$work"/*.sarif | wc -l) reports against the SARIF 2.1.0 schema"
check-jsonschema --schemafile Tests/FormsmithCLITests/Fixtures/sarif-2.1.0/sarif-schema-2.1.0.json "$work"/*.sarif

# The CLI, as a user runs it: one summary over all the reports.
sarif summary "$work" >"$work/summary.txt"
grep -qE '^error: [0-9]+' "$work/summary.txt" || { cat "$work/summary.txt"; echo "sarif: no errors summarised" >&2; exit 1; }

# Through sarif-tools' library: every problem the JSON report lists, at the same file and line.
python - "$work" <<'PY'
import json, sys, pathlib
from sarif import loader

work = pathlib.Path(sys.argv[1])
failures = []
def expect(condition, message):
    if not condition:
        failures.append(message)

for sarif_path in sorted(work.glob("*.sarif")):
    data = loader.load_sarif_file(str(sarif_path))
    records = data.get_records()
    got = sorted((r["Location"], int(r["Line"]), r["Code"]) for r in records)
    if sarif_path.name.startswith("rules-"):
        twin = json.loads((work / sarif_path.name.replace(".sarif", ".json")).read_text())
        want = sorted((f["file"], f["line"], f["rule"]) for f in twin["findings"])
        expect([(f, l) for f, l, _ in got] == [(f, l) for f, l, _ in want],
               f"{sarif_path.name}: sarif-tools reads {len(got)} results at {got[:3]}..., lint JSON has {want[:3]}...")
        expect(sorted(r["Severity"] for r in records) == sorted(f["level"] for f in twin["findings"]),
               f"{sarif_path.name}: severities differ")
        continue
    twin = json.loads((work / (sarif_path.name + ".twin")).read_text())
    want = []
    for result in twin["results"]:
        if "unreadable" in result:
            want.append((result["file"], result["line"], "unreadable"))
        for error in result["errors"]:
            want.append((result["file"], result["line"], error["rule"]))
    want.sort()
    expect(got == want, f"{sarif_path.name}: sarif-tools reads {len(got)} results, the JSON report has {len(want)}"
           + (f"; first difference {next((g, w) for g, w in zip(got, want) if g != w)}" if len(got) == len(want) and got != want else ""))
    expect(all(r["Severity"] == "error" for r in records), f"{sarif_path.name}: a result that is not an error")
    expect(data.get_result_count() == len(want), f"{sarif_path.name}: result count {data.get_result_count()}")
    expect(data.get_distinct_tool_names() == ["formsmith"], f"{sarif_path.name}: tool {data.get_distinct_tool_names()}")
    if sarif_path.name.endswith("-valid.sarif"):
        expect(len(got) == 0, f"{sarif_path.name}: valid samples gave {len(got)} results")
    else:
        expect(len(got) > 0, f"{sarif_path.name}: no results")
if failures:
    print("\n".join("sarif: " + f for f in failures), file=sys.stderr)
    sys.exit(1)
print(f"sarif: sarif-tools read every result of {len(list(work.glob('*.sarif')))} reports at its file and line")
PY
