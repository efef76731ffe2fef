#!/usr/bin/env bash
# The hooks of .pre-commit-hooks.yaml run by the real pre-commit in a throw-away git
# repository, offline: a commit of a clean rule file and valid questionnaires passes; a commit
# with a broken rule file, or with an invalid questionnaire, is refused with the problems shown.
# The *-system hooks run the debug build on PATH; the language: swift twins must match them
# apart from the language (building formsmith inside pre-commit takes about 7 minutes on two
# cores, too long for CI); FORMSMITH_PRECOMMIT_SWIFT=1 also runs the language: swift lint hook.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
PATH="$(cd "$root" && scripts/tool-venv pre-commit==4.7.0):$root/.build/debug:$PATH"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache" GIT_CONFIG_GLOBAL="$work/gitconfig"
git config --global user.email ci@example.invalid
git config --global user.name CI
git config --global init.defaultBranch main

python3 - "$root/.pre-commit-hooks.yaml" <<'PY'
import sys, yaml
hooks = {hook["id"]: hook for hook in yaml.safe_load(open(sys.argv[1]))}
for name in ("formsmith-lint", "formsmith-validate"):
    built, system = dict(hooks[name]), dict(hooks[name + "-system"])
    assert built.pop("language") == "swift" and system.pop("language") == "system", name
    for key in ("id", "description"):
        built.pop(key); system.pop(key)
    assert built == system, (name, built, system)
PY

pre-commit validate-manifest "$root/.pre-commit-hooks.yaml"

# The hook repository: this checkout's hooks file as it is now (committed or not).
hooks="$work/hooks"
git init -q "$hooks"
cp "$root/.pre-commit-hooks.yaml" "$hooks/"
git -C "$hooks" add .pre-commit-hooks.yaml
git -C "$hooks" commit -qm hooks
rev="$(git -C "$hooks" rev-parse HEAD)"

project="$work/project"
git init -q "$project"
cd "$project"
mkdir -p rules data
cp "$root/Rules/customer-survey.yaml" rules/survey.yaml
# With no project file, a rule file reads only inside its own folder (README, Projects), so the
# word lists go beside the rules.
cp -r "$root/SampleData/seeds" rules/seeds
sed -i 's|\.\./SampleData/seeds/|seeds/|' rules/survey.yaml
cp -r "$root/Rules/lib" rules/lib  # the shared library the survey includes
sed -i 's|\.\./\.\./SampleData/seeds/|../seeds/|' rules/lib/*.yaml
head -n 3 "$root/SampleData/customer-survey/valid.jsonl" > data/answers.jsonl
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: formsmith-lint-system
        args: [--today, "2026-11-22"]
      - id: formsmith-validate-system
        args: [--rules, rules/survey.yaml, --today, "2026-11-22"]
        files: ^data/
YAML
pre-commit install >/dev/null
git add -A
git commit -qm "clean rules and valid answers" || { echo "pre-commit refused a clean commit"; exit 1; }
echo "pre-commit: a clean commit passes"

expect_refused() {  # $1: what; $2: text the hook output must contain
  if git commit -qm "$1" >"$work/out" 2>&1; then
    echo "pre-commit accepted $1"; cat "$work/out"; exit 1
  fi
  grep -qF -- "$2" "$work/out" || { echo "pre-commit output for $1 lacks '$2'"; cat "$work/out"; exit 1; }
  echo "pre-commit: $1 refused"
  git reset -q --hard HEAD
}

printf '%s\n' '{"id": "R-1", "consent": false}' >> data/answers.jsonl
git add -A
expect_refused "an invalid questionnaire" "data/answers.jsonl:4"

sed -i 's/    type: enum/    type: enm/' rules/survey.yaml
git add -A
expect_refused "a broken rule file" "unknown type 'enm'"

if [ "${FORMSMITH_PRECOMMIT_SWIFT:-0}" = 1 ]; then
  # pre-commit builds formsmith (swift build -c release) from this checkout in its cache.
  pre-commit try-repo "$root" formsmith-lint --all-files
  echo "pre-commit: the language: swift lint hook passes"
fi
