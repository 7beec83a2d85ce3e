#!/usr/bin/env bash
# The main job: installs what is missing, builds quickdo and runs its agent in the
# foreground with the built-in default config and the default database.
# (Until the agent lands, quickdo without a subcommand prints its help.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product quickdo --static-swift-stdlib
if .build/release/quickdo help agent >/dev/null 2>&1; then
  exec .build/release/quickdo agent "$@"
fi
exec .build/release/quickdo "$@"
