#!/usr/bin/env bash
# Kill -9 quickdo (the CLI during `add`, the agent right after button presses) at random
# moments and check that nothing acknowledged is lost (see scripts/crash-test.py).
# Usage: scripts/crash-test.sh [KILLS]   (default 300; CI runs 30)
# QUICKDO_BIN picks the binary; otherwise a release build is made.
set -euo pipefail
cd "$(dirname "$0")/.."
kills="${1:-300}"
binary="${QUICKDO_BIN:-}"
if [ -z "$binary" ]; then
  swift build -c release --product quickdo >/dev/null
  binary=.build/release/quickdo
fi
exec /usr/bin/python3 scripts/crash-test.py --binary "$binary" --kills "$kills"
