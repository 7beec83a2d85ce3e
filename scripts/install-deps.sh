#!/usr/bin/env bash
# Installs the Debian packages quickdo builds and tests against, only those missing.
# Idempotent; needs root (or sudo) when something is missing. Extra package names given
# as arguments are installed too (scripts/demo.sh adds Xvfb, dunst and ImageMagick).
set -euo pipefail
packages=(
  pkg-config
  libnotify-dev libglib2.0-dev   # the notification presenter (libnotify over D-Bus, GLib)
  libsqlite3-dev                 # storage (GRDB links the system SQLite)
  sqlite3                        # the CLI tests make other programs' databases with it
  libcurl4-openssl-dev           # linking Foundation statically (--static-swift-stdlib)
  dbus python3-dbusmock          # a private bus and a mock notification server for tests
  libnotify-bin                  # notify-send, the peer in the press-latency benchmark
  gettext                        # msgfmt: the translations (po/) compiled and checked
  locales                        # localedef: the tests make the locales whose dates they check
  desktop-file-utils             # desktop-file-validate, run on data/*.desktop by the tests
  radicale xandikos              # real CalDAV servers for the sync tests
  eatmydata                      # runs Radicale without fsync: the rig's data is thrown away
  php-cli php-sabre-dav php-sqlite3 php-xml php-mbstring  # sabre/dav 1.8 (Digest, no WebDAV-Sync)
  cyrus-imapd cyrus-caldav sasl2-bin                      # Cyrus IMAP's CalDAV (Fastmail's engine)
  davical postgresql                                      # DAViCal, on a private PostgreSQL cluster
  sogo memcached                                          # SOGo (mailcow's), on that PostgreSQL and a memcached
  python3-caldav curl            # the tests' phone (another CalDAV client) and their HTTP
  python3-dateutil               # rrule, the oracle the repeat rules are checked against
  python3-venv openssl           # Xandikos 0.4.10 with WebDAV-Push from PyPI, and its push
                                 # service's certificate (scripts/push-venv.sh)
  libxml2-dev                    # libxml2, which reads WebDAV answers (SAX, Sources/CLibXML2)
  taskwarrior                    # the peer in the CLI benchmark
  vdirsyncer                     # the peer in the sync benchmark
  time                           # GNU time: peak RSS of one process in the CLI benchmark
  "$@"
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "all system packages present"
  exit 0
fi
echo "installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
# The packages are downloaded to a folder of this run's own: Debian's container images
# delete /var/cache/apt/archives/*.deb whenever any apt run's dpkg finishes, which can
# pull them from under a long install.
archives=$(mktemp -d)
trap 'rm -rf "$archives"' EXIT
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends -o Dir::Cache::Archives="$archives" "${missing[@]}"
