#!/usr/bin/python3
"""The phone in the sync tests: another CalDAV client (the python caldav library, as
DAVx5 and tasks.org would be) that creates, edits and checks todos on a real server.

  phone.py create URL USER PASSWORD CALENDAR FILE...  saves each iCalendar file as a todo
                                                      in a new VTODO calendar (and makes an
                                                      events-only calendar "Events" once);
                                                      prints hrefs
  phone.py edit URL USER PASSWORD HREF SUMMARY        sets the todo's SUMMARY
  phone.py delete URL USER PASSWORD HREF              deletes the todo
  phone.py check URL USER PASSWORD HREF BEFORE        checks the todo is done, and that
      every property it does not share with quickdo is as BEFORE (the object as the server
      had it before quickdo wrote, a file) had it: the todo's own, its alarms, other
      components; prints the differences, exit 1 if any
  phone.py occurrence URL USER PASSWORD HREF BEFORE   checks a repeating todo is pending
      (not completed) with every property it does not share with quickdo as BEFORE had it,
      DTSTART aside (its series' start moves with DUE); prints "DUE … DTSTART …"
  phone.py complete-occurrence URL USER PASSWORD HREF completes the current occurrence of
      a repeating todo as tasks.org does: DUE and DTSTART move to the series' next time,
      RRULE stays
  phone.py set-rule URL USER PASSWORD HREF RRULE     sets a repeating todo's RRULE
  phone.py fill URL USER PASSWORD CALENDAR COUNT      makes a VTODO calendar with COUNT
      small todos (a benchmark's calendar); prints its URL
  phone.py list URL USER PASSWORD CALENDAR            lists the todos that are members of
      the calendar with that display name, as a phone shows that list: a line each,
      "UID<tab>SUMMARY<tab>STATUS<tab>DESCRIPTION<tab>CATEGORIES<tab>RELATED-TO"
      (JSON-escaped; categories joined by ","), and the calendars of the home on a first
      line "calendars: NAME|NAME…"
  phone.py set-categories URL USER PASSWORD HREF CATS sets the todo's CATEGORIES (CATS
      separated by "|")
  phone.py snooze URL USER PASSWORD HREF SECONDS      snoozes the todo for SECONDS as
      tasks.org does (X-MOZ-SNOOZE-TIME, X-MOZ-LASTACK); prints when the request left
  phone.py get URL USER PASSWORD HREF                 prints the todo's object as the
      server sends it
  phone.py snoozed URL USER PASSWORD HREF BEFORE      checks the todo carries a snooze in
      every form the phones read: X-MOZ-SNOOZE-TIME, X-MOZ-LASTACK, an alarm ACKNOWLEDGED
      and one snooze alarm naming it (RFC 9074), and that every other property is as
      BEFORE had it (the acknowledged alarm may have been given a UID to be named by);
      prints the differences, exit 1 if any
"""
import json
import os
import sys
import time
import caldav
import datetime
import icalendar
from dateutil import rrule
import requests
import urllib3

# What quickdo may change in a todo; everything else must come back as the phone wrote it.
OWNED = {"SUMMARY", "DESCRIPTION", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "PRIORITY",
         "DUE", "URL", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE", "X-MOZ-LASTACK"}
# What Done writes into the alarm that rang: RFC 9074's acknowledgement.
OWNED_IN_ALARMS = {"ACKNOWLEDGED"}


def client(url, user, password):
    # Cyrus answers an anonymous request with 207 and an unauthenticated principal instead
    # of 401, so its phone sends the password with the first request, as DAVx5 does.
    if os.environ.get("PHONE_AUTH") == "basic":
        dav = caldav.DAVClient(url=url, auth=requests.auth.HTTPBasicAuth(user, password))
    else:
        dav = caldav.DAVClient(url=url, username=user, password=password)
    # SOGo closes a connection after a PUT without saying so; the next request on it finds
    # it reset. Like DAVx5's HTTP client, the phone then sends the request again on a new
    # connection.
    retry = urllib3.util.Retry(total=2, connect=2, read=2, status=0, allowed_methods=None)
    dav.session.mount("http://", requests.adapters.HTTPAdapter(max_retries=retry))
    return dav


def make_calendar(principal, name, components):
    """A new calendar. SOGo, busy with the other servers' tests, now and then answers
    MKCALENDAR with 400 "The new folder could not be created" and creates nothing; a phone
    would try again, so this does, twice, a second apart."""
    for attempt in range(3):
        try:
            return principal.make_calendar(name=name, supported_calendar_component_set=components)
        except caldav.lib.error.MkcalendarError:
            if attempt == 2:
                raise
            time.sleep(1)


def master(calendar):
    return next(c for c in calendar.walk("VTODO") if "RECURRENCE-ID" not in c)


def described(component, path):
    """A component's properties and sub-components as comparable lines, in no particular
    order: servers re-serialize what they store and may sort it."""
    lines = []
    for name, value in component.property_items(recursive=False):
        if name in ("BEGIN", "END"):
            continue
        text = value.to_ical() if hasattr(value, "to_ical") else value
        params = sorted(getattr(value, "params", {}).items())
        lines.append(f"{path} {name} {params}: {text!r}")
    for sub in component.subcomponents:
        lines += described(sub, f"{path}/{sub.name}")
    return lines


def foreign(calendar, moved=()):
    """Every property and component quickdo must leave alone (but `moved` ones)."""
    todo = master(calendar)
    lines = [line for line in described(todo, "VTODO")
             if (line.split(" ")[1] not in OWNED | set(moved) or line.startswith("VTODO/"))
             and not (line.startswith("VTODO/VALARM ") and line.split(" ")[1] in OWNED_IN_ALARMS)]
    lines += [line for line in described(calendar, "VCALENDAR") if not line.startswith("VCALENDAR/VTODO ")
              and not line.startswith("VCALENDAR/VTODO/")]
    others = [c for c in calendar.walk("VTODO") if c is not todo]
    for other in others:
        lines += described(other, "VTODO(other)")
    return sorted(lines)


def differences(original, now, moved=(), given=()):
    """What quickdo must leave alone and did not: lines of `original` lost in `now`, and
    lines added there but the ones `given`."""
    before, after = foreign(original, moved), foreign(now, moved)
    return ([f"lost: {line}" for line in before if line not in after]
            + [f"added: {line}" for line in after if line not in before and line not in given])


def loaded(dav, href, before_path):
    """The todo at `href` as the server has it, and the object of the file `before_path`."""
    todo = caldav.Todo(client=dav, url=href)
    todo.load()
    with open(before_path) as f:
        return todo.icalendar_instance, icalendar.Calendar.from_ical(f.read())


def categories(vtodo):
    value = vtodo.get("CATEGORIES")
    if value is None:
        return []
    values = value if isinstance(value, list) else [value]
    return [str(c) for v in values for c in v.cats]


def related(vtodo):
    value = vtodo.get("RELATED-TO")
    if value is None:
        return ""
    values = value if isinstance(value, list) else [value]
    return ",".join(str(v) for v in values)


def main():
    command, url, user, password = sys.argv[1:5]
    args = sys.argv[5:]
    dav = client(url, user, password)
    if command == "create":
        name, files = args[0], args[1:]
        principal = dav.principal()
        # A calendar home as phones leave it: an events-only calendar beside the todos,
        # which quickdo must pass over.
        # (Xandikos keeps no such restriction: there it would be one more todo list.)
        if "Events" not in [str(c.name) for c in principal.calendars()]:
            events = make_calendar(principal, "Events", ["VEVENT"])
            if "VTODO" in events.get_supported_components():
                events.delete()
        calendar = make_calendar(principal, name, ["VTODO"])
        for path in files:
            with open(path) as f:
                print(calendar.save_todo(f.read()).url)
    elif command == "edit":
        href, summary = args
        calendar = caldav.Calendar(client=dav, url=href.rsplit("/", 1)[0] + "/")
        todo = caldav.Todo(client=dav, url=href, parent=calendar)
        todo.load()
        master(todo.icalendar_instance)["SUMMARY"] = summary
        todo.save()
    elif command == "complete":
        # Done on the phone; prints when the request left, for the latency measurement.
        (href,) = args
        calendar = caldav.Calendar(client=dav, url=href.rsplit("/", 1)[0] + "/")
        todo = caldav.Todo(client=dav, url=href, parent=calendar)
        todo.load()
        vtodo = master(todo.icalendar_instance)
        vtodo["STATUS"] = "COMPLETED"
        vtodo.add("COMPLETED", datetime.datetime.now(datetime.timezone.utc))
        print(time.time(), flush=True)
        todo.save()
    elif command == "snooze":
        # Snoozed on the phone, as tasks.org writes it; prints when the request left.
        href, seconds = args
        calendar = caldav.Calendar(client=dav, url=href.rsplit("/", 1)[0] + "/")
        todo = caldav.Todo(client=dav, url=href, parent=calendar)
        todo.load()
        vtodo = master(todo.icalendar_instance)
        now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        for name in ("X-MOZ-SNOOZE-TIME", "X-MOZ-LASTACK"):
            vtodo.pop(name, None)
        # As tasks.org writes them: UTC, in iCalendar's basic form.
        vtodo.add("X-MOZ-SNOOZE-TIME", (now + datetime.timedelta(seconds=int(seconds))).strftime("%Y%m%dT%H%M%SZ"))
        vtodo.add("X-MOZ-LASTACK", now.strftime("%Y%m%dT%H%M%SZ"))
        print(time.time(), flush=True)
        todo.save()
    elif command == "add":
        # One more todo in an existing calendar (by URL); prints when the request left,
        # then the new todo's URL.
        calendar_url, path = args
        calendar = caldav.Calendar(client=dav, url=calendar_url)
        with open(path) as f:
            data = f.read()
        print(time.time(), flush=True)
        print(calendar.save_todo(data).url)
    elif command == "delete":
        (href,) = args
        caldav.Todo(client=dav, url=href).delete()
    elif command in ("check", "occurrence"):
        now, original = loaded(dav, *args)
        vtodo = master(now)
        finished = str(vtodo.get("STATUS", "")) == "COMPLETED" and "COMPLETED" in vtodo
        if command == "check":
            problems = [] if finished else [f"STATUS is {vtodo.get('STATUS')!r} with{'' if 'COMPLETED' in vtodo else 'out'} COMPLETED, not done"]
            moved, said = [], f"ok {vtodo.get('SUMMARY')}"
        else:
            problems = ["the series reads as finished"] if str(vtodo.get("STATUS", "")) == "COMPLETED" or "COMPLETED" in vtodo else []
            moved, said = ["DTSTART"], f"DUE {vtodo['DUE'].to_ical().decode()} DTSTART {vtodo['DTSTART'].to_ical().decode()}"
        problems += differences(original, now, moved)
        print("\n".join(problems) if problems else said)
        sys.exit(1 if problems else 0)
    elif command == "get":
        (href,) = args
        todo = caldav.Todo(client=dav, url=href)
        todo.load()
        sys.stdout.write(todo.data)
    elif command == "snoozed":
        now, original = loaded(dav, *args)
        vtodo = master(now)
        problems = [f"no {name}" for name in ("X-MOZ-SNOOZE-TIME", "X-MOZ-LASTACK") if name not in vtodo]
        alarms = [c for c in vtodo.subcomponents if c.name == "VALARM"]
        def snoozes(alarm):
            value = alarm.get("RELATED-TO")
            return value is not None and str(value.params.get("RELTYPE", "")).upper() == "SNOOZE"
        snooze = [a for a in alarms if snoozes(a)]
        acknowledged = [a for a in alarms if not snoozes(a) and "ACKNOWLEDGED" in a]
        if len(snooze) != 1:
            problems.append(f"{len(snooze)} snooze alarms")
        if not acknowledged:
            problems.append("no alarm ACKNOWLEDGED")
        named = [str(a.get("UID")) for a in acknowledged if snooze and str(a.get("UID")) == str(snooze[0]["RELATED-TO"])]
        if snooze and not named:
            problems.append("the snooze alarm names no acknowledged alarm")
        vtodo.subcomponents = [c for c in vtodo.subcomponents if not any(c is a for a in snooze)]
        for name in [n for n in vtodo.keys() if n.startswith("X-MOZ-SNOOZE-TIME")]:
            del vtodo[name]
        # The UID given to the acknowledged alarm, so that the snooze alarm can name it.
        given = [line for line in foreign(now) if line.startswith("VTODO/VALARM UID ") and named and named[0] in line
                 and not any(named[0] in b for b in foreign(original))]
        problems += differences(original, now, given=given)
        print("\n".join(problems) if problems else f"ok {vtodo.get('SUMMARY')}")
        sys.exit(1 if problems else 0)
    elif command == "complete-occurrence":
        (href,) = args
        calendar = caldav.Calendar(client=dav, url=href.rsplit("/", 1)[0] + "/")
        todo = caldav.Todo(client=dav, url=href, parent=calendar)
        todo.load()
        vtodo = master(todo.icalendar_instance)
        due, start = vtodo["DUE"].dt, vtodo["DTSTART"].dt
        rule = rrule.rrulestr(vtodo["RRULE"].to_ical().decode(), dtstart=due)
        following = rule.after(due)
        vtodo["DUE"].dt = following
        vtodo["DTSTART"].dt = start + (following - due)
        vtodo["LAST-MODIFIED"] = icalendar.vDatetime(datetime.datetime.now(datetime.timezone.utc))
        todo.save()
        print(vtodo["DUE"].to_ical().decode())
    elif command == "set-rule":
        href, text = args
        calendar = caldav.Calendar(client=dav, url=href.rsplit("/", 1)[0] + "/")
        todo = caldav.Todo(client=dav, url=href, parent=calendar)
        todo.load()
        vtodo = master(todo.icalendar_instance)
        del vtodo["RRULE"]
        vtodo.add("RRULE", icalendar.vRecur.from_ical(text))
        vtodo["LAST-MODIFIED"] = icalendar.vDatetime(datetime.datetime.now(datetime.timezone.utc))
        todo.save()
    elif command == "set-categories":
        href, text = args
        calendar = caldav.Calendar(client=dav, url=href.rsplit("/", 1)[0] + "/")
        todo = caldav.Todo(client=dav, url=href, parent=calendar)
        todo.load()
        vtodo = master(todo.icalendar_instance)
        vtodo.pop("CATEGORIES", None)
        if text:
            vtodo.add("CATEGORIES", text.split("|"))
        vtodo["LAST-MODIFIED"] = icalendar.vDatetime(datetime.datetime.now(datetime.timezone.utc))
        todo.save()
    elif command == "fill":
        name, count = args[0], int(args[1])
        calendar = make_calendar(dav.principal(), name, ["VTODO"])
        for number in range(count):
            calendar.save_todo(
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\n"
                f"UID:bench-{number}\r\nDTSTAMP:20261120T090000Z\r\nSUMMARY:Todo number {number}\r\n"
                f"PRIORITY:{1 + number % 9}\r\nDUE:20261201T{number % 24:02d}0000Z\r\n"
                "CATEGORIES:Bench\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        print(calendar.url)
    elif command == "fields":
        # What the phone reads of a todo's dates and state: one "NAME value" line each.
        (href,) = args
        todo = caldav.Todo(client=dav, url=href)
        todo.load()
        vtodo = master(todo.icalendar_instance)
        for name in ("DTSTART", "DUE", "RRULE", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "SUMMARY"):
            value = vtodo.get(name)
            print(name, "-" if value is None else value.to_ical().decode() if hasattr(value, "to_ical") else str(value))
    elif command == "list":
        (name,) = args
        calendars = dav.principal().calendars()
        print("calendars: " + "|".join(sorted(str(c.name) for c in calendars)))
        calendar = next(c for c in calendars if c.name == name)
        for todo in calendar.todos(include_completed=True):
            vtodo = master(todo.icalendar_instance)
            fields = [vtodo.get("UID"), vtodo.get("SUMMARY"), vtodo.get("STATUS", ""), vtodo.get("DESCRIPTION", ""),
                      ",".join(categories(vtodo)), related(vtodo)]
            print("\t".join(json.dumps(str(f), ensure_ascii=False) for f in fields))
    else:
        sys.exit(f"phone.py: unknown command {command}")


if __name__ == "__main__":
    main()
