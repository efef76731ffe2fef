#!/usr/bin/env bash
# JUnit reports as CI test-report plugins read them: parsed by junitparser, whose totals (tests,
# failures, errors) and test cases must match the JSON report of the same run.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/integration/lib/sample-reports.sh
PATH="$(scripts/tool-venv junitparser==5.0.3):$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sample_reports junit "$work"

python - "$work" <<'PY'
import json, sys, pathlib
from junitparser import JUnitXml, TestSuite, Failure, Error

work = pathlib.Path(sys.argv[1])
failures = []
def expect(condition, message):
    if not condition:
        failures.append(message)

for path in sorted(work.glob("*.junit")):
    xml = JUnitXml.fromfile(str(path))
    summary = json.loads((work / (path.name + ".twin")).read_text())
    results = summary["results"]
    summary = summary["summary"]
    suites = list(xml) if not isinstance(xml, TestSuite) else [xml]
    tests = sum(suite.tests for suite in suites)
    failed = sum(suite.failures for suite in suites)
    errored = sum(suite.errors for suite in suites)
    expect(tests == summary["records"], f"{path.name}: {tests} tests, {summary['records']} questionnaires")
    expect(failed == summary["invalid"], f"{path.name}: {failed} failures, {summary['invalid']} invalid")
    expect(errored == summary["unreadable"], f"{path.name}: {errored} errors, {summary['unreadable']} unreadable")
    counted = {"tests": 0, "failure": 0, "error": 0}
    for suite in suites:
        cases = list(suite)
        expect(len(cases) <= suite.tests, f"{path.name}: suite {suite.name} lists more cases than its tests")
        for case in cases:
            counted["tests"] += 1
            expect(bool(case.name) and bool(case.classname), f"{path.name}: a case without a name or class name")
            for outcome in case.result:
                if isinstance(outcome, Failure):
                    counted["failure"] += 1
                    expect(bool(outcome.message) and bool(outcome.text), f"{path.name}: {case.name}: an empty failure")
                elif isinstance(outcome, Error):
                    counted["error"] += 1
                    expect(outcome.type == "unreadable", f"{path.name}: {case.name}: error of type {outcome.type}")
    expect(counted["failure"] == summary["invalid"], f"{path.name}: {counted['failure']} failed cases listed")
    expect(counted["error"] == summary["unreadable"], f"{path.name}: {counted['error']} errored cases listed")
    expect(counted["failure"] + counted["error"] == len(results), f"{path.name}: {len(results)} results in JSON")
    if path.name.endswith("-valid.junit"):
        expect(failed == 0 and errored == 0 and tests > 0, f"{path.name}: valid samples fail")
if failures:
    print("\n".join("junit: " + f for f in failures), file=sys.stderr)
    sys.exit(1)
print(f"junit: junitparser read {len(list(work.glob('*.junit')))} reports; totals and cases match the JSON reports")
PY
