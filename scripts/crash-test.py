#!/usr/bin/python3
"""Kills quickdo with SIGKILL at random moments and checks that nothing acknowledged is lost.

Half the kills hit `quickdo add` while it runs; the other half hit the agent right after a
"Mark done" press, on a private D-Bus bus with the python-dbusmock notification server.
Afterwards, for each database:

  * `PRAGMA integrity_check` is "ok";
  * every acknowledged change is there: an `add` whose id was printed, a press whose
    notification the agent closed (the agent commits before it closes);
  * nothing is duplicated (one row per title added; the imported todos, each once).

Prints the figures and exits 1 if anything was lost, duplicated or corrupt.
Usage: scripts/crash-test.py [--binary PATH] [--kills N] [--seed N]
"""

import argparse
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

import dbus.mainloop.glib
from gi.repository import GLib

from quickdo_rig import Rig, wait_until, write_todos


def pump(seconds):
    """Lets the rig record the calls that arrive in the next `seconds`."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        context.iteration(False) or time.sleep(0.0005)


def integrity(database):
    connection = sqlite3.connect(database)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def kill_adds(binary, database, kills, rng):
    # Kill anywhere in a whole `add` (and a little after): measure one first.
    durations = []
    for i in range(3):
        start = time.monotonic()
        subprocess.run([binary, "--db", database, "add", f"calibration {i}"], check=True,
                       capture_output=True)
        durations.append(time.monotonic() - start)
    window = 1.3 * sorted(durations)[1]
    acknowledged = {}
    finished = 0
    for i in range(kills):
        title = f"crash {i}"
        process = subprocess.Popen(
            [binary, "--db", database, "add", title], stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, window))
        process.kill()
        output = process.stdout.read().decode().strip()
        status = process.wait()
        if status == 0:
            finished += 1
        if len(output) == 36:
            acknowledged[output] = title
    connection = sqlite3.connect(database)
    rows = dict(connection.execute("SELECT id, title FROM todo").fetchall())
    titles = [t for (t,) in connection.execute("SELECT title FROM todo")]
    connection.close()
    lost = [i for i, t in acknowledged.items() if rows.get(i) != t]
    duplicated = len(titles) - len(set(titles))
    return {
        "kill window ms": round(window * 1000, 1),
        "kills": kills, "finished before the kill": finished, "acknowledged": len(acknowledged),
        "rows": len(rows), "lost": len(lost), "duplicated": duplicated,
        "integrity": integrity(database),
    }


def kill_agent_after_presses(binary, directory, rig, kills, rng):
    database = os.path.join(directory, "agent.sqlite")
    source = os.path.join(directory, "agent.json")
    count = kills + 8
    write_todos(source, count, datetime.now(timezone.utc) - timedelta(days=1))
    subprocess.run([binary, "--db", database, "import", source], check=True, capture_output=True)
    acknowledged, pressed, committed_unacknowledged = [], 0, 0
    window = None
    for round_number in range(kills + 1):
        rig.shown.clear()  # the killed agent's notifications are orphans now
        mark = len(rig.calls)
        agent = subprocess.Popen(
            [binary, "agent", "--db", database, "--log-level", "critical"], env=rig.env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Settled: the agent shows its first notifications and nothing more arrives.
        while True:
            wait_until(lambda: len(rig.todo_notifications()) >= 1, 10, "the agent's notifications")
            seen = len(rig.calls)
            pump(0.05)
            if len(rig.calls) == seen and rig.todo_notifications():
                break
        nid, (_, keys) = rng.choice(sorted(rig.todo_notifications().items()))
        key = next(k for k in keys if k.startswith("done:"))
        todo = key.split(":", 1)[1]
        press_mark = len(rig.calls)
        pressed_at = time.monotonic()
        rig.press(nid, key)
        pressed += 1
        if window is None:
            # The first round is not killed: it measures press -> close, the kill window.
            wait_until(lambda: any(c[1] == "CloseNotification" and int(c[2][0]) == nid
                                   for c in rig.calls[press_mark:]), 10, "the first close")
            closed_at = next(c[0] for c in rig.calls[press_mark:] if c[1] == "CloseNotification")
            window = max(1.3 * (closed_at - pressed_at), 0.002)
            agent.terminate()
            agent.wait()
            continue
        time.sleep(rng.uniform(0, window))
        agent.kill()
        agent.wait()
        pump(0.05)
        closed = any(c[1] == "CloseNotification" and int(c[2][0]) == nid for c in rig.calls[press_mark:])
        connection = sqlite3.connect(database)
        done = connection.execute("SELECT isComplete FROM todo WHERE id = ?", (todo,)).fetchone()
        connection.close()
        if closed:
            acknowledged.append((todo, done == (1,)))
        elif done == (1,):
            committed_unacknowledged += 1
    connection = sqlite3.connect(database)
    rows = connection.execute("SELECT count(*), count(DISTINCT id) FROM todo").fetchone()
    connection.close()
    return {
        "kill window ms": round(window * 1000, 1),
        "kills": kills, "presses": pressed - 1, "acknowledged (closed)": len(acknowledged),
        "committed, killed before the close": committed_unacknowledged,
        "lost": sum(1 for _, done in acknowledged if not done),
        "rows": rows[0], "duplicated": rows[0] - rows[1] + abs(rows[0] - count),
        "integrity": integrity(database),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/quickdo")
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"crash-test: no executable at {binary}; build it first")
    rng = random.Random(args.seed)
    print(f"crash-test: {args.kills} kills, seed {args.seed}", flush=True)
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    directory = tempfile.mkdtemp(prefix="quickdo-crash-")
    rig = Rig(directory)
    try:
        adds = kill_adds(binary, os.path.join(directory, "adds.sqlite"), args.kills // 2, rng)
        print(f"kill -9 during `quickdo add`: {adds}", flush=True)
        presses = kill_agent_after_presses(binary, directory, rig, args.kills - args.kills // 2, rng)
        print(f"kill -9 of the agent after a press: {presses}", flush=True)
    finally:
        rig.stop()
        shutil.rmtree(directory, ignore_errors=True)
    failed = [name for name, result in (("add", adds), ("agent", presses))
              if result["lost"] or result["duplicated"] or result["integrity"] != "ok"]
    if failed:
        sys.exit(f"crash-test: FAILED ({', '.join(failed)}): something acknowledged was lost, duplicated or corrupt")
    print("crash-test: ok: nothing acknowledged lost, nothing duplicated, integrity ok")


if __name__ == "__main__":
    main()
