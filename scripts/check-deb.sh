#!/usr/bin/env bash
# Installs a quickdo .deb with apt on this machine and checks it as a user would meet it:
# the version, add/list/done on a temp database, the systemd user unit, the desktop
# entries, a man page, lintian; then removes and purges it and checks that none of its
# files is left. Uses sudo when not root. Usage: bash scripts/check-deb.sh quickdo_VERSION_amd64.deb
set -euo pipefail
deb=$(realpath "$1")
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh lintian systemd man-db desktop-file-utils
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
# Due times are written with ICU's locale data, which the package carries only in part
# (scripts/icu-data.py): a date must still come out, in a locale's form and in JSON.
quickdo add "Take the pills" --due "2030-01-02 09:00" --repeat weekdays >/dev/null
quickdo list | grep "Take the pills  (due 2 Jan 2030 at 9:00" | grep -q "(every weekday at 09:00)" \
  || { quickdo list; echo "the due date is not written out"; exit 1; }
quickdo done "$id"
quickdo list --completed --json | grep -q "\"$id\""
# With no session bus the agent says so (69).
status=0
env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$work" quickdo agent 2>"$work/agent.err" || status=$?
[ "$status" = 69 ] || { cat "$work/agent.err"; echo "quickdo agent exited $status, not 69"; exit 1; }
quickdo install | grep -q "systemctl --user enable --now quickdo"
# The sync program is found under /usr/libexec: with no account configured it says so (65).
status=0
quickdo sync 2>"$work/sync.err" || status=$?
[ "$status" = 65 ] && grep -q "no CalDAV account" "$work/sync.err" || { cat "$work/sync.err"; echo "quickdo sync exited $status, not 65"; exit 1; }

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
