#!/usr/bin/env bash
# formsmith in an Apache Spark stage (integrations/spark/): PySpark in local mode (local[2],
# Java 17) validates 100,000 generated questionnaires with labelled defects in several
# partitions; the results and the merged summary must equal one `formsmith validate` run's,
# and every labelled defect must be found. About two minutes with the debug build.
#   usage: scripts/integration/spark.sh [COUNT]   (after swift build)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
formsmith="$root/${FORMSMITH:-.build/debug/formsmith}"
count="${1:-100000}"

if ! command -v java >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
bin="$(scripts/tool-venv pyspark==4.3.0)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
today=2026-11-22
"$formsmith" generate --rules Rules/osago-policy.yaml --count "$count" --seed 2026 --today "$today" \
  --invalid-rate 0.2 --output "$work/forms.jsonl"
"$formsmith" validate --rules Rules/osago-policy.yaml --today "$today" --report jsonl \
  --output "$work/single.jsonl" "$work/forms.jsonl" || [ $? = 1 ]
"$bin/python" integrations/spark/check_spark.py "$formsmith" "$root/Rules/osago-policy.yaml" "$work/forms.jsonl" \
  "$work/forms.jsonl.labels.jsonl" "$work/single.jsonl" "$today"
