#!/usr/bin/python3
"""Where a press's time goes inside the agent: a `perf` timeline of N presses.

Starts the agent against the python-dbusmock notification server on a private bus (as
scripts/bench-agent.py does), records the agent's system calls with `perf record -e
raw_syscalls:sys_enter` while it presses "Mark done" N times, and prints, per press, the
time from GDBus's worker thread receiving the press (`recvmsg`) to the commit's first WAL
write (`pwrite64`), and from there to the worker's `sendmsg` of the CloseNotification.
These are the agent's own legs: no Python mock, no dbus-daemon (scripts/bench-agent.py
times the whole round trip). perf adds its own overhead; compare builds in one run.

Usage (root, or perf_event_paranoid <= 1): scripts/press-timeline.py [--binary PATH] [--presses N]
Build first: swift build -c release --static-swift-stdlib --product quickdo
"""

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

import dbus.mainloop.glib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from quickdo_rig import Rig, wait_until, write_todos  # noqa: E402

RECVMSG, SENDMSG, PWRITE64 = 47, 46, 18  # x86-64 system call numbers


def record(binary, presses, directory, data):
    rig = Rig(directory)
    try:
        database = os.path.join(directory, "presses.sqlite")
        source = os.path.join(directory, "presses.json")
        write_todos(source, presses + 8, datetime.now(timezone.utc) - timedelta(days=1))
        subprocess.run([binary, "--db", database, "import", source], check=True, capture_output=True)
        agent = subprocess.Popen([binary, "agent", "--db", database, "--log-level", "warning"],
                                 env=rig.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(lambda: len(rig.todo_notifications()) == 4, 20, "four notifications")
        perf = subprocess.Popen(["perf", "record", "-q", "-o", data, "-e", "raw_syscalls:sys_enter",
                                 "-p", str(agent.pid)])
        time.sleep(1)
        for _ in range(presses):
            nid, (_, keys) = min(rig.todo_notifications().items())
            mark = len(rig.calls)
            rig.press(nid, next(k for k in keys if k.startswith("done:")))
            wait_until(lambda: any(c[1] == "CloseNotification" and int(c[2][0]) == nid
                                   for c in rig.calls[mark:]), 5, "CloseNotification")
            wait_until(lambda: len(rig.todo_notifications()) == 4, 5, "the next notification")
            time.sleep(0.1)  # presses apart, so each one's calls are told apart
        perf.send_signal(signal.SIGINT)
        perf.wait()
        agent.send_signal(signal.SIGTERM)
        agent.wait(timeout=10)
    finally:
        rig.stop()


def legs(data):
    """(press -> first WAL write, first WAL write -> close) in ms, per press."""
    script = subprocess.run(["perf", "script", "-i", data, "-F", "comm,time,trace"],
                            capture_output=True, text=True, check=True).stdout
    calls = []
    for line in script.splitlines():
        match = re.match(r"\s*(.+?)\s+(\d+\.\d+):\s+NR (\d+)", line)
        if match:
            calls.append((match.group(1), float(match.group(2)), int(match.group(3))))
    result = []
    index = 0
    while index < len(calls):
        if calls[index][2] != PWRITE64:
            index += 1
            continue
        write = calls[index][1]
        received = next((t for comm, t, nr in reversed(calls[:index])
                         if nr == RECVMSG and comm == "gdbus" and write - t < 0.005), None)
        sent = next((t for comm, t, nr in calls[index:]
                     if nr == SENDMSG and comm == "gdbus"), None)
        if received is not None and sent is not None and sent - write < 0.005:
            result.append(((write - received) * 1000, (sent - write) * 1000))
        while index < len(calls) and not (calls[index][2] == SENDMSG and calls[index][0] == "gdbus"):
            index += 1
        index += 1
    return result[1:]  # the first can include the perf attach


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/quickdo")
    parser.add_argument("--presses", type=int, default=40)
    args = parser.parse_args()
    if not shutil.which("perf"):
        sys.exit("press-timeline: perf is not installed (apt-get install linux-perf)")
    directory = tempfile.mkdtemp(prefix="quickdo-timeline-")
    try:
        data = os.path.join(directory, "perf.data")
        record(os.path.abspath(args.binary), args.presses, directory, data)
        found = legs(data)
        if not found:
            sys.exit("press-timeline: no press found in the recording")
        median = lambda values: statistics.median(values)
        print(f"{len(found)} presses, p50 ms (inside the agent, perf attached):")
        print(f"  press received -> commit's first WAL write  {median([a for a, _ in found]):.3f}")
        print(f"  first WAL write -> CloseNotification sent    {median([b for _, b in found]):.3f}")
        print(f"  press received -> CloseNotification sent     {median([a + b for a, b in found]):.3f}")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
