# Sourced by the integration checks: writes Formsmith's reports of the shipped samples.
#
#   sample_reports FORMAT DIR     validate reports: for each rule set, the valid samples
#                                 (NAME-valid.EXT), all its samples with the invalid and broken
#                                 ones (NAME-invalid.EXT) and its CSV sample (NAME-csv.EXT);
#                                 every report also gets its JSON twin (FILE.twin) to compare with
#   lint_reports FORMAT DIR       lint reports: the shipped rule files (rules-clean.EXT), a file with
#                                 warnings (rules-flawed.EXT) and one with errors (rules-broken.EXT)
#
# Sets $formsmith to the debug binary (built by `swift build`; .ci/run builds it first).
formsmith="$(swift build --show-bin-path)/formsmith"
[ -x "$formsmith" ] || { echo "integration: build first (swift build): no $formsmith" >&2; exit 2; }
rule_sets=(osago-policy payment-order customer-survey)

sample_reports() {  # FORMAT DIR
  local format=$1 dir=$2 set name inputs
  mkdir -p "$dir"
  for set in "${rule_sets[@]}"; do
    for name in valid invalid csv; do
      case $name in
        valid) inputs=("SampleData/$set/valid.jsonl" "SampleData/$set/valid.json") ;;
        invalid) inputs=("SampleData/$set") ;;
        csv) inputs=("SampleData/csv/$set.csv") ;;
      esac
      for twin in no yes; do
        local report=$format out="$dir/$set-$name.$format"
        if [ "$twin" = yes ]; then report=json; out="$out.twin"; fi
        local status=0
        "$formsmith" validate --rules "Rules/$set.yaml" --today 2026-11-22 --report "$report" "${inputs[@]}" \
          >"$out" 2>"$dir/stderr" || status=$?
        local expected=1
        [ "$name" = valid ] && expected=0
        if [ "$status" -ne "$expected" ]; then
          echo "integration: validate $set $name --report $report exited $status, expected $expected:" >&2
          cat "$dir/stderr" >&2
          exit 1
        fi
      done
    done
  done
}

lint_reports() {  # FORMAT DIR
  local format=$1 dir=$2 status
  mkdir -p "$dir"
  status=0; "$formsmith" lint --rules Rules/*.yaml --today 2026-11-22 --report "$format" >"$dir/rules-clean.$format" || status=$?
  [ "$status" -eq 0 ] || { echo "integration: lint of the shipped rules exited $status" >&2; exit 1; }
  status=0; "$formsmith" lint --rules Tests/FormsmithCLITests/Fixtures/flawed-rules.yaml --today 2026-11-22 \
    --report "$format" >"$dir/rules-flawed.$format" || status=$?
  [ "$status" -eq 0 ] || { echo "integration: lint of flawed-rules.yaml exited $status (warnings only: 0)" >&2; exit 1; }
  status=0; "$formsmith" lint --rules Tests/FormsmithCLITests/Fixtures/broken-rules.yaml --today 2026-11-22 \
    --report "$format" >"$dir/rules-broken.$format" || status=$?
  [ "$status" -eq 1 ] || { echo "integration: lint of broken-rules.yaml exited $status, expected 1" >&2; exit 1; }
}
