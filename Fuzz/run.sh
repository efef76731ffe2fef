#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a fixed time.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]     (default: 60 seconds each, all targets)
#   FUZZ_RUNS=10000000 Fuzz/run.sh 0 FuzzJSONParser   (a fixed number of inputs instead; 0 s = no time limit)
#   FUZZ_PARALLEL=1 ...                                  (the targets at the same time, each in its own process)
#   FUZZ_WORK=Fuzz/.work-campaign ...                    (seeds, corpora, logs and crashes in another folder)
#   FUZZ_TIMEOUT=300 ...                                 (seconds one input may take: raise it under nice -n 19
#                                                         on a busy machine, where a starved process is no hang)
#   FUZZ_FLAGS="-entropic=0 -reduce_inputs=0" ...        (more libFuzzer flags, after run.sh's own: a later flag wins)
#   FUZZ_BUILD=fast ...                                  (for long campaigns: no AddressSanitizer and no comparison
#                                                         tracing, two to three times the inputs per second; the
#                                                         grown corpus is then replayed once under the checked build)
#
# Two builds: "checked" (the default, and what CI runs) instruments with AddressSanitizer and
# libFuzzer's comparison tracing, in Fuzz/.build; "fast" keeps only the coverage counters that
# guide libFuzzer, in Fuzz/.build-fast. Swift's own checks (bounds of arrays, overflow,
# exclusivity) trap in both; what only the checked build catches is a read or write past an
# allocation through an unsafe pointer (the JSON and CSV readers' word scans) or in libyaml.
# So after a fast run the checked build runs every input of each grown corpus once
# (FUZZ_REPLAY=0 skips that).
#
# Fast targets, one reader each: FuzzJSONParser FuzzCSV FuzzRulesReader FuzzMask FuzzExpression,
# and FuzzRuleTree (the rule tree reader fed node trees built from the input bytes, no YAML text).
# End-to-end targets: FuzzJSON (reading and validating against the shipped rules), FuzzRules
# (reading, compiling and validating with a fuzzed rule file), FuzzGenerate (generating from a
# fuzzed rule file: what comes out is valid, or breaks exactly its label), FuzzAgreement (the
# validation plan and the declarative checks agree, JSON and CSV) and FuzzDifferential (the engine
# and the reference validator agree on random forms and questionnaires). Seed corpora are copied from
# SampleData/, Rules/, the broken-input corpus (Tests/*/Fixtures) and Fuzz/seeds/ into
# Fuzz/.work/ (git-ignored), where the corpus each run grows is kept for the next run; each
# target has a dictionary of its syntax's tokens in Fuzz/dictionaries/. A crash, hang (an input
# taking over 10 s) or out-of-memory
# input is saved under Fuzz/.work/artifacts/TARGET/; reproduce it with
#   SWIFT_BACKTRACE=enable=no Fuzz/.build/release/TARGET FILE   (Fuzz/.build-fast/release/ for a fast run)
# and turn it into a test in Tests/FormsmithCoreTests/FuzzRegressionTests.swift.
#
# Exit status: 0 no crash found, 1 some target crashed, 2 the fuzz build failed.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-60}
shift || true
all_targets=(FuzzJSONParser FuzzCSV FuzzRulesReader FuzzRuleTree FuzzMask FuzzExpression FuzzJSON FuzzRules FuzzGenerate FuzzAgreement FuzzDifferential)
runs_limit=${FUZZ_RUNS:-}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
work=${FUZZ_WORK:-Fuzz/.work}  # another folder (under Fuzz/) keeps a long campaign apart from short runs

scripts/install-deps || { echo "fuzz: cannot install the build dependencies (see above)" >&2; exit 2; }

build_mode=${FUZZ_BUILD:-checked}
case $build_mode in
  checked | fast) ;;
  *) echo "fuzz: FUZZ_BUILD must be checked or fast, not '$build_mode'" >&2; exit 2 ;;
esac

# libFuzzer and AddressSanitizer come with the Swift toolchain on Linux (lib/clang/*/lib/linux/
# libclang_rt.fuzzer-*.a): nothing to install. --sanitize instruments the C code (libyaml) and
# makes SwiftPM link libFuzzer's main; -Xswiftc -sanitize instruments the Swift code
# (SwiftPM's own flag alone leaves it without coverage); -enable-testing lets the targets reach
# the engine's internal readers with @testable import. The fast build names its coverage
# explicitly: edges counted inline and the table of their places, which is all libFuzzer needs
# to keep an input that reaches new code; -sanitize=fuzzer alone would add a callback on every
# integer comparison and indirect call (a quarter of FuzzRuleTree's time).
build() {  # build checked|fast: builds the targets, status 2 (with the reason on stderr) on failure
  local mode=$1 flags build_start build_log
  if [ "$mode" = checked ]; then
    flags=(--scratch-path Fuzz/.build --sanitize=fuzzer --sanitize=address
      -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing)
    echo "fuzz: building the targets (release, libFuzzer + AddressSanitizer)..."
  else
    flags=(--scratch-path Fuzz/.build-fast --sanitize=fuzzer -Xswiftc -sanitize=fuzzer
      -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table -Xswiftc -enable-testing)
    echo "fuzz: building the targets (release, libFuzzer coverage only: the fast build)..."
  fi
  build_start=$(date +%s)
  build_log=$(mktemp)
  if ! swift build -c release --package-path Fuzz "${flags[@]}" >"$build_log" 2>&1; then
    grep -v "Cannot export local symbol" "$build_log" | tail -40 >&2
    if grep -q "fuzzer" "$build_log" && ! grep -q "error: .*\.swift" "$build_log"; then
      echo "fuzz: BUILD FAILED: the fuzz targets need a Swift toolchain with libFuzzer" \
        "(swiftc -sanitize=fuzzer; on Linux the toolchain from swift.org ships it)" >&2
    else
      echo "fuzz: BUILD FAILED: the engine or a target does not compile (errors above)." \
        "After sources were added or moved, a stale plan can hide them: rm ${flags[1]}/release.yaml" >&2
    fi
    rm -f "$build_log"
    return 2
  fi
  rm -f "$build_log"
  echo "fuzz: built in $(( $(date +%s) - build_start )) s"
}
build "$build_mode" || exit 2
bin=Fuzz/.build/release
[ "$build_mode" = fast ] && bin=Fuzz/.build-fast/release

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
for file in Tests/FormsmithCLITests/Fixtures/broken/*.json Tests/FormsmithCLITests/Fixtures/broken/*.jsonl; do
  seed FuzzJSON "broken-$(basename "$file")" <"$file"
  # One seed per line of a JSON Lines file too: it is read record by record.
  case $file in *.jsonl) awk -v dir="$work/seeds/FuzzJSON" -v name="broken-$(basename "$file")" \
    'NR <= 30 { out = dir "/" name "-" NR; print > out; close(out) }' "$file" ;; esac
done
cp "$work/seeds/FuzzJSON/"* "$work/seeds/FuzzJSONParser/"
# A CSV seed starts with the control byte: low 2 bits the dialect, the rest the block size - 1.
for file in Fuzz/seeds/csv/* $(find SampleData Tests/FormsmithCLITests/Fixtures/broken-csv -name '*.csv' | sort); do
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
# A differential seed: four bytes of form seed, a mode byte (odd: generate and mutate from the
# rest; even: the rest is the questionnaire's JSON), then the rest.
for number in $(seq 1 40); do
  printf "\\x00\\x00\\x$(printf %02x $((number / 16)))\\x$(printf %02x $((number % 16)))\\x01\\x0$((number % 8))\\x0$((number % 5))" \
    | seed FuzzDifferential "generated-$number"
  { printf "\\x00\\x00\\x00\\x$(printf %02x "$number")\\x00"; head -n 1 "SampleData/customer-survey/invalid.jsonl"; } \
    | seed FuzzDifferential "json-$number"
done
for file in Rules/*.yaml Fuzz/seeds/rules/* Tests/FormsmithCLITests/Fixtures/*.yaml \
    Tests/FormsmithCLITests/Fixtures/broken/*.yaml; do
  seed FuzzRules "$(basename "$file")" <"$file"
  seed FuzzGenerate "$(basename "$file")" <"$file"
  seed FuzzRulesReader "$(basename "$file")" <"$file"
done
count=0
grep -hoE 'mask: "[^"]*"' Rules/*.yaml | sed -E 's/^mask: "(.*)"$/\1/' | sort -u | while IFS= read -r mask; do
  count=$((count + 1)); printf '%s' "$mask" | seed FuzzMask "rules-$count"
done
cp Fuzz/seeds/mask/* Tests/FormsmithCoreTests/Fixtures/fuzz/mask-*.txt "$work/seeds/FuzzMask/"
grep -hoE '(visibleIf|requiredIf|when|that|min|max|exclusiveMin|exclusiveMax): .*' Rules/*.yaml \
  | sed -E 's/^[A-Za-z]+: //; s/^"(.*)"$/\1/' | sort -u | while IFS= read -r expression; do
  count=$((count + 1)); printf '%s' "$expression" | seed FuzzExpression "rules-$count"
done
cp Fuzz/seeds/expression/* "$work/seeds/FuzzExpression/"

# The fast targets read short inputs (a reader's cost grows with the input; their bugs show on
# short texts); the end-to-end targets take libFuzzer's default (the largest seed, at least 4 KB).
# FuzzRuleTree's bytes are a program of about 5 bytes per key: 512 bytes build trees of up to
# about 100 keys, the size of a real rule file (customer-survey.yaml has 55, payment-order.yaml
# 129); at 1024 its corpus grew to 1 KB trees in a long campaign and the rate fell fourfold.
max_length() {
  case $1 in
    FuzzRuleTree) echo 512 ;;
    FuzzCSV | FuzzMask | FuzzExpression | FuzzDifferential) echo 1024 ;;
    FuzzJSONParser | FuzzRulesReader) echo 2048 ;;
  esac
}

dictionary() {
  case $1 in
    FuzzJSON | FuzzJSONParser | FuzzAgreement | FuzzDifferential) echo Fuzz/dictionaries/json.dict ;;
    FuzzCSV) echo Fuzz/dictionaries/csv.dict ;;
    FuzzRules | FuzzRulesReader | FuzzGenerate) echo Fuzz/dictionaries/rules.dict ;;
    FuzzMask) echo Fuzz/dictionaries/mask.dict ;;
    FuzzExpression) echo Fuzz/dictionaries/expression.dict ;;
  esac
}

# The Swift runtime's backtracer would attach to every crash and can hang the run; the leak
# checker reports the process-lifetime rule sets as leaks (Swift keeps enum tags in pointer bits,
# which hides the pointers from it), so both are off.
export SWIFT_BACKTRACE=enable=no
# Allocation stacks are kept 8 frames deep (30 by default): enough to place a use after free,
# and unwinding on every allocation is a good part of a fast target's time.
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:malloc_context_size=8
for target in "${targets[@]}"; do
  [ -x "$bin/$target" ] || { echo "fuzz: unknown target $target (known: ${all_targets[*]})" >&2; exit 2; }
done

fuzz_one() {  # TARGET: runs it, writes its summary line to $work/TARGET.summary; status 1 on a crash
  local target=$1 binary=$bin/$1 corpus=$work/corpus/$1 artifacts=$work/artifacts/$1
  local log=$work/$1.log dict max_len before started code elapsed runs coverage features rate found
  mkdir -p "$corpus" "$artifacts"
  before=$(ls "$artifacts" | wc -l)
  dict=$(dictionary "$target")
  max_len=$(max_length "$target")
  echo "fuzz: $target for ${runs_limit:+$runs_limit inputs, }$seconds s..."
  started=$(date +%s)
  # CPU seconds as well as wall-clock ones: at nice -n 19 on a shared machine a target may get a
  # small part of a core, and only inputs per CPU second compare runs.
  local timer=() cpu=? cpu_rate=?
  rm -f "$work/$1.cpu"
  [ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%U %S' -o "$work/$1.cpu")
  "${timer[@]}" "$binary" "$corpus" "$work/seeds/$target" -max_total_time="$seconds" ${runs_limit:+-runs=$runs_limit} \
    -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
    -print_final_stats=1 -detect_leaks=0 -artifact_prefix="$root/$artifacts/" ${dict:+-dict=$dict} ${max_len:+-max_len=$max_len} \
    ${FUZZ_FLAGS:-} >"$log" 2>&1
  code=$?
  elapsed=$(( $(date +%s) - started ))
  runs=$(grep -oE '^stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  [ -z "$runs" ] && runs=$(grep -oE '^#[0-9]+' "$log" | tr -d '#' | tail -1)
  coverage=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
  features=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
  rate=$(( ${runs:-0} / (elapsed > 0 ? elapsed : 1) ))
  if [ -s "$work/$1.cpu" ]; then
    cpu=$(tail -1 "$work/$1.cpu" | awk '{ printf "%d", $1 + $2 + 0.5 }')
    cpu_rate=$(( ${runs:-0} / (cpu > 0 ? cpu : 1) ))
  fi
  found=$(( $(ls "$artifacts" | wc -l) - before ))
  if [ "$code" -ne 0 ] || [ "$found" -gt 0 ]; then
    echo "fuzz: $target FAILED (exit $code); the end of its log ($log):" >&2
    grep -v "Cannot export local symbol" "$log" | tail -30 >&2
    found=$(( found > 0 ? found : 1 ))
  fi
  printf '%-16s %6s s %12s runs %8s/s  cpu %6s s %8s/cpu-s  cov %6s  ft %7s  %s crashes\n' "$target" "$elapsed" \
    "${runs:-0}" "$rate" "$cpu" "$cpu_rate" "${coverage:-?}" "${features:-?}" "$found" >"$work/$target.summary"
  [ "$found" -eq 0 ]
}

# FUZZ_PARALLEL=1 runs the targets at the same time (a long campaign on a machine with cores to
# spare); by default one after the other.
status=0
if [ "${FUZZ_PARALLEL:-0}" = 1 ]; then
  pids=()
  for target in "${targets[@]}"; do fuzz_one "$target" & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
else
  for target in "${targets[@]}"; do fuzz_one "$target" || status=1; done
fi
# After a fast run: every input the corpora hold, once, under AddressSanitizer.
replay_one() {  # TARGET: writes its replay line to $work/TARGET.replay; status 1 on a crash
  local target=$1 corpus=$work/corpus/$1 artifacts=$work/artifacts/$1 log=$work/$1.replay.log
  local before code inputs found
  before=$(ls "$artifacts" | wc -l)
  "Fuzz/.build/release/$target" "$corpus" -runs=0 -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
    -detect_leaks=0 -artifact_prefix="$root/$artifacts/" >"$log" 2>&1
  code=$?
  inputs=$(grep -oE '^Done [0-9]+ runs' "$log" | grep -oE '[0-9]+')
  found=$(( $(ls "$artifacts" | wc -l) - before ))
  if [ "$code" -ne 0 ] || [ "$found" -gt 0 ] || [ -z "$inputs" ]; then
    echo "fuzz: $target FAILED its replay under AddressSanitizer (exit $code); the end of its log ($log):" >&2
    grep -v "Cannot export local symbol" "$log" | tail -30 >&2
    found=$(( found > 0 ? found : 1 ))
  fi
  printf '%-16s replayed %9s corpus inputs under AddressSanitizer  %s crashes\n' "$target" "${inputs:-0}" \
    "$found" >"$work/$target.replay"
  [ "$found" -eq 0 ]
}
replayed=()
if [ "$build_mode" = fast ] && [ "${FUZZ_REPLAY:-1}" != 0 ]; then
  build checked || exit 2
  for target in "${targets[@]}"; do
    replay_one "$target" || status=1
    replayed+=("$(cat "$work/$target.replay")")
  done
fi

summary=()
for target in "${targets[@]}"; do summary+=("$(cat "$work/$target.summary")"); done
summary+=("${replayed[@]}")
echo "fuzz: summary ($build_mode build)"
printf '  %s\n' "${summary[@]}"
[ "$status" -eq 0 ] && echo "fuzz: no crashes" || echo "fuzz: CRASHES FOUND: inputs are in $work/artifacts/" >&2
exit "$status"
