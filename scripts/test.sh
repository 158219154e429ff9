#!/usr/bin/env bash
# Sets up and runs the whole test suite (unit, golden, end-to-end and browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --with-browser
# Style first: a formatting slip fails in seconds, not after the build.
swift format lint --strict --recursive Package.swift Sources Tests
swift build --build-tests
swift test --skip-build
