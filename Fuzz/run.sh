#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a fixed time.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]     (default: 60 seconds each, all targets)
#
# Targets: FuzzJSON FuzzCSV FuzzRules FuzzMask FuzzExpression FuzzAgreement. Seed corpora are copied from
# SampleData/, Rules/ and Fuzz/seeds/ into Fuzz/.work/ (git-ignored), where the corpus each run
# grows is kept for the next run. A crash, hang (an input taking over 10 s) or out-of-memory
# input is saved under Fuzz/.work/artifacts/TARGET/; reproduce it with
#   SWIFT_BACKTRACE=enable=no Fuzz/.build/release/TARGET FILE
# and turn it into a test in Tests/FormsmithCoreTests/FuzzRegressionTests.swift.
#
# Exit status: 0 no crash found, 1 some target crashed, 2 the fuzz build failed.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-60}
shift || true
all_targets=(FuzzJSON FuzzCSV FuzzRules FuzzMask FuzzExpression FuzzAgreement)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
work=Fuzz/.work

scripts/install-deps || { echo "fuzz: cannot install the build dependencies (see above)" >&2; exit 2; }

# libFuzzer and AddressSanitizer come with the Swift toolchain on Linux (lib/clang/*/lib/linux/
# libclang_rt.fuzzer-*.a): nothing to install. --sanitize instruments the C code (libyaml) and
# makes SwiftPM link libFuzzer's main; -Xswiftc -sanitize instruments the Swift code
# (SwiftPM's own flag alone leaves it without coverage); -enable-testing lets the targets reach
# the engine's internal readers with @testable import.
echo "fuzz: building the targets (release, libFuzzer + AddressSanitizer)..."
build_start=$(date +%s)
build_log=$(mktemp)
if ! swift build -c release --package-path Fuzz --sanitize=fuzzer --sanitize=address \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing >"$build_log" 2>&1; then
  grep -v "Cannot export local symbol" "$build_log" | tail -40 >&2
  echo "fuzz: BUILD FAILED: the fuzz targets need a Swift toolchain with libFuzzer" \
    "(swiftc -sanitize=fuzzer; on Linux the toolchain from swift.org ships it)" >&2
  rm -f "$build_log"
  exit 2
fi
rm -f "$build_log"
echo "fuzz: built in $(( $(date +%s) - build_start )) s"

# Seeds, rebuilt on every run from the files they come from.
seed() {  # seed TARGET NAME < content
  mkdir -p "$work/seeds/$1"
  cat >"$work/seeds/$1/$2"
}
rm -rf "$work/seeds"
mkdir -p "$work/seeds"
for target in "${all_targets[@]}"; do mkdir -p "$work/seeds/$target"; done
for file in SampleData/*/*.json; do
  seed FuzzJSON "$(basename "$(dirname "$file")")-$(basename "$file")" <"$file"
done
for file in SampleData/*/*.jsonl; do
  name="$(basename "$(dirname "$file")")-$(basename "$file" .jsonl)"
  head -n 30 "$file" | awk -v dir="$work/seeds/FuzzJSON" -v name="$name" \
    '{ out = dir "/" name "-" NR ".json"; print > out; close(out) }'
done
cp Fuzz/seeds/json/* "$work/seeds/FuzzJSON/"
# A CSV seed starts with the control byte: low 2 bits the dialect, the rest the block size - 1.
for file in Fuzz/seeds/csv/* $(find SampleData -name '*.csv' | sort); do
  name=$(echo "$file" | tr '/' '-')
  { printf '\034'; head -c 4096 "$file"; } | seed FuzzCSV "$name-comma-8"
  { printf '\005'; head -c 4096 "$file"; } | seed FuzzCSV "$name-semicolon-2"
done
# An agreement seed starts with the control byte: the rule set (mod 3), bit 2 set for CSV rows.
index=0
for name in osago-policy payment-order customer-survey; do
  number=0
  while IFS= read -r line; do
    number=$((number + 1)); { printf "\\00$index"; printf '%s\n' "$line"; } | seed FuzzAgreement "$name-json-$number"
  done < <(head -n 20 "SampleData/$name/invalid.jsonl")
  number=0
  while IFS= read -r line; do
    number=$((number + 1)); { printf "\\00$((index + 4))"; printf '%s\n' "$line"; } | seed FuzzAgreement "$name-csv-$number"
  done < <(tail -n +2 "SampleData/csv/$name.csv" | head -n 20)
  index=$((index + 1))
done
for file in Rules/*.yaml Fuzz/seeds/rules/*; do seed FuzzRules "$(basename "$file")" <"$file"; done
count=0
grep -hoE 'mask: "[^"]*"' Rules/*.yaml | sed -E 's/^mask: "(.*)"$/\1/' | sort -u | while IFS= read -r mask; do
  count=$((count + 1)); printf '%s' "$mask" | seed FuzzMask "rules-$count"
done
cp Fuzz/seeds/mask/* "$work/seeds/FuzzMask/"
grep -hoE '(visibleIf|requiredIf|when|that|min|max|exclusiveMin|exclusiveMax): .*' Rules/*.yaml \
  | sed -E 's/^[A-Za-z]+: //; s/^"(.*)"$/\1/' | sort -u | while IFS= read -r expression; do
  count=$((count + 1)); printf '%s' "$expression" | seed FuzzExpression "rules-$count"
done
cp Fuzz/seeds/expression/* "$work/seeds/FuzzExpression/"

dictionary() {
  case $1 in
    FuzzJSON|FuzzAgreement) echo Fuzz/dictionaries/json.dict ;;
    FuzzRules) echo Fuzz/dictionaries/rules.dict ;;
    FuzzMask) echo Fuzz/dictionaries/mask.dict ;;
    FuzzExpression) echo Fuzz/dictionaries/expression.dict ;;
  esac
}

# The Swift runtime's backtracer would attach to every crash and can hang the run; the leak
# checker reports the process-lifetime rule sets as leaks (Swift keeps enum tags in pointer bits,
# which hides the pointers from it), so both are off.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
status=0
summary=()
for target in "${targets[@]}"; do
  binary=Fuzz/.build/release/$target
  [ -x "$binary" ] || { echo "fuzz: unknown target $target (known: ${all_targets[*]})" >&2; exit 2; }
  corpus=$work/corpus/$target
  artifacts=$work/artifacts/$target
  mkdir -p "$corpus" "$artifacts"
  before=$(ls "$artifacts" | wc -l)
  log=$work/$target.log
  dict=$(dictionary "$target")
  echo "fuzz: $target for $seconds s..."
  "$binary" "$corpus" "$work/seeds/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -detect_leaks=0 -artifact_prefix="$root/$artifacts/" ${dict:+-dict=$dict} >"$log" 2>&1
  code=$?
  runs=$(grep -oE '^stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  [ -z "$runs" ] && runs=$(grep -oE '^#[0-9]+' "$log" | tr -d '#' | tail -1)
  coverage=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
  found=$(( $(ls "$artifacts" | wc -l) - before ))
  if [ "$code" -ne 0 ] || [ "$found" -gt 0 ]; then
    status=1
    echo "fuzz: $target FAILED (exit $code); the end of its log ($log):" >&2
    grep -v "Cannot export local symbol" "$log" | tail -30 >&2
    found=$(( found > 0 ? found : 1 ))
  fi
  summary+=("$(printf '%-15s %8s s %12s runs %8s edges %3s crashes' "$target" "$seconds" "${runs:-0}" "${coverage:-?}" "$found")")
done
echo "fuzz: summary"
printf '  %s\n' "${summary[@]}"
[ "$status" -eq 0 ] && echo "fuzz: no crashes" || echo "fuzz: CRASHES FOUND: inputs are in $work/artifacts/" >&2
exit "$status"
