#!/usr/bin/env bash
# GitHub Action step (action.yml): builds formsmith from the action's checkout into
# $FORMSMITH_DIRECTORY, unless the cache step restored one there already. A release build links
# the Swift runtime statically, so a cached binary runs on a runner without Swift.
set -euo pipefail
directory="$FORMSMITH_DIRECTORY"
configuration="${FORMSMITH_CONFIGURATION:-release}"
mkdir -p "$directory"
if [ -x "$directory/formsmith" ] && "$directory/formsmith" --version >/dev/null 2>&1; then
  echo "formsmith $("$directory/formsmith" --version) restored from the cache"
else
  if ! command -v swift >/dev/null; then
    echo "::error title=Formsmith::building formsmith needs Swift 6 on the runner: add a step such as swift-actions/setup-swift, or run the job in the swift:6.0 container"
    exit 2
  fi
  if ! { dpkg -s libpcre2-dev && dpkg -s libz3-dev; } >/dev/null 2>&1 && command -v apt-get >/dev/null; then
    sudo="$(command -v sudo || true)"
    $sudo apt-get install -y --no-install-recommends libpcre2-dev libz3-dev pkg-config
  fi
  flags=(-c "$configuration" --package-path "$GITHUB_ACTION_PATH" --product formsmith)
  if [ "$configuration" = release ]; then flags+=(--static-swift-stdlib); fi
  swift build "${flags[@]}"
  cp "$(swift build "${flags[@]}" --show-bin-path)/formsmith" "$directory/formsmith"
  echo "built formsmith $("$directory/formsmith" --version) ($configuration)"
fi
echo "formsmith=$directory/formsmith" >> "$GITHUB_OUTPUT"
