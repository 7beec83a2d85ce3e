#!/usr/bin/env bash
# README's performance table in one run: builds the Debian package (scripts/build-deb.sh)
# and times its programs, unpacked, as a user runs them:
# - the agent against notify-send (scripts/bench-agent.py): 10,000 todos of which 1,000
#   repeat, 200 of which 20 repeat, then 10,000 with two alarms each;
# - KRunner's and GNOME's questions, and the agent's memory at 10,000 and 100,000 todos
#   (scripts/bench-launchers.py);
# - the CLI against Taskwarrior, and alone at 100,000 todos (scripts/bench-cli.py; extra
#   arguments go to it);
# - sync against vdirsyncer (scripts/bench-sync.py), a command in German against the same
#   in C (scripts/bench-language.py), instant sync with push on and off
#   (scripts/bench-push.py);
# - the server's Do Not Disturb (scripts/bench-dnd.py): the switch off → the held todo's
#   notification on dunst and Plasma 6.3, and the agent's CPU over 10 idle minutes with the
#   switch followed and not.
set -euo pipefail
cd "$(dirname "$0")/.."
# With what the Do Not Disturb rows need: dunst on Xvfb, and Plasma 6.3 from the Debian 13
# root that real-servers.sh also uses.
bash scripts/install-deps.sh xvfb xdotool at-spi2-core python3-pyatspi python3-gi dunst
bash scripts/debian13-root.sh plasma
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
deb=$(bash scripts/build-deb.sh "$work" | tail -n 1)
dpkg-deb -x "$deb" "$work/root"
quickdo="$work/root/usr/bin/quickdo"
echo "== $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m)"
/usr/bin/python3 scripts/bench-agent.py --binary "$quickdo" --repeating 1000
# The same press with 200 todos (20 repeating): what a press costs that a long list does not add.
/usr/bin/python3 scripts/bench-agent.py --binary "$quickdo" --todos 200 --repeating 20 --presses 80
# The same with every todo carrying two alarms (reminders on).
/usr/bin/python3 scripts/bench-agent.py --binary "$quickdo" --alarms 2
# KRunner's and GNOME's questions to the agent, at 10,000 pending todos.
/usr/bin/python3 scripts/bench-launchers.py --binary "$quickdo"
# The agent's memory with the launchers' questions, at the table's 10,000 todos (5,000 pending).
/usr/bin/python3 scripts/bench-launchers.py --binary "$quickdo" --completed 5000
# ... and at 100,000 todos (50,000 pending).
/usr/bin/python3 scripts/bench-launchers.py --binary "$quickdo" --todos 100000 --completed 50000
# The CLI against Taskwarrior up to 10,000 pending, then quickdo alone at 100,000 todos.
/usr/bin/python3 scripts/bench-cli.py --quickdo "$quickdo" --alone 50000 "$@"
/usr/bin/python3 scripts/bench-sync.py --quickdo "$quickdo"
/usr/bin/python3 scripts/bench-language.py --quickdo "$quickdo"
/usr/bin/python3 scripts/bench-push.py "$quickdo" 20
/usr/bin/python3 scripts/bench-dnd.py --binary "$quickdo" --real dunst
/usr/bin/python3 scripts/bench-dnd.py --binary "$quickdo" --real plasma-6
/usr/bin/python3 scripts/bench-dnd.py --binary "$quickdo" --idle
