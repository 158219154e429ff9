#!/usr/bin/env bash
# The main job: set up, build, record the built-in demo app, replay it, and write the report.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product restoretrace
bin=.build/release/restoretrace
"$bin" record -o restoretrace-demo.trace.jsonl
echo
"$bin" replay restoretrace-demo.trace.jsonl
