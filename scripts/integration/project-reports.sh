#!/usr/bin/env bash
# A project run (`formsmith validate SampleData` from the root, routed by formsmith.yaml) read by
# the tools people feed its reports to: junitparser reads the JUnit report (a suite per form and
# file, named `form: file`, whose counts add up to the totals) and sarif-tools reads the SARIF
# log (rule ids qualified by form, such as osago-policy/regex; the routing rules bare).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
bin="$(scripts/tool-venv junitparser==5.0.3 sarif-tools==3.0.5)"
formsmith="$(swift build --show-bin-path)/formsmith"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
"$formsmith" validate --report junit --output "$work/report.junit" SampleData || status=$?
[ "$status" = 1 ] || { echo "project-reports: validate exited $status, expected 1" >&2; exit 1; }
"$formsmith" validate --report sarif --output "$work/report.sarif" SampleData || true

"$bin/python" - "$work/report.junit" <<'PY'
import sys
from junitparser import JUnitXml
xml = JUnitXml.fromfile(sys.argv[1])
forms = {"osago-policy", "payment-order", "customer-survey", "(unrouted)"}
suites = list(xml)
assert suites, "no test suites"
seen = set()
for suite in suites:
    form, _, file = suite.name.partition(": ")
    assert form in forms and file, f"suite name {suite.name!r} is not 'form: file'"
    seen.add(form)
assert seen == forms, f"forms with suites: {sorted(seen)}"
for attribute in ("tests", "failures", "errors"):
    total = sum(getattr(suite, attribute) for suite in suites)
    assert total == getattr(xml, attribute), f"{attribute}: suites add up to {total}, the root says {getattr(xml, attribute)}"
print(f"junitparser: {len(suites)} suites over {len(seen)} forms, {xml.tests} tests, totals add up")
PY

summary="$("$bin/sarif" summary "$work/report.sarif")"
for rule in osago-policy/regex payment-order/required customer-survey/enum form-missing form-unknown; do
  if ! grep -q -- "- $rule " <<<"$summary"; then
    echo "project-reports: sarif-tools does not list rule $rule:" >&2
    echo "$summary" >&2
    exit 1
  fi
done
echo "sarif-tools: $(head -n 2 <<<"$summary" | tr -s '\n' ' ')"
echo "project-reports: ok"
