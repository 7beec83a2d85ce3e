#!/usr/bin/env bash
# README's performance table in one run: builds the Debian package (scripts/build-deb.sh)
# and times its programs, unpacked, as a user runs them: the agent against notify-send
# (scripts/bench-agent.py, 10,000 todos of which 1,000 repeat, then 10,000 with two alarms
# each), KRunner's and GNOME's questions (scripts/bench-launchers.py), the CLI against
# Taskwarrior
# (scripts/bench-cli.py), sync against vdirsyncer (scripts/bench-sync.py), and a command in
# German against the same in C (scripts/bench-language.py), instant sync with push on
# and off (scripts/bench-push.py), and the server's Do Not Disturb (scripts/bench-dnd.py):
# the switch off → the held todo's notification on dunst and Plasma 6.3, and the agent's
# CPU over 10 idle minutes with the switch followed and not. Extra
# arguments go to bench-cli.py.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
deb=$(bash scripts/build-deb.sh "$work" | tail -n 1)
dpkg-deb -x "$deb" "$work/root"
quickdo="$work/root/usr/bin/quickdo"
echo "== $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m)"
/usr/bin/python3 scripts/bench-agent.py --binary "$quickdo" --repeating 1000
# The same with every todo carrying two alarms (reminders on).
/usr/bin/python3 scripts/bench-agent.py --binary "$quickdo" --alarms 2
# KRunner's and GNOME's questions to the agent, at 10,000 pending todos.
/usr/bin/python3 scripts/bench-launchers.py --binary "$quickdo"
# The agent's memory with the launchers' questions, at the table's 10,000 todos (5,000 pending).
/usr/bin/python3 scripts/bench-launchers.py --binary "$quickdo" --completed 5000
/usr/bin/python3 scripts/bench-cli.py --quickdo "$quickdo" "$@"
/usr/bin/python3 scripts/bench-sync.py --quickdo "$quickdo"
/usr/bin/python3 scripts/bench-language.py --quickdo "$quickdo"
/usr/bin/python3 scripts/bench-push.py "$quickdo" 20
/usr/bin/python3 scripts/bench-dnd.py --binary "$quickdo" --real dunst
/usr/bin/python3 scripts/bench-dnd.py --binary "$quickdo" --real plasma-6
/usr/bin/python3 scripts/bench-dnd.py --binary "$quickdo" --idle
