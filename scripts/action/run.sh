#!/usr/bin/env bash
# GitHub Action step (action.yml): runs formsmith validate with the action's inputs, writes its
# exit status (and the SARIF file) as step outputs and a line to the job summary.
set -uo pipefail
arguments=(validate --rules "$INPUT_RULES")
[ -n "${INPUT_TODAY:-}" ] && arguments+=(--today "$INPUT_TODAY")
case "${INPUT_REPORT:-github}" in
  github) arguments+=(--report github) ;;
  sarif) arguments+=(--report sarif --output "$INPUT_SARIF_FILE") ;;
  *) echo "::error title=Formsmith::the input 'report' must be github or sarif, not '$INPUT_REPORT'"; exit 2 ;;
esac
read -r -a extra <<< "${INPUT_ARGS:-}"
read -r -d '' -a inputs <<< "${INPUT_INPUTS:-}"
if [ ${#inputs[@]} -eq 0 ]; then
  echo "::error title=Formsmith::the input 'inputs' names no questionnaire file or directory"
  exit 2
fi
"$FORMSMITH" "${arguments[@]}" "${extra[@]}" "${inputs[@]}"
status=$?
echo "exit-code=$status" >> "$GITHUB_OUTPUT"
if [ "${INPUT_REPORT:-github}" = sarif ] && [ -f "$INPUT_SARIF_FILE" ]; then
  echo "sarif-file=$INPUT_SARIF_FILE" >> "$GITHUB_OUTPUT"
fi
case $status in
  0) verdict="all questionnaires valid" ;;
  1) verdict="some questionnaires invalid or unreadable" ;;
  *) verdict="formsmith could not run (exit $status): see the log" ;;
esac
[ -n "${GITHUB_STEP_SUMMARY:-}" ] && echo "**Formsmith** \`$INPUT_RULES\`: $verdict" >> "$GITHUB_STEP_SUMMARY"
if [ $status -eq 1 ] && [ "${INPUT_FAIL_ON_INVALID:-true}" != true ]; then exit 0; fi
exit $status
