#!/usr/bin/env bash
# The first sync of 1,000 todos on every CalDAV server the sync tests run (Radicale,
# Xandikos, sabre/dav 1.8, sabre/dav 4.7 as Nextcloud and as Baikal, Cyrus, DAViCal, SOGo):
# a release build of quickdo against vdirsyncer in the same run (one untimed round each,
# then the median of 5), with each server's own time for one answer holding every todo.
# Prints a Markdown table.
# Usage: scripts/bench-sync-servers.sh [server,...]   (radicale, xandikos, sabredav,
# nextcloud, baikal, cyrus, davical, sogo; all when none is named)
set -euo pipefail
cd "$(dirname "$0")/.."
# Release builds with the Swift runtime linked in (the package runs the same sync code from
# its image, scripts/link-sync-image.py).
for product in quickdo quickdo-sync; do
  swift build -c release --static-swift-stdlib --product "$product" 2>&1 | grep -v "prohibited flag" | tail -n 1
done
binary="$(swift build -c release --show-bin-path)/quickdo"
swift build --build-tests 2>&1 | grep -v "prohibited flag" | tail -n 1
echo "| server | quickdo ms | vdirsyncer ms | vdirsyncer / quickdo | server's own answer ms |"
echo "| --- | ---: | ---: | ---: | ---: |"
QUICKDO_SERVERS="${1:-}" QUICKDO_BENCH_BINARY="$binary" swift test --skip-build --filter ServerBenchmarkTests 2>&1 \
  | grep -E '^\| |✘' || true
