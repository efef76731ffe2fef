#!/usr/bin/env bash
# Mutation testing: applies each one-line mutant of scripts/mutants.txt to a copy of the engine,
# runs the tests that should catch it and reports it killed (a test failed) or survived (all
# passed). Not part of CI: it builds once per mutant (incrementally), minutes in all.
#
#   scripts/mutants.sh [--full] [--list FILE] [ID...]
#
#   ID...    only these mutants (default: all)
#   --full   run the whole suite for each mutant instead of its `tests` filter
#   --list   another mutants file (default: scripts/mutants.txt)
#
# The copy lives in .build-mutants/ (git-ignored) and keeps its build between runs; the working
# tree is never changed. Logs of each mutant's build and tests are in .build-mutants/logs/.
# Exit status: 0 every mutant killed, 1 some survived, 2 a mutant is stale (its `from` text is not
# in the file exactly once), does not compile, or the unmutated copy fails its tests.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
list="$root/scripts/mutants.txt"
full=0
only=()
while [ $# -gt 0 ]; do
  case $1 in
    --full) full=1 ;;
    --list) list=$2; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) only+=("$1") ;;
  esac
  shift
done
work="$root/.build-mutants"
copy="$work/src"
logs="$work/logs"
mkdir -p "$copy" "$logs"

# The copy: the working tree's files (committed or not), without builds and tool environments.
# Its .build/ stays, so each mutant rebuilds only what the mutated file touches.
find "$copy" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
(cd "$root" && tar -cf - --exclude='./.build*' --exclude=./.venv-tools --exclude=./.git --exclude='./Fuzz/.build' \
  --exclude='./Fuzz/.work*' --exclude=./Benchmarks/.work .) | (cd "$copy" && tar -xf -)
# A file an interrupted run left mutated was built mutated: a fresh time makes the build redo it.
if [ -f "$work/dirty" ]; then
  while IFS= read -r file; do [ -f "$copy/$file" ] && touch "$copy/$file"; done <"$work/dirty"
  rm -f "$work/dirty"
fi

# The mutants, one per line as ID<TAB>FILE<TAB>TESTS, with FROM and TO in files under $work.
python3 - "$list" "$work" >"$work/mutants.tsv" <<'PY' || exit 2
import re, sys, pathlib
text = pathlib.Path(sys.argv[1]).read_text()
work = pathlib.Path(sys.argv[2])
for block in re.split(r"\n\s*\n", text):
    fields = {}
    for line in block.splitlines():
        if line.startswith("#"):
            continue
        match = re.match(r"^(id|file|from|to|tests|why): ?(.*)$", line)
        if not match:
            sys.exit(f"mutants: cannot read the line {line!r} of {sys.argv[1]}")
        fields[match.group(1)] = match.group(2)
    if not fields:
        continue
    missing = {"id", "file", "from", "to", "tests"} - fields.keys()
    if missing:
        sys.exit(f"mutants: mutant {fields.get('id', '?')} lacks {', '.join(sorted(missing))}")
    (work / f"{fields['id']}.from").write_text(fields["from"])
    (work / f"{fields['id']}.to").write_text(fields["to"])
    print("\t".join([fields["id"], fields["file"], fields["tests"]]))
PY

run_tests() {  # LOG [FILTER]
  local log=$1 filter=${2:-}
  (cd "$copy" && swift build --build-tests >"$log.build" 2>&1) || return 3
  if [ -n "$filter" ]; then
    (cd "$copy" && swift test --skip-build --filter "$filter" >"$log" 2>&1)
  else
    (cd "$copy" && swift test --skip-build >"$log" 2>&1)
  fi
}

selected() { [ ${#only[@]} -eq 0 ] || [[ " ${only[*]} " == *" $1 "* ]]; }
all_filters=$(while IFS=$'\t' read -r id _ tests; do selected "$id" && echo "$tests"; done <"$work/mutants.tsv" \
  | tr '|' '\n' | sort -u | tr '\n' '|' | sed 's/|$//')
[ "$full" -eq 1 ] && all_filters=""
echo "mutants: checking that the unmutated copy passes the tests (${all_filters:-all})..."
run_tests "$logs/baseline.log" "$all_filters"
case $? in
  0) ;;
  3) echo "mutants: the unmutated copy does not build (see $logs/baseline.log.build)" >&2; exit 2 ;;
  *) echo "mutants: the unmutated copy fails its tests (see $logs/baseline.log)" >&2; exit 2 ;;
esac

killed=0; survived=(); broken=()
while IFS=$'\t' read -r id file tests; do
  selected "$id" || continue
  target="$copy/$file"
  if ! python3 - "$target" "$work/$id.from" "$work/$id.to" <<'PY'
import sys, pathlib
path, old, new = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]).read_text(), pathlib.Path(sys.argv[3]).read_text()
text = path.read_text() if path.exists() else ""
if text.count(old) != 1:
    sys.exit(1)
path.with_suffix(path.suffix + ".unmutated").write_text(text)
path.write_text(text.replace(old, new))
PY
  then
    echo "mutants: $id STALE: its 'from' text is not in $file exactly once"
    broken+=("$id (stale)")
    continue
  fi
  echo "$file" >"$work/dirty"
  start=$(date +%s)
  filter=$tests
  [ "$full" -eq 1 ] && filter=""
  run_tests "$logs/$id.log" "$filter"
  code=$?
  mv "$target.unmutated" "$target"
  # A fresh modification time, or the next build may keep the mutated object file.
  touch "$target"
  rm -f "$work/dirty"
  elapsed=$(( $(date +%s) - start ))
  case $code in
    0) echo "mutants: $id SURVIVED (${elapsed} s; tests: ${filter:-all})"; survived+=("$id") ;;
    3) echo "mutants: $id does not compile (see $logs/$id.log.build)"; broken+=("$id (does not compile)") ;;
    *) failed=$(grep -cE "^Test Case .* failed" "$logs/$id.log" || true)
       crashed=$(grep -m1 -oE "Swift runtime failure: [a-z ]+|Fatal error: .{0,60}" "$logs/$id.log" || true)
       echo "mutants: $id killed (${elapsed} s; ${crashed:-$failed failing tests} in ${filter:-all})"
       killed=$((killed + 1)) ;;
  esac
done <"$work/mutants.tsv"

total=$(( killed + ${#survived[@]} ))
echo "mutants: $killed of $total killed, ${#survived[@]} survived${survived:+: ${survived[*]}}"
[ ${#broken[@]} -gt 0 ] && echo "mutants: not run: ${broken[*]}"
[ ${#broken[@]} -gt 0 ] && exit 2
[ ${#survived[@]} -gt 0 ] && exit 1
exit 0
