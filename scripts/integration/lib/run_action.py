"""Runs the shell steps of a composite action (action.yml) the way a GitHub runner does.

usage: run_action.py ACTION_DIR WORKSPACE INPUTS_JSON

Each `run:` step gets its `env:` with `${{ inputs.X }}` (given, else the input's default) and
`${{ steps.ID.outputs.Y }}` filled in, GITHUB_ACTION_PATH, GITHUB_OUTPUT (a fresh file per
step, read back as that step's outputs), GITHUB_STEP_SUMMARY and RUNNER_TEMP, and runs with
`bash --noprofile --norc -eo pipefail` in WORKSPACE (RUNNER_TEMP is kept when set, so a second run finds
what the first one built, as a cache hit would). `uses:` steps (actions/cache, the SARIF
upload) need GitHub itself and are skipped. Prints one JSON line: the steps' outputs, the
action's outputs, the exit status of the first failing step (0 if none) and the summary.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

action_dir, workspace, given = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
action = yaml.safe_load(open(os.path.join(action_dir, "action.yml")))
inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
unknown = set(given) - set(inputs)
if unknown:
    sys.exit("unknown inputs: %s" % unknown)
inputs.update(given)
steps = {}
temp = tempfile.mkdtemp()
runner_temp = os.environ.get("RUNNER_TEMP") or temp
summary = os.path.join(temp, "summary.md")


def expand(text):
    def value(match):
        expression = match.group(1).strip()
        if expression.startswith("inputs."):
            return inputs[expression[len("inputs."):]]
        found = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression)
        if found:
            return steps.get(found.group(1), {}).get(found.group(2), "")
        if expression == "github.action_path":
            return action_dir
        raise SystemExit("expression not supported by this harness: %s" % expression)
    return re.sub(r"\$\{\{(.*?)\}\}", value, str(text))


status = 0
for index, step in enumerate(action["runs"]["steps"]):
    if "run" not in step:
        continue
    output = os.path.join(temp, "output-%d" % index)
    open(output, "w").close()
    env = dict(os.environ, GITHUB_ACTION_PATH=action_dir, GITHUB_OUTPUT=output, GITHUB_STEP_SUMMARY=summary,
               RUNNER_TEMP=runner_temp, RUNNER_OS="Linux", GITHUB_WORKSPACE=workspace)
    env.update({key: expand(value) for key, value in step.get("env", {}).items()})
    script = os.path.join(temp, "step-%d.sh" % index)
    with open(script, "w") as handle:
        handle.write(expand(step["run"]))
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=workspace, env=env, stdout=sys.stderr)
    outputs = {}
    for line in open(output):
        if "=" in line:
            key, value = line.rstrip("\n").split("=", 1)
            outputs[key] = value
    if "id" in step:
        steps[step["id"]] = outputs
    if result.returncode != 0:
        status = result.returncode
        break
action_outputs = {name: expand(spec["value"]) for name, spec in action.get("outputs", {}).items()}
print(json.dumps({"status": status, "steps": steps, "outputs": action_outputs,
                  "summary": open(summary).read() if os.path.exists(summary) else ""}))
