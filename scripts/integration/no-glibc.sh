#!/usr/bin/env bash
# Portability: in the product, only the platform layer (Sources/FormsmithCore/Platform/) names
# the glibc module; everything else calls `Platform`, so the package builds on macOS too (which
# cannot be built here). Anywhere (product, tests, fuzz targets), a line naming Glibc must sit
# inside an `#if canImport(Glibc)` branch. Fails, naming each offending line, otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."

status=0
if offenders=$(grep -rn --include='*.swift' -w 'Glibc' Sources | grep -v '^Sources/FormsmithCore/Platform/'); then
  echo "no-glibc: product code outside Sources/FormsmithCore/Platform/ names Glibc; call Platform instead:" >&2
  echo "$offenders" >&2
  status=1
fi

while IFS= read -r file; do
  if ! awk -v file="$file" '
      /^[[:space:]]*#if[[:space:]]+canImport\(Glibc\)/ { depth++; linux[depth] = 1; next }
      /^[[:space:]]*#if/                               { depth++; linux[depth] = 0; next }
      /^[[:space:]]*#(else|elseif)/                    { if (depth > 0) linux[depth] = 0; next }
      /^[[:space:]]*#endif/                            { if (depth > 0) depth--; next }
      /^[[:space:]]*\/\//                              { next }
      /(^|[^[:alnum:]_])Glibc([^[:alnum:]_]|$)/ {
        inside = 0
        for (level = 1; level <= depth; level++) if (linux[level]) inside = 1
        if (!inside) { print file ":" NR ": names Glibc outside an #if canImport(Glibc) branch"; bad = 1 }
      }
      END { exit bad }' "$file" >&2; then
    status=1
  fi
done < <(grep -rlw --include='*.swift' 'Glibc' Sources Tests Fuzz 2>/dev/null || true)

[ "$status" -eq 0 ] && echo "no-glibc: only the platform layer names Glibc in the product, always in Linux-only branches"
exit "$status"
