#!/usr/bin/env bash
# GitHub Action step (action.yml): the cache key of a formsmith build, from the sources it is
# built from, and the folder the built binary is kept in.
set -euo pipefail
cd "$GITHUB_ACTION_PATH"
sources="$( (cat Package.swift; find Sources -type f | LC_ALL=C sort | xargs cat) | sha256sum | cut -c1-16)"
{
  echo "key=formsmith-${RUNNER_OS:-Linux}-$(uname -m)-${FORMSMITH_CONFIGURATION:-release}-$sources"
  echo "directory=${RUNNER_TEMP:-/tmp}/formsmith-bin"
} >> "$GITHUB_OUTPUT"
