#!/usr/bin/env bash
# A demo for a machine without a desktop: a virtual X display (Xvfb), the dunst
# notification daemon on a private D-Bus bus, a few sample todos and the quickdo agent.
# Saves a screenshot of the notifications, presses "Done" on one through dunst's
# context menu (`dunstctl context`, answered by a script standing in for dmenu), saves a
# second screenshot, and prints `quickdo list --all`. Nothing touches your own desktop or
# database. Usage: bash scripts/demo.sh [OUTPUT_DIR]   (default: ./demo-output)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-demo-output}")
mkdir -p "$out"

bash scripts/install-deps.sh xvfb dunst imagemagick
swift build -c release --product quickdo --static-swift-stdlib
quickdo="$PWD/.build/release/quickdo"

work=$(mktemp -d /tmp/quickdo-demo.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

step() { printf '\n== %s\n' "$*"; }

step "virtual display and a private session bus"
display=":$((90 + RANDOM % 100))"
Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
export DISPLAY=$display
mkdir -p "$work/services"
cat >"$work/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen><auth>EXTERNAL</auth>
<servicedir>$work/services</servicedir>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/></policy></busconfig>
CONF
dbus-daemon --config-file="$work/bus.conf" --print-address=1 --nofork >"$work/address" 2>/dev/null &
pids+=($!)
for _ in $(seq 50); do [ -s "$work/address" ] && break; sleep 0.1; done
DBUS_SESSION_BUS_ADDRESS=$(head -n1 "$work/address")
export DBUS_SESSION_BUS_ADDRESS
echo "DISPLAY=$DISPLAY DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS"

step "dunst (its context menu answered by a script that picks \"Done\")"
cat >"$work/pick-mark-done" <<'PICK'
#!/bin/sh
# Stands in for dmenu: dunst writes its menu on stdin and runs the line we print.
tee -a "$(dirname "$0")/menu.txt" | grep -m1 '^#Done '
PICK
chmod +x "$work/pick-mark-done"
cat >"$work/dunstrc" <<CONF
[global]
    font = Monospace 11
    width = 420
    offset = 20x20
    frame_width = 2
    dmenu = $work/pick-mark-done
    show_indicators = yes
CONF
dunst -config "$work/dunstrc" >"$work/dunst.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do
  dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
    string:org.freedesktop.Notifications 2>/dev/null | grep -q true && break
  sleep 0.1
done

step "sample todos"
export QUICKDO_DB="$work/todos.sqlite"
"$quickdo" add "Water the plants" --priority high
"$quickdo" add "Pay the electricity bill" --due "tomorrow 9:00" --notes "Account 42-17"
"$quickdo" add "Read the quickdo README" --url https://github.com/ --priority low
"$quickdo" list

step "the agent"
"$quickdo" agent --log-level info 2>"$work/agent.log" &
pids+=($!)
sleep 2
import -window root "$out/1-notifications.png"
echo "saved $out/1-notifications.png"

step "pressing \"Done\" (dunstctl context)"
dunstctl context
sleep 1.5
echo "dunst's menu was:"
sed 's/^/    /' "$work/menu.txt" 2>/dev/null || echo "    (empty)"
import -window root "$out/2-after-mark-done.png"
echo "saved $out/2-after-mark-done.png"

step "quickdo list --all"
"$quickdo" list --all

step "agent log"
cat "$work/agent.log"
