#!/bin/sh
# Regenerates docs/report.png from the sample tab bar + navigation report.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
RESTORETRACE_SCREENSHOT="$out/report" swift test --package-path "$root" --filter ScreenshotTests >/dev/null
chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
  --window-size=1280,900 --virtual-time-budget=2000 \
  --screenshot="$root/docs/report.png" "file://$out/report/index.html" 2>/dev/null
echo "wrote $root/docs/report.png"
