#!/usr/bin/env bash
# The main job: installs what is missing, builds quickdo and runs its agent in the
# foreground with the built-in default config and the default database. Without a desktop
# session (no D-Bus session bus) the agent exits 69 and says so; scripts/demo.sh shows it
# working on a machine without a desktop.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# quickdo-sync is what `quickdo sync`, and the agent's syncs, run in a source build.
swift build -c release --product quickdo-sync --static-swift-stdlib
swift build -c release --product quickdo --static-swift-stdlib
# The translations, where the built quickdo finds them: beside itself, in locale/.
bash scripts/build-locale.sh .build/release/locale >/dev/null
exec .build/release/quickdo agent "$@"
