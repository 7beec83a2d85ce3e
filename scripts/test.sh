#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test.
# Each test process runs its tests one at a time (--no-parallel): some use a process-wide
# serial executor for deterministic clocks, and the end-to-end tests each start a private
# D-Bus bus.
set -euo pipefail
cd "$(dirname "$0")/.."
# The tests read English unless one asks for a language; those set their own.
unset LANGUAGE LC_MESSAGES LC_TIME
export LC_ALL=C.UTF-8
bash scripts/install-deps.sh
swift build --build-tests
bin=$(swift build --show-bin-path)
# The translations: the template holds every message of the sources, and each catalog
# translates all of them with the same placeholders (msgfmt --check); compiled beside the
# debug build, where its quickdo finds them.
bash scripts/update-pot.sh --check
bash scripts/build-locale.sh "$bin/locale"
# The test binary is run itself: two `swift test` would wait for each other's lock on .build.
# It runs Swift Testing's tests, which all of them are: an XCTestCase would not run here.
run_tests() { "$bin/quickdoPackageTests.xctest" --testing-library swift-testing --no-parallel "$@"; }
# Its marks without colour codes where they go to a file (CI's log, the sync tests' below).
[ -t 1 ] || export NO_COLOR=1
# The sync tests in a second process beside all the others, which takes about half as long
# as one after the other on two cores: the sync tests spend their time in the CalDAV
# servers' CPU, the agent's end-to-end tests mostly wait on timers and buses.
sync_log=$(mktemp)
trap 'rm -f "$sync_log"' EXIT
NO_COLOR=1 run_tests --filter '^TodoSyncTests\.' >"$sync_log" 2>&1 &
sync_tests=$!
status=0
run_tests --skip '^TodoSyncTests\.' || status=$?
wait "$sync_tests" || status=$?
echo "== the sync tests (TodoSyncTests), run beside the others"
cat "$sync_log"
[ "$status" -eq 0 ] || exit "$status"
# The agent on real notification servers, KDE Plasma 5.27 and 6.3 and GNOME Shell 43 and 48
# among them, buttons pressed through AT-SPI, xdotool, dunst's menu and GNOME Shell's own
# virtual pointer (scripts/real-servers.sh; a few minutes, and a few more the first time,
# to make the Debian 13 roots).
QUICKDO_BIN="$bin/quickdo" bash scripts/real-servers.sh real-servers-output
# Crash safety, short version (scripts/crash-test.sh runs 300 kills): kill -9 the CLI and
# the agent 30 times and check nothing acknowledged was lost.
QUICKDO_BIN="$bin/quickdo" bash scripts/crash-test.sh 30
# The Debian package: built from a release build, checked with lintian, installed with apt,
# used, removed and purged (scripts/build-deb.sh, scripts/check-deb.sh).
deb=$(bash scripts/build-deb.sh .build/deb | tail -n 1)
bash scripts/check-deb.sh "$deb"
# libFuzzer on the parsers of outside text (config, deep links, iCalendar objects,
# multistatus answers, repeat rules, quick-add lines, catalogs): 100,000 inputs each from a
# fixed seed, so CI tries the same inputs as the last local run (scripts/libfuzz.sh: 60 s,
# random seed).
bash scripts/libfuzz.sh --runs 100000
