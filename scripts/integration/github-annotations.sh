#!/usr/bin/env bash
# GitHub annotations (validate --report github) against the documented grammar of workflow
# commands ("Workflow commands for GitHub Actions": `::error file=F,line=L,title=T::MESSAGE`,
# parameters file, line, endLine, col, endColumn and title; in a message % CR LF are written
# %25 %0D %0A, in a parameter also : and , as %3A %2C). The runner is not on PyPI or Debian,
# so the grammar is checked here as the runner applies it; every annotation, decoded, must be a
# problem of the JSON report at the same file and line.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/integration/lib/sample-reports.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sample_reports github "$work"
# Names and messages holding the characters that must be escaped.
mkdir -p "$work/odd, name: 100%"
printf '{"id": "Q-1", "insurant": "a,b:c%%d"}\n' >"$work/odd, name: 100%/in:put,1.jsonl"
"$formsmith" validate --rules Rules/osago-policy.yaml --today 2026-11-22 --report github \
  "$work/odd, name: 100%" >"$work/odd.github" || true
"$formsmith" validate --rules Rules/osago-policy.yaml --today 2026-11-22 --report json \
  "$work/odd, name: 100%" >"$work/odd.github.twin" || true

python3 - "$work" <<'PY'
import json, re, sys, pathlib

work = pathlib.Path(sys.argv[1])
COMMAND = re.compile(r"^::(error|warning|notice)(?: ([^:]*))?::(.*)$")
PARAMETERS = {"file", "line", "endLine", "col", "endColumn", "title"}
DATA_ESCAPES = {"%25": "%", "%0D": "\r", "%0A": "\n"}
PROPERTY_ESCAPES = dict(DATA_ESCAPES, **{"%3A": ":", "%2C": ","})
failures = []

def unescape(text, escapes, where):
    out, index = [], 0
    while index < len(text):
        if text[index] == "%":
            token = text[index:index + 3]
            if token not in escapes:
                failures.append(f"{where}: '%' not escaped as %25 in {text!r}")
                return text
            out.append(escapes[token]); index += 3
        else:
            out.append(text[index]); index += 1
    return "".join(out)

annotations_seen = 0
for path in sorted(work.glob("*.github")):
    twin = json.loads((work / (path.name + ".twin")).read_text())
    want = []
    for result in twin["results"]:
        if "unreadable" in result:
            want.append((result["file"], result["line"], "formsmith unreadable"))
        for error in result["errors"]:
            want.append((result["file"], result["line"], "formsmith " + error["rule"]))
    got = []
    text = path.read_bytes().decode("utf-8")
    if "\r" in text:
        failures.append(f"{path.name}: a raw carriage return (messages must escape it as %0D)")
    for number, line in enumerate(text.split("\n"), 1):
        where = f"{path.name}:{number}"
        if not line.startswith("::"):
            continue  # a plain log line (the summary)
        match = COMMAND.match(line)
        if not match:
            failures.append(f"{where}: not a workflow command: {line[:120]!r}"); continue
        properties = {}
        for item in (match.group(2) or "").split(","):
            key, equals, value = item.partition("=")
            if not equals or key not in PARAMETERS or key in properties:
                failures.append(f"{where}: bad parameter {item!r}"); continue
            properties[key] = unescape(value, PROPERTY_ESCAPES, where)
        unescape(match.group(3), DATA_ESCAPES, where)
        if "line" in properties and not re.fullmatch(r"[1-9][0-9]*", properties["line"]):
            failures.append(f"{where}: line={properties['line']!r} is not a positive number")
        if match.group(1) != "error":
            failures.append(f"{where}: {match.group(1)} where every problem is an error")
        got.append((properties.get("file"), int(properties.get("line", 0)), properties.get("title")))
    annotations_seen += len(got)
    if sorted(got) != sorted(want):
        failures.append(f"{path.name}: {len(got)} annotations, the JSON report has {len(want)} problems; "
                        f"only in annotations {sorted(set(got) - set(want))[:3]}, only in JSON {sorted(set(want) - set(got))[:3]}")
    if path.name.endswith("-valid.github") and got:
        failures.append(f"{path.name}: annotations for valid samples")
if failures:
    print("\n".join("github-annotations: " + f for f in failures), file=sys.stderr)
    sys.exit(1)
print(f"github-annotations: {annotations_seen} annotations in {len(list(work.glob('*.github')))} reports follow the grammar "
      "and match the JSON reports")
PY
