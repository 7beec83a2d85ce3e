#!/usr/bin/env bash
# Builds quickdo_<version>_amd64.deb from a release build with the Swift runtime linked in
# (--static-swift-stdlib): no Swift toolchain is needed where it is installed. The version
# is debian/changelog's (its upstream part is what `quickdo --version` prints); Depends is
# computed from the binaries (dpkg-shlibdeps). Writes the package to OUTPUT_DIR (default:
# the current directory) and prints its path.
#
# Sync ships as an image, /usr/lib/quickdo/quickdo-sync.so, that `quickdo` loads to run
# `quickdo sync` (SyncLaunch in Sources/QuickdoCLI, scripts/link-sync-image.py): the package
# carries one Swift runtime, Foundation and ICU.
# Usage: bash scripts/build-deb.sh [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-.}")
bash scripts/install-deps.sh dpkg-dev chrpath
version=$(dpkg-parsechangelog -S Version)   # 0.2.0-1: quickdo 0.2.0, Debian revision 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# SwiftPM keeps the link commands of an earlier release build (made without the flag, by
# scripts/run-agent.sh, say) in its build manifest: made anew here.
rm -f .build/release.yaml
# ICU's data without the parts quickdo never reads, in place of the toolchain's
# (scripts/icu-data.py), for the package's size.
read -ra icu_data < <(/usr/bin/python3 scripts/icu-data.py .build/icu-data)
release=(-c release --static-swift-stdlib "${icu_data[@]}")
swift build "${release[@]}" --product quickdo
swift build "${release[@]}" --product quickdo-sync
bin=$(swift build -c release --show-bin-path)

# Sync's image, and quickdo linked again to export what the image takes from it.
/usr/bin/python3 scripts/link-sync-image.py "$bin" "$work/linked"
for program in "$bin/quickdo" "$bin/quickdo-sync"; do
  # SwiftPM does not relink when only --static-swift-stdlib changed: check the result.
  if readelf -d "$program" | grep -q 'NEEDED.*libswiftCore'; then
    echo "build-deb: $program links the Swift runtime dynamically; delete it and run again" >&2
    exit 1
  fi
done
if [ "$("$bin/quickdo" --version)" != "${version%-*}" ]; then
  echo "build-deb: quickdo --version says $("$bin/quickdo" --version), debian/changelog $version" >&2
  exit 1
fi

root="$work/quickdo"
doc="$root/usr/share/doc/quickdo"
install -d "$root/usr/bin" "$root/usr/lib/quickdo" "$doc/examples"
strip --strip-unneeded -o "$root/usr/bin/quickdo" "$work/linked/quickdo"
strip --strip-unneeded -o "$root/usr/lib/quickdo/quickdo-sync.so" "$work/linked/quickdo-sync.so"
# swiftc adds the toolchain's library directory as RUNPATH even with the runtime linked in;
# nothing is loaded from there.
chrpath -d "$root/usr/bin/quickdo" >/dev/null
chmod 755 "$root/usr/bin/quickdo"
chmod 644 "$root/usr/lib/quickdo/quickdo-sync.so"
# The image loads with every symbol bound (RTLD_NOW): a symbol quickdo lacks fails here.
if [ "$("$root/usr/bin/quickdo" sync --version)" != "${version%-*}" ]; then
  echo "build-deb: the sync image does not run from quickdo" >&2
  exit 1
fi

# The user unit, for every user to enable (systemctl --user enable --now quickdo); the link
# handler; the autostart entry only as a template: autostart stays each user's choice.
install -D -m644 /dev/stdin "$root/usr/lib/systemd/user/quickdo.service" < <(
  sed -e 's|^ExecStart=quickdo |ExecStart=/usr/bin/quickdo |' \
    -e 's|^# comes back if it crashes\..*|# comes back if it crashes. Enable it with|' \
    -e '/^# \$XDG_CONFIG_HOME\/systemd\/user\/ with ExecStart/d' \
    -e 's|^#   systemctl --user daemon-reload && systemctl --user enable --now quickdo.service|#   systemctl --user enable --now quickdo|' \
    data/quickdo.service)
install -D -m644 data/quickdo.desktop "$root/usr/share/applications/quickdo.desktop"
install -D -m644 data/quickdo-agent.desktop "$root/usr/share/quickdo/quickdo-agent.desktop"
# The agent in menus, which GNOME's search provider names; KRunner's runner; and the D-Bus
# activation file, with which a launcher's first question starts the agent (systemd's unit
# where there is one). dbus-daemon runs Exec without a PATH lookup.
install -D -m644 data/quickdo-agent.desktop "$root/usr/share/applications/quickdo-agent.desktop"
install -D -m644 data/quickdo-runner.desktop "$root/usr/share/krunner/dbusplugins/quickdo.desktop"
install -D -m644 data/quickdo-search-provider.ini "$root/usr/share/gnome-shell/search-providers/quickdo-search-provider.ini"
install -D -m644 /dev/stdin "$root/usr/share/dbus-1/services/org.quickdo.Agent.service" < <(
  sed -e 's|^Exec=quickdo |Exec=/usr/bin/quickdo |' data/org.quickdo.Agent.service)
install -D -m644 data/quickdo.svg "$root/usr/share/icons/hicolor/scalable/apps/quickdo.svg"
# What software centres (GNOME Software, Discover) list: AppStream's metainfo.
install -D -m644 data/io.github.quickdo.quickdo.metainfo.xml "$root/usr/share/metainfo/io.github.quickdo.quickdo.metainfo.xml"
# The translations (po/), where quickdo looks for them: /usr/share/locale/<lang>/LC_MESSAGES.
bash scripts/build-locale.sh "$root/usr/share/locale" >/dev/null

# Man pages (ArgumentParser's plugin) and shell completions. The plugin builds every program
# to ask it for its help: in debug, whose build the tests share, so the release build made
# above with other flags is not built again.
# In English, whatever the building machine speaks.
LC_ALL=C LANGUAGE= swift package --allow-writing-to-package-directory generate-manual --multi-page --configuration debug >/dev/null
install -d "$root/usr/share/man/man1"
# A subcommand's page is named quickdo.add: its NAME section says so (for whatis), and its
# synopsis keeps the command as typed, "quickdo add".
for page in .build/plugins/GenerateManual/outputs/quickdo/*.1; do
  awk '!named && /^\.Nm "/ { command = $0; sub(/^\.Nm /, "", command); name = command
         gsub(/"/, "", name); gsub(/ /, ".", name); print ".Nm " name; named = 1; next }
       named && command != "" && $0 == ".Nm" { print ".Nm " command; next }
       { print }' "$page" | gzip -9n >"$root/usr/share/man/man1/$(basename "$page").gz"
done
# Completion files are sourced, not run: no #! line.
LC_ALL=C LANGUAGE= "$bin/quickdo" --generate-completion-script bash | sed '1{/^#!/d}' |
  install -D -m644 /dev/stdin "$root/usr/share/bash-completion/completions/quickdo"
LC_ALL=C LANGUAGE= "$bin/quickdo" --generate-completion-script zsh |
  install -D -m644 /dev/stdin "$root/usr/share/zsh/vendor-completions/_quickdo"
LC_ALL=C LANGUAGE= "$bin/quickdo" --generate-completion-script fish |
  install -D -m644 /dev/stdin "$root/usr/share/fish/vendor_completions.d/quickdo.fish"

install -m644 data/config.toml "$doc/examples/config.toml"
install -m644 debian/copyright "$doc/copyright"
gzip -9n <debian/changelog >"$doc/changelog.Debian.gz"
chmod 644 "$doc/changelog.Debian.gz"
install -D -m644 debian/lintian-overrides "$root/usr/share/lintian/overrides/quickdo"

install -d "$root/DEBIAN"
# libnotify, GLib and libxml2, which quickdo loads on first use, are in debian/control's
# Depends: dpkg-shlibdeps sees only the libraries loaded at start.
dpkg-shlibdeps -T"$work/substvars" -e"$root/usr/bin/quickdo" -e"$root/usr/lib/quickdo/quickdo-sync.so" 2>&1 |
  grep -v "binaries to analyze should already be installed in their package's directory" || true
dpkg-gencontrol -pquickdo -P"$root" -T"$work/substvars" -f"$work/files"
mkdir -p "$out"
deb="$out/quickdo_${version}_amd64.deb"
# xz at its strongest, for the .deb's size.
dpkg-deb --root-owner-group -Zxz -z9 --build "$root" "$deb" >/dev/null
echo "$deb"
