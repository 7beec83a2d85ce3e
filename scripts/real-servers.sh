#!/usr/bin/env bash
# The agent on real notification servers: dunst, xfce4-notifyd, mate-notification-daemon,
# GNOME's notification-daemon, lxqt-notificationd, KDE Plasma 5.27, GNOME Shell 43, Cinnamon
# 5.6 and Budgie 10.7 from Debian 12, with mako 1.7 and SwayNotificationCenter 0.7 inside a
# headless sway; and Plasma 6.3 and GNOME Shell 48 from a Debian 13 root made on first use
# (scripts/debian13-root.sh). Plasma also runs on a laptop's 1366x768 screen. Each runs on
# its own display and private D-Bus bus, started here and, where its package ships a
# .service file, started by the bus at the agent's request. Buttons are pressed as a person
# would: AT-SPI, xdotool, dunst's context menu, GNOME Shell's own virtual pointer, Cinnamon
# read through its own Eval and clicked with xdotool, and mako, which draws no buttons,
# through `makoctl menu` with a picker standing in for wofi. dunst-de is dunst on a German
# desktop (LANG=de_DE.UTF-8): the buttons and the "Done: …" offer must be German.
# Screenshots go to real-servers-output/ (or $1). Usage:
#   bash scripts/real-servers.sh [OUTPUT_DIR] [--server NAME]... [--mode running|activated|both]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-real-servers-output}
[ $# -gt 0 ] && shift
bash scripts/install-deps.sh xvfb xdotool imagemagick at-spi2-core python3-pyatspi \
  dunst xfce4-notifyd mate-notification-daemon notification-daemon lxqt-notificationd \
  plasma-desktop kactivitymanagerd gnome-shell gjs python3-gi cinnamon budgie-core \
  sway grim mako-notifier jq sway-notification-center
quickdo=${QUICKDO_BIN:-}
if [ -z "$quickdo" ]; then
  swift build --product quickdo
  quickdo="$(swift build --show-bin-path)/quickdo"
fi
# The translations beside it, where it finds them (dunst-de runs on a German desktop).
bash scripts/build-locale.sh "$(dirname "$quickdo")/locale" >/dev/null
exec /usr/bin/python3 -u scripts/real-servers.py --quickdo "$quickdo" --out "$out" --retries 1 "$@"
