#!/usr/bin/env bash
# libFuzzer on the parsers that take text from outside: config.toml, quickdo:// links,
# iCalendar objects and WebDAV multistatus answers from CalDAV servers, repeat rules, and
# quick-add lines (Sources/quickdo-fuzz). Builds a
# coverage-instrumented binary (`swift build --sanitize fuzzer`, in .build/fuzz) and runs
# each target for SECONDS, starting from a seed corpus: data/config.toml and the
# malformed-config fixtures; a few valid and broken links; the iCalendar fixtures; a few
# multistatus answers as servers write them.
# Usage: scripts/libfuzz.sh [SECONDS]   (default 60 per target, a random seed)
#        scripts/libfuzz.sh --runs N    (N inputs per target from seed 1: the same inputs
#                                        on every machine; the test command runs 100,000)
# A crash stops the run: libFuzzer saves the input under .build/fuzz/artifacts/TARGET/ and
# this prints it; make it a fixture (Tests/AgentConfigTests/Fixtures, DeepLinkTests or
# Tests/ICalendarTests).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--runs" ]; then
  limit=(-runs="${2:?--runs needs a number}" -seed=1)
  bound="$2 inputs"
else
  limit=(-max_total_time="${1:-60}")
  bound="${1:-60}s"
fi

echo "== building the libFuzzer harness (release, --sanitize fuzzer)"
swift build -c release --sanitize fuzzer --build-path .build/fuzz -Xswiftc -DLIBFUZZER \
  --product quickdo-fuzz 2>&1 | grep -v "prohibited flag" | tail -n 1
binary="$(swift build -c release --build-path .build/fuzz --show-bin-path)/quickdo-fuzz"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/config" "$work/deeplink" "$work/icalendar" "$work/multistatus" "$work/rrule" "$work/quickadd"
cp data/config.toml Tests/AgentConfigTests/Fixtures/*.toml "$work/config/"
cp Tests/ICalendarTests/Fixtures/*.ics "$work/icalendar/"
n=0
while IFS= read -r link; do
  n=$((n + 1))
  printf '%s' "$link" >"$work/deeplink/seed-$n"
done <<'EOF'
quickdo://todo/0f8fad5b-d9cb-469f-a165-70867728950e/done
quickdo://todo/0f8fad5b-d9cb-469f-a165-70867728950e/undo
quickdo://todo/0f8fad5b-d9cb-469f-a165-70867728950e/snooze?for=1h30m
quickdo://add?title=Buy%20milk&notes=a+b&priority=high&due=tomorrow&url=https%3A%2F%2Fx.org
quickdo://add?title=%E2%9C%93%20Caf%C3%A9
quickdo://todo/0f8fad5b/done
quickdo:todo
https://example.org/?a=1#b
EOF

cat >"$work/multistatus/sync-report" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
<d:response><d:href>/cal/a.ics</d:href><d:propstat><d:prop><d:getetag>"1"</d:getetag>
<c:calendar-data>BEGIN:VCALENDAR&#13;
END:VCALENDAR</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
<d:response><d:href>/cal/gone.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>
<d:sync-token>data:,1</d:sync-token></d:multistatus>
XML
cat >"$work/multistatus/home" <<'XML'
<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/me/tasks/</href>
<propstat><prop><resourcetype><collection/><C:calendar/></resourcetype><displayname>Tasks</displayname>
<C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
<supported-report-set><supported-report><report><sync-collection/></report></supported-report></supported-report-set>
</prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
XML
cat >"$work/multistatus/principal" <<'XML'
<D:multistatus xmlns:D="DAV:"><D:response><D:href>/</D:href><D:propstat><D:prop><D:current-user-principal>
<D:href>/principals/me/</D:href></D:current-user-principal></D:prop><D:status>HTTP/1.1 200 OK</D:status>
</D:propstat></D:response></D:multistatus>
XML

n=0
while IFS= read -r rule; do
  n=$((n + 1))
  printf '%s' "$rule" >"$work/rrule/seed-$n"
done <<'EOF'
FREQ=DAILY
FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU
FREQ=MONTHLY;BYDAY=-1FR;COUNT=12
FREQ=MONTHLY;BYMONTHDAY=31,-1
FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;UNTIL=21000101T000000Z
every month on the last friday
every 2 weeks on monday,thursday
FREQ=YEARLY;BYDAY=20MO
FREQ=HOURLY;BYSETPOS=1
EOF

n=0
while IFS= read -r line; do
  n=$((n + 1))
  printf '%s' "$line" >"$work/quickadd/seed-$n"
done <<'EOF'
Buy milk tomorrow 9:00 #Home @errand p2 every monday
@work !low Send the report fri 17:00 remind 1h #"Q4 planning"
Read \tomorrow's paper in 2h remind 2026-12-01 9:00
Pay rent 2026-12-01 every month on the 1st remind 1d
EOF

status=0
# The catalogs: the ones po/ compiles to, and plural expressions as their headers give them.
mkdir -p "$work/catalog"
for po in po/*.po; do
  msgfmt --output-file="$work/catalog/$(basename "$po" .po).mo" "$po"
done
n=0
while IFS= read -r header; do
  n=$((n + 1))
  printf '%s' "$header" >"$work/catalog/plural-$n"
done <<'EOF'
nplurals=2; plural=(n != 1);
nplurals=1; plural=0;
nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);
nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2);
nplurals=2; plural=(n > 1);
EOF

for target in config deeplink icalendar multistatus rrule quickadd catalog; do
  artifacts=".build/fuzz/artifacts/$target"
  mkdir -p "$artifacts"
  echo "== fuzzing $target ($bound)"
  # The Swift runtime's backtracer would take the crash signal before libFuzzer can save
  # the input: turn it off.
  if SWIFT_BACKTRACE=enable=no QUICKDO_FUZZ_TARGET="$target" "$binary" \
    "${limit[@]}" -max_len="$([ "$target" = catalog ] && echo 131072 || echo 16384)" -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "$work/$target" >"$work/$target.log" 2>&1; then
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log")"
    coverage="$(grep -o 'cov: [0-9]*' "$work/$target.log" | tail -n 1)"
    corpus="$(ls "$work/$target" | wc -l)"
    time="$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$work/$target.log")"
    echo "$target: $runs inputs in ${time:-?}s, no crash ($coverage, corpus $corpus)"
  else
    status=1
    echo "$target: CRASH"
    grep -E "Assertion|Fatal error|Precondition|SUMMARY|Test unit written|Base64" "$work/$target.log" || tail -n 30 "$work/$target.log"
  fi
done
exit "$status"
