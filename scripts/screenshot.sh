#!/usr/bin/env bash
# Regenerates docs/report.png: the built-in demo recorded, replayed, and its report photographed
# by headless Chromium (what the README shows).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swift build --package-path "$root" --product restoretrace >/dev/null
bin="$root/.build/debug/restoretrace"
(cd "$out" && "$bin" record >/dev/null && "$bin" replay restoretrace-demo.trace.jsonl >/dev/null)
chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
  --window-size=1280,1000 --virtual-time-budget=2000 \
  --screenshot="$root/docs/report.png" "file://$out/restoretrace-demo-report/index.html" 2>/dev/null
echo "wrote $root/docs/report.png"
