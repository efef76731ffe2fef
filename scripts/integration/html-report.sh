#!/usr/bin/env bash
# The HTML audit report in a real browser: headless Chromium (Debian's `chromium`) renders the
# shipped samples' report to PNG. Fails when the page is blank, when Chromium logs a script
# error or a Content-Security-Policy violation (the page may load nothing: no script, no
# font, no image from anywhere), or when the rendered DOM lacks the report's sections.
#   usage: scripts/integration/html-report.sh [--update-image]   (after swift build)
#   --update-image also writes docs/images/audit-report.png, the picture in the README.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
formsmith="${FORMSMITH:-.build/debug/formsmith}"

if ! command -v chromium >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
"$formsmith" validate --rules Rules/osago-policy.yaml --today 2026-11-22 --report html \
  --output "$work/report.html" SampleData/osago-policy || status=$?
[ "$status" = 1 ] || { echo "html-report: expected exit 1 (the samples hold invalid questionnaires), got $status"; exit 1; }

browse() {
  # A fresh profile each time; no sandbox, since CI runs as root.
  timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$work/profile" --enable-logging=stderr --v=0 "$@" "file://$work/report.html"
}
browse --window-size=1200,1500 --screenshot="$work/report.png" 2>"$work/screenshot.log" >/dev/null
browse --dump-dom 2>"$work/dom.log" >"$work/dom.html"

if grep -E "Uncaught|Refused to|Content Security Policy|CONSOLE.*(error|Error)" "$work/screenshot.log" "$work/dom.log"; then
  echo "html-report: the browser reported a script error or a blocked load (above)"
  exit 1
fi
for section in 'id="totals"' 'id="by-rule"' 'id="by-field"' 'id="by-section"' 'id="fields"' 'id="examples"' \
               'id="unreadable"' '<rect'; do
  grep -q "$section" "$work/dom.html" || { echo "html-report: the rendered page lacks $section"; exit 1; }
done

# Blank page: decode the PNG (standard library only) and count pixels that are not background.
python3 - "$work/report.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, chunks, header = 8, [], None
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR": header = struct.unpack(">IIBBBBB", body)
    if kind == b"IDAT": chunks.append(body)
    pos += 12 + length
width, height, depth, colour = header[:4]
assert depth == 8 and colour in (2, 6), f"unexpected PNG format {depth}/{colour}"
channels = 3 if colour == 2 else 4
raw, stride = zlib.decompress(b"".join(chunks)), width * channels
previous, ink, colours = bytearray(stride), 0, set()
for row in range(height):
    kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
    for i in range(stride):
        left = line[i - channels] if i >= channels else 0
        up, corner = previous[i], previous[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + left) & 255
        elif kind == 2: line[i] = (line[i] + up) & 255
        elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
        elif kind == 4:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
    for x in range(0, stride, channels * 4):
        pixel = bytes(line[x:x + 3])
        colours.add(pixel)
        if pixel != b"\xff\xff\xff": ink += 1
    previous = line
share = ink / (height * width / 4)
print(f"html-report: {width}x{height} PNG, {share:.1%} of sampled pixels drawn, {len(colours)} colours")
if share < 0.03 or len(colours) < 8:
    sys.exit("html-report: the rendered page is blank or nearly so")
PY

if [ "${1:-}" = "--update-image" ]; then
  cp "$work/report.png" docs/images/audit-report.png
  echo "html-report: wrote docs/images/audit-report.png"
fi
echo "html-report: ok"
