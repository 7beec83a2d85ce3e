#!/usr/bin/env bash
# Compiles the translations, po/*.po, into OUT/<lang>/LC_MESSAGES/quickdo.mo: where the
# built quickdo looks beside itself (.build/release/locale) and where the package installs
# them (/usr/share/locale). Each catalog goes through `msgfmt --check`, so a translation
# whose %s/%d placeholders differ from the English fails here, and so does a catalog with
# an untranslated or fuzzy message. Needs gettext (apt-get install gettext).
set -euo pipefail
out=$(realpath -m "${1:?usage: scripts/build-locale.sh OUTPUT_DIR}")
cd "$(dirname "$0")/.."
for po in po/*.po; do
  lang=$(basename "$po" .po)
  mkdir -p "$out/$lang/LC_MESSAGES"
  stats=$(LC_ALL=C msgfmt --check --statistics -o "$out/$lang/LC_MESSAGES/quickdo.mo" "$po" 2>&1)
  case "$stats" in
    *untranslated* | *fuzzy*)
      echo "build-locale: $lang: $stats; every message must be translated" >&2
      exit 1
      ;;
  esac
done
echo "build-locale: $(ls po/*.po | wc -l) languages in $out"
