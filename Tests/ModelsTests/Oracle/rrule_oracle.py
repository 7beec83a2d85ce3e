#!/usr/bin/python3
"""The first occurrences of RRULEs by python3-dateutil, the oracle RepeatRule is checked
against. Reads JSON lines {"rule", "start", "zone", "count"}; writes one JSON line per
input: the occurrences as wall-clock times "YYYY-MM-DDTHH:MM:SS" in the zone (no zone:
wall-clock times throughout)."""
import itertools
import json
import sys
from datetime import datetime

from dateutil import rrule, tz

for line in sys.stdin:
    case = json.loads(line)
    zone = tz.gettz(case["zone"]) if case["zone"] else None
    start = datetime.fromisoformat(case["start"]).replace(tzinfo=zone)
    rule = rrule.rrulestr("RRULE:" + case["rule"], dtstart=start)
    limit = datetime(9999, 12, 31, 23, 59, 59, tzinfo=zone)
    found = [d.strftime("%Y-%m-%dT%H:%M:%S") for d in itertools.islice((d for d in rule if d <= limit), case["count"])]
    print(json.dumps(found), flush=True)
