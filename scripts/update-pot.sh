#!/usr/bin/env bash
# Collects quickdo's messages from the sources into po/quickdo.pot (GNU xgettext, reading
# Swift as C: the calls are tr("…"), trc("context", "…"), trn("one", "many", n) and
# alternatives("context", "…")), then merges the template into every po/*.po, so a
# translator sees the new and changed messages. Needs gettext (apt-get install gettext).
# With --check it changes nothing and fails when the template is not the sources' (a
# message added or changed in the code and not yet in po/): the tests run it.
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
[ "${1:-}" = --check ] && check=true
# xgettext reads Swift as C, which has no multi-line ("""…""") strings: those (SQL, XML, no
# messages) are blanked in a copy first, line numbers kept, so they cannot hide a call.
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
grep -rlE '\b(tr|trc|trn|alternatives)\(' Sources --include='*.swift' | LC_ALL=C sort | while read -r file; do
  mkdir -p "$copy/$(dirname "$file")"
  python3 -c 'import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
print(re.sub(r"\"\"\"(.*?)\"\"\"", lambda m: "\"\"" + "\n" * m.group(1).count("\n"), text, flags=re.S), end="")' "$file" >"$copy/$file"
  echo "$file"
done > "$copy/POTFILES"
(cd "$copy" && xgettext --language=C --from-code=UTF-8 --files-from=POTFILES --output=quickdo.pot \
  --keyword --keyword=tr:1 --keyword=trc:1c,2 --keyword=trn:1,2 --keyword=alternatives:1c,2 --keyword=translated:1c,2 \
  --flag=tr:1:c-format --flag=trc:2:c-format --flag=trn:1:c-format --flag=trn:2:c-format \
  --add-comments=TRANSLATORS: --sort-by-file --package-name=quickdo \
  --msgid-bugs-address=https://github.com/quickdo/quickdo/issues)
# The template's date changes on every run; keep the file as it is when nothing else does.
if [ -e po/quickdo.pot ] && diff -q -I '^"POT-Creation-Date' po/quickdo.pot "$copy/quickdo.pot" >/dev/null; then
  :
elif $check; then
  diff -I '^"POT-Creation-Date' po/quickdo.pot "$copy/quickdo.pot" | head -40 >&2 || true
  echo "update-pot: po/quickdo.pot is not the sources' messages; run bash scripts/update-pot.sh and translate" >&2
  exit 1
else
  cp "$copy/quickdo.pot" po/quickdo.pot
fi
$check && exit 0
for po in po/*.po; do
  [ -e "$po" ] || continue
  msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po" po/quickdo.pot
done
msgfmt --statistics --output-file=/dev/null po/quickdo.pot 2>&1 | sed 's/^/quickdo.pot: /'
