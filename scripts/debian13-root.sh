#!/usr/bin/env bash
# Makes the Debian 13 roots from which scripts/real-servers.py runs today's notification
# servers (GNOME Shell 48, Plasma 6.3) with quickdo outside them, unless already made.
# Usage: bash scripts/debian13-root.sh gnome|plasma...  (into $QUICKDO_ROOTS, by default
# /var/tmp/quickdo-roots; needs root, for mmdebstrap and the servers' chroot).
set -euo pipefail
cd "$(dirname "$0")/.."
roots=${QUICKDO_ROOTS:-/var/tmp/quickdo-roots}
bash scripts/install-deps.sh mmdebstrap
sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
# The Debian archive this machine's apt already uses, whichever file names it (.sources or
# sources.list), so the roots come through the same mirror or proxy; the security
# archive is not it. apt names it, so this script names no host.
mirror=$(apt-get indextargets --no-release-info --format '$(REPO_URI)' 'Created-By: Packages' \
  | grep -v -- '-security/*$' | sort -u | head -n 1)
if [ -z "$mirror" ]; then
  echo "debian13-root.sh: apt names no Debian archive (run 'apt-get update' first)" >&2
  exit 69
fi
for name in "$@"; do
  case $name in
    gnome) packages=gnome-shell,gjs ;;
    plasma) packages=plasma-desktop,plasma-workspace,kactivitymanagerd,at-spi2-core ;;
    *) echo "debian13-root.sh: no root called $name (gnome, plasma)" >&2; exit 64 ;;
  esac
  [ -f "$roots/$name/.made" ] && continue
  echo "making the Debian 13 root $roots/$name (a few minutes)"
  $sudo rm -rf "$roots/$name.new"
  $sudo mkdir -p "$roots"
  $sudo mmdebstrap --quiet --variant=apt --include="$packages,dbus,dbus-bin,libglib2.0-bin,fonts-dejavu-core" \
    trixie "$roots/$name.new" "$mirror"
  # QtDBus and the bus want a machine id; mmdebstrap leaves it empty.
  dbus-uuidgen | $sudo tee "$roots/$name.new/etc/machine-id" >/dev/null
  $sudo touch "$roots/$name.new/.made"
  $sudo rm -rf "$roots/$name"
  $sudo mv -T "$roots/$name.new" "$roots/$name"
done
