#!/usr/bin/env bash
# Installs a quickdo .deb with apt on this machine and checks it as a user would meet it:
# the version, add/list/done on a temp database, the systemd user unit, the desktop
# entries, a launcher's question starting the agent, a man page, lintian; then removes and purges it and checks that none of its
# files is left. Uses sudo when not root. Usage: bash scripts/check-deb.sh quickdo_VERSION_amd64.deb
set -euo pipefail
deb=$(realpath "$1")
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh lintian systemd man-db desktop-file-utils radicale openssl curl appstream dbus libglib2.0-bin
export DEBIAN_FRONTEND=noninteractive
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo --preserve-env=DEBIAN_FRONTEND)
step() { printf '== %s\n' "$*"; }

step "lintian"
lintian --fail-on error,warning --info "$deb"

step "the package's size, and the libraries loaded at every start"
echo "Installed-Size $(dpkg-deb -f "$deb" Installed-Size) KiB, the .deb $(stat -c %s "$deb") bytes"
unpacked=$(mktemp -d)
dpkg-deb -x "$deb" "$unpacked"
# What only the agent calls loads on first use (Sources/CLoadOnUse), not at the start of
# every CLI command.
if readelf -d "$unpacked/usr/bin/quickdo" | grep -E 'NEEDED.*(notify|glib|gio|gobject|xml2)'; then
  echo "quickdo loads these at every start: the linker was handed them (pkg-config?)"
  exit 1
fi
rm -rf "$unpacked"

step "the AppStream metainfo software centres read"
metainfo=$(mktemp -d)
dpkg-deb -x "$deb" "$metainfo"
appstreamcli validate --no-net "$metainfo/usr/share/metainfo/io.github.quickdo.quickdo.metainfo.xml"
rm -rf "$metainfo"

step "apt-get install"
"${as_root[@]}" apt-get install -y -qq "$deb" >/dev/null
files=$(dpkg -L quickdo)
package_version=$(dpkg-query -W -f='${Version}' quickdo)
[ "$(quickdo --version)" = "${package_version%-*}" ]
echo "quickdo --version: $(quickdo --version)"

step "add, list, done on a temp database"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export QUICKDO_DB="$work/todos.sqlite" XDG_CONFIG_HOME="$work/config"
id=$(quickdo add "Try the package")
quickdo list | grep -q "Try the package"
quickdo add "Take the pills" --due "2030-01-02 09:00" --repeat weekdays >/dev/null
LC_ALL=C.UTF-8 quickdo list | grep "Take the pills  (due 2030-01-02 09:00)" | grep -q "(every weekday at 09:00)" \
  || { quickdo list; echo "the due date is not written out"; exit 1; }
# The translations the package installs in /usr/share/locale, found with no setting.
german=$(LC_ALL= LANGUAGE= LANG=de_DE.UTF-8 quickdo list 2>&1)
echo "$german" | grep -q "(jeden Werktag um 09:00)" || { echo "$german"; echo "no German from the package"; exit 1; }
quickdo done "$id"
quickdo list --completed --json | grep -q "\"$id\""
# With no session bus the agent says so (69).
status=0
env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$work" quickdo agent 2>"$work/agent.err" || status=$?
[ "$status" = 69 ] || { cat "$work/agent.err"; echo "quickdo agent exited $status, not 69"; exit 1; }
quickdo install | grep -q "systemctl --user enable --now quickdo"

step "KRunner's and GNOME's question starts the agent (the package's D-Bus activation file)"
# A session bus that reads the installed services, as a desktop's does; the question comes
# with no agent running, and the agent the bus starts answers it from the database.
dbus-daemon --session --fork --print-address=1 --print-pid=1 >"$work/bus" 2>/dev/null
bus_address=$(sed -n 1p "$work/bus") bus_pid=$(sed -n 2p "$work/bus")
matched=$(DBUS_SESSION_BUS_ADDRESS="$bus_address" gdbus call --session --timeout 20 --dest org.quickdo.Agent \
  --object-path /org/quickdo/Runner --method org.kde.krunner1.Match "'Take the pills'" 2>&1) || true
agent=$(DBUS_SESSION_BUS_ADDRESS="$bus_address" gdbus call --session --dest org.freedesktop.DBus \
  --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.GetConnectionUnixProcessID org.quickdo.Agent \
  2>/dev/null | sed -n 's/.*uint32 \([0-9]*\).*/\1/p') || true
[ -z "$agent" ] || kill "$agent" || true
kill "$bus_pid" || true
echo "$matched" | grep -q "'Take the pills'" || { echo "$matched"; echo "the activated agent did not answer Match"; exit 1; }
echo "Match answered by the agent D-Bus activation started: $matched" | cut -c1-160
# Sync's image loads: with no account configured it says so (65).
status=0
quickdo sync 2>"$work/sync.err" || status=$?
[ "$status" = 65 ] && grep -q "no CalDAV account" "$work/sync.err" || { cat "$work/sync.err"; echo "quickdo sync exited $status, not 65"; exit 1; }

step "sync with Radicale over TLS: the sync image's HTTP, TLS and time zones"
dav="$work/dav"
mkdir -p "$dav"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 -keyout "$dav/key.pem" -out "$dav/cert.pem" 2>/dev/null
echo "me:secret" >"$dav/users"
port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf '[server]\nhosts = 127.0.0.1:%s\nssl = True\ncertificate = %s\nkey = %s\n[auth]\ntype = htpasswd\nhtpasswd_filename = %s\nhtpasswd_encryption = plain\n[storage]\nfilesystem_folder = %s\n[logging]\nlevel = warning\n' \
  "$port" "$dav/cert.pem" "$dav/key.pem" "$dav/users" "$dav/collections" >"$dav/config"
radicale --config "$dav/config" 2>"$dav/radicale.log" &
radicale_pid=$!
trap 'kill "$radicale_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
dav_url="https://127.0.0.1:$port"
dav() { curl -fsS --cacert "$dav/cert.pem" -u me:secret "$@"; }
for _ in $(seq 100); do dav -o /dev/null "$dav_url/" 2>/dev/null && break; sleep 0.1; done
dav -X MKCALENDAR -H 'Content-Type: application/xml' "$dav_url/me/tasks/" --data \
  '<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>Tasks</D:displayname><C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>' >/dev/null
# A todo a phone wrote, due 9:00 in Berlin (8:00 UTC in January).
printf '%s\r\n' BEGIN:VCALENDAR VERSION:2.0 PRODID:-//phone//EN BEGIN:VTIMEZONE TZID:Europe/Berlin \
  BEGIN:STANDARD DTSTART:19701025T030000 RRULE:FREQ=YEARLY\;BYMONTH=10\;BYDAY=-1SU TZOFFSETFROM:+0200 \
  TZOFFSETTO:+0100 END:STANDARD BEGIN:DAYLIGHT DTSTART:19700329T020000 RRULE:FREQ=YEARLY\;BYMONTH=3\;BYDAY=-1SU \
  TZOFFSETFROM:+0100 TZOFFSETTO:+0200 END:DAYLIGHT END:VTIMEZONE BEGIN:VTODO UID:pills@phone \
  DTSTAMP:20300101T000000Z "SUMMARY:Pills from the phone" DUE\;TZID=Europe/Berlin:20300102T090000 END:VTODO \
  END:VCALENDAR | dav -X PUT -H 'Content-Type: text/calendar' --data-binary @- "$dav_url/me/tasks/pills.ics" >/dev/null
mkdir -p "$XDG_CONFIG_HOME/quickdo"
printf '[[sync.caldav]]\nname = "check"\nurl = "%s/"\nusername = "me"\npassword = "secret"\nca_file = "%s"\n' \
  "$dav_url" "$dav/cert.pem" >"$XDG_CONFIG_HOME/quickdo/config.toml"
chmod 600 "$XDG_CONFIG_HOME/quickdo/config.toml"
quickdo sync
pills=$(quickdo list --json | /usr/bin/python3 -c '
import json, sys
todo = next(t for t in json.load(sys.stdin) if t["title"] == "Pills from the phone")
assert todo["due"].startswith("2030-01-02T08:00:00"), todo["due"]
print(todo["id"])') || { quickdo list --json; echo "the phone's todo did not arrive as due 08:00 UTC"; exit 1; }
quickdo done "$pills"
quickdo sync
dav "$dav_url/me/tasks/pills.ics" | grep -q "^STATUS:COMPLETED" \
  || { dav "$dav_url/me/tasks/pills.ics"; echo "Done did not reach the server"; exit 1; }
kill "$radicale_pid"
rm "$XDG_CONFIG_HOME/quickdo/config.toml"

step "the unit, the desktop entries, the icon, a man page"
XDG_RUNTIME_DIR="$work" systemd-analyze --user verify /usr/lib/systemd/user/quickdo.service
desktop-file-validate /usr/share/applications/quickdo.desktop /usr/share/quickdo/quickdo-agent.desktop
grep -q "<svg" /usr/share/icons/hicolor/scalable/apps/quickdo.svg
man -l /usr/share/man/man1/quickdo.1.gz | grep -q "quickdo"

step "apt-get remove, then purge: nothing of the package is left; the user's files are"
"${as_root[@]}" apt-get remove -y -qq quickdo >/dev/null
# It has no conffiles, so remove already forgets it; purge is for a package that had.
if dpkg-query -W quickdo >/dev/null 2>&1; then "${as_root[@]}" apt-get purge -y -qq quickdo >/dev/null; fi
left=$(echo "$files" | while read -r path; do [ -f "$path" ] || [ -L "$path" ] && echo "$path"; done || true)
[ -z "$left" ] || { echo "left behind: $left"; exit 1; }
[ -f "$work/todos.sqlite" ]
echo "check-deb: the package installs, works and goes without a trace"
