#!/usr/bin/python3
"""Times KRunner's and GNOME Shell's questions to the agent, as the launchers ask them.

Everything runs on a private D-Bus session bus (quickdo_rig.Rig: the python-dbusmock
notification server, nothing reaches the desktop). With 10,000 pending todos in the
database (or --todos N, --completed of them done), it prints the round trip of each question, from the call to its answer:

  * KRunner's `Match` for words that many titles hold (every title matches "todo"), for
    words few hold, and for a line to add (`todo Buy milk tomorrow 9:00 #Home @errand p2`);
  * GNOME's `GetInitialResultSet` for the same;
  * the first `Match` when no agent runs, so that D-Bus activation starts one (the rig's
    bus gets the activation file `quickdo install` writes);
  * the agent's RSS before and after the questions, and its peak while starting.

Usage: scripts/bench-launchers.py [--binary PATH] [--todos N] [--completed N] [--calls N]
Build first: swift build -c release --static-swift-stdlib --product quickdo
Needs /usr/bin/python3 with python3-dbusmock (apt) and dbus-daemon.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

import dbus
import dbus.mainloop.glib

from quickdo_rig import Rig, wait_until, write_todos

NAME = "org.quickdo.Agent"
RUNNER = ("/org/quickdo/Runner", "org.kde.krunner1")
PROVIDER = ("/org/quickdo/SearchProvider", "org.gnome.Shell.SearchProvider2")
QUERIES = [("many titles", "todo"), ("few titles", "4242"), ("a line to add", "todo Buy milk tomorrow 9:00 #Home @errand p2")]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def rss_mb(pid, key="VmRSS"):
    """VmRSS (or, with key="VmHWM", its peak so far) in MB."""
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(key)) * 1024 / 1e6


def timed(call):
    start = time.perf_counter()
    answer = call()
    return (time.perf_counter() - start) * 1000, answer


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/quickdo")
    parser.add_argument("--todos", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--completed", type=int, default=0, help="how many of the todos are done")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"bench-launchers: no executable at {binary}; build it first (see --help)")
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    directory = tempfile.mkdtemp(prefix="quickdo-bench-launchers-")
    rig = Rig(directory)
    rows = []
    try:
        database = os.path.join(directory, "todos.sqlite")
        source = os.path.join(directory, "todos.json")
        write_todos(source, args.todos, datetime.now(timezone.utc) - timedelta(days=1), completed=args.completed)
        subprocess.run([binary, "--db", database, "import", source], check=True, capture_output=True)
        # The activation file as `quickdo install` writes it, with the bench's database.
        with open(os.path.join(directory, "services", f"{NAME}.service"), "w") as f:
            f.write(f"[D-BUS Service]\nName={NAME}\nExec={binary} agent --db {database} --log-level warning\n")
        runner = rig.bus.get_object(NAME, RUNNER[0], introspect=False, follow_name_owner_changes=True)
        cold, answer = timed(lambda: runner.Match("4242", dbus_interface=RUNNER[1], timeout=30))
        if not answer:
            sys.exit("bench-launchers: the activated agent found nothing")
        pid = int(rig.bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus").GetConnectionUnixProcessID(
            NAME, dbus_interface="org.freedesktop.DBus"))
        provider = rig.bus.get_object(NAME, PROVIDER[0], introspect=False)
        wait_until(lambda: len(rig.todo_notifications()) == 4, 15, "four notifications")
        time.sleep(1)
        before, start_peak = rss_mb(pid), rss_mb(pid, "VmHWM")
        for what, query in QUERIES:
            matches = [timed(lambda: runner.Match(query, dbus_interface=RUNNER[1]))[0] for _ in range(args.calls)]
            results = [timed(lambda: provider.GetInitialResultSet(query.split(), dbus_interface=PROVIDER[1]))[0]
                       for _ in range(args.calls)]
            rows.append((f"KRunner Match, {what} ({query!r})", matches))
            rows.append((f"GNOME GetInitialResultSet, {what}", results))
        memory = rss_mb(pid)
        os.kill(pid, 15)
    finally:
        rig.stop()
        shutil.rmtree(directory, ignore_errors=True)
    print(f"\n{args.todos} todos ({args.todos - args.completed} pending), {args.calls} calls each, round trip from "
          "the call to its answer:\n")
    print("| question | p50 ms | p95 ms | max ms |")
    print("|---|---:|---:|---:|")
    for name, values in rows:
        print(f"| {name} | {statistics.median(values):.2f} | {percentile(values, 95):.2f} | {max(values):.2f} |")
    print(f"\nfirst Match to no agent, started by D-Bus activation, to its answer: {cold:.0f} ms")
    print(f"agent RSS: {before:.1f} MB before the questions (peak while starting {start_peak:.1f} MB, "
          f"{start_peak / before:.2f}x), {memory:.1f} MB after")


if __name__ == "__main__":
    main()
