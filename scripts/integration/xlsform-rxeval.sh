#!/usr/bin/env bash
# Differential check of the XLSForm import against the evaluators ODK runs: each form of the
# corpus (Tests/FormsmithCLITests/Fixtures/xlsform-corpus) is converted by pyxform to its XForm,
# Formsmith generates seeded submissions (valid and labelled invalid, as JSON Lines, as a
# KoboToolbox export and as an ODK Central CSV export) and validates them, and rxeval evaluates
# the XForm's own relevant, required, constraint and choice_filter over the same submissions. Every per-field difference
# must be one docs/xlsform-differential.md decides and xlsform_rxeval.py names; any other fails.
#   usage: scripts/integration/xlsform-rxeval.sh [--forms N] [--count N] [--seed S] [--match TEXT]
#   (default: all forms, 10 submissions of each shape per form, seed 1: about a minute)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$("$root/scripts/tool-venv" pyxform==4.5.0 rxeval==0.1.1)"
binary="${FORMSMITH:-$root/.build/debug/formsmith}"
[ -x "$binary" ] || (cd "$root" && swift build >&2)
"$bin/python" "$root/scripts/integration/xlsform_rxeval.py" "$binary" \
  "$root/Tests/FormsmithCLITests/Fixtures/xlsform-corpus" --count 10 "$@"
