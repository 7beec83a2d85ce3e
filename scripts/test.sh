#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test.
# Tests run one at a time (--no-parallel): some use a process-wide serial executor for
# deterministic clocks, and the end-to-end tests each start a private D-Bus bus.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build --no-parallel
