#!/usr/bin/env bash
# README's performance table in one run: builds the release binaries as the Debian package
# does, then times the agent against notify-send (scripts/bench-agent.py) and the CLI
# against Taskwarrior (scripts/bench-cli.py) and sync against vdirsyncer
# (scripts/bench-sync.py). Extra arguments go to bench-cli.py.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# SwiftPM keeps an earlier release build's link commands, which may lack the flag.
rm -f .build/release.yaml
read -ra icu_data < <(/usr/bin/python3 scripts/icu-data.py .build/icu-data)
swift build -c release --static-swift-stdlib "${icu_data[@]}" --product quickdo-sync
swift build -c release --static-swift-stdlib "${icu_data[@]}" --product quickdo
echo "== $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m)"
/usr/bin/python3 scripts/bench-agent.py --binary .build/release/quickdo
/usr/bin/python3 scripts/bench-cli.py --quickdo .build/release/quickdo "$@"
/usr/bin/python3 scripts/bench-sync.py --quickdo .build/release/quickdo
