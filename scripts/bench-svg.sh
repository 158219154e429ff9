#!/bin/sh
# Times DOT building and in-process SVG rendering for ~2,000- and ~10,000-node hierarchies (release build).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
RESTORETRACE_BENCH=1 swift test --package-path "$root" -c release -Xswiftc -enable-testing --filter SVGBenchmark 2>&1 | grep BENCH
