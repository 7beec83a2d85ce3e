#!/usr/bin/python3
"""Times the agent end to end against the python-dbusmock notification server.

Everything runs on a private D-Bus session bus this script starts (nothing reaches the
desktop). Prints:

  * press -> row committed -> CloseNotification: ActionInvoked("done:<uuid>") emitted by the
    mock until the agent's CloseNotification for that notification; the row is checked to be
    committed when the close arrives, with 10,000 todos in the database (half done; with
    --repeating N, the first N repeat daily and are overdue, so the presses move them to
    tomorrow instead of completing them; reminders are then off, or each overdue one would
    be a notification of its own). Each press waits until the last one's calls are done
    (the next todo's Notify, and its "Done:" undo offer when the undo window is on). Side by
    side, press for press in turn with quickdo's (so a busy moment of a shared machine
    falls on both): `notify-send --action … --wait`, from its ActionInvoked to its own
    CloseNotification (or its exit, whichever comes first).
  * another process's `quickdo add` -> Notify: from spawning the CLI to the agent's Notify.
  * idle wake-ups: context switches of all agent threads over an idle period.
  * agent RSS with 10,000 todos in the database, 5,000 of them pending.

With --alarms N, every todo has N reminders (alarms) ahead of its due time, in the presses'
and the RSS's databases.

Usage: scripts/bench-agent.py [--binary PATH] [--presses N] [--adds N] [--idle SECONDS] [--repeating N] [--alarms N]
Build first: swift build -c release --static-swift-stdlib --product quickdo
Needs /usr/bin/python3 with python3-dbusmock (apt), dbus-daemon and notify-send.
"""

import argparse
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

import dbus.mainloop.glib

from quickdo_rig import Rig, iso, wait_until, write_todos

def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def agent_threads_switches(pid):
    """Context switches so far of each thread of `pid`, by thread id."""
    switches = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                switches[task] = sum(
                    int(line.split()[1]) for line in f
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
        except FileNotFoundError:
            pass  # the thread ended
    return switches


def rss_kib(pid):
    """VmRSS and VmHWM, and the private (not file-backed, not shared) part of the RSS."""
    values = {}
    for name in ("status", "smaps_rollup"):
        with open(f"/proc/{pid}/{name}") as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "VmHWM", "Private_Dirty", "Anonymous"):
                    values[key] = int(rest.split()[0])
    return values


def start_agent(binary, database, rig, config=None):
    return subprocess.Popen(
        [binary, "agent", "--db", database, "--log-level", "warning"] + (["--config", config] if config else []),
        env=rig.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop_agent(agent):
    agent.send_signal(signal.SIGTERM)
    agent.wait(timeout=10)


class AgentPresses:
    """The agent on 10,000 todos (half done; with `repeating`, the first N repeat daily and
    are overdue, so a press moves them to tomorrow instead of completing them; reminders
    are then off, or each overdue one would be a notification of its own), pressed one
    "Mark done" at a time."""

    def __init__(self, binary, directory, rig, count, repeating, alarms):
        database = os.path.join(directory, "presses.sqlite")
        source = os.path.join(directory, "presses.json")
        write_todos(source, count, datetime.now(timezone.utc) - timedelta(days=1), completed=count // 2,
                    repeating=repeating, alarms=alarms)
        subprocess.run([binary, "--db", database, "import", source], check=True, capture_output=True)
        config = None
        if repeating:
            config = os.path.join(directory, "no-reminders.toml")
            with open(config, "w") as f:
                f.write("[reminders]\nenabled = false\n")
        self.rig = rig
        self.agent = start_agent(binary, database, rig, config)
        wait_until(lambda: len(rig.todo_notifications()) == 4, 10, "four notifications")
        self.readonly = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        self.offers = None  # whether a press shows a "Done:" undo offer (actions.undo_window > 0)

    def press(self):
        """Presses "Mark done" on the first todo's notification; returns the ms from the
        press to the agent's CloseNotification, once the row is checked to be committed and
        the press's last call (its "Done:" offer) has come."""
        rig = self.rig
        nid, (summary, keys) = min(rig.todo_notifications().items())
        key = next(k for k in keys if k.startswith("done:"))
        todo = key.split(":", 1)[1]
        mark = len(rig.calls)
        start = time.monotonic()
        rig.press(nid, key)
        wait_until(lambda: any(c[1] == "CloseNotification" and int(c[2][0]) == nid
                               for c in rig.calls[mark:]), 5, "CloseNotification")
        closed = next(c[0] for c in rig.calls[mark:]
                      if c[1] == "CloseNotification" and int(c[2][0]) == nid)
        # Done: complete, or for a repeating todo, due at its next time (tomorrow).
        done = self.readonly.execute("SELECT isComplete OR due > ? FROM todo WHERE id = ?",
                                     (time.time(), todo)).fetchone()
        if done != (1,):
            sys.exit(f"bench-agent: {todo} closed but not committed as done")
        wait_until(lambda: len(rig.todo_notifications()) == 4, 5, "the next notification")
        # The press's last call is its "Done:" offer: the next press waits for it, as
        # notify-send's loop waits for its own Notify, so that it is not queued behind the
        # mock still handling this one's (the mock handles one call at a time).
        offered = lambda: any(f"undo:{todo}" in buttons for _, buttons in list(rig.shown.values()))
        if self.offers is None:
            self.offers = wait_until(offered, 2, "the undo offer", required=False)
        elif self.offers:
            wait_until(offered, 5, "the undo offer")
        return (closed - start) * 1000

    def stop(self):
        stop_agent(self.agent)


def notify_send_press(rig, i):
    """One `notify-send --action … --wait`, pressed: the ms from its ActionInvoked to its
    own CloseNotification (or its exit, whichever comes first)."""
    mark = len(rig.calls)
    process = subprocess.Popen(
        ["notify-send", "--action=done=Mark done", "--wait", f"peer {i}"], env=rig.env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Its own Notify, not the agent's last calls.
    wait_until(lambda: any(c[1] == "Notify" and str(c[2][3]) == f"peer {i}"
                           for c in rig.calls[mark:]), 5, "notify-send")
    nid = max(n for n, (summary, _) in rig.shown.items() if summary == f"peer {i}")
    mark = len(rig.calls)
    start = time.monotonic()
    rig.press(nid, "done")
    wait_until(lambda: process.poll() is not None or any(
        c[1] == "CloseNotification" for c in rig.calls[mark:]), 5, "notify-send's close")
    end = next((c[0] for c in rig.calls[mark:] if c[1] == "CloseNotification"), time.monotonic())
    process.wait(timeout=5)
    rig.shown.pop(nid, None)
    return (end - start) * 1000


def bench_presses(binary, directory, rig, presses, count, repeating, alarms):
    """quickdo's and notify-send's presses in turn, one of each at a time, so that both
    meet the same moments of a shared machine; returns both lists of latencies."""
    agent = AgentPresses(binary, directory, rig, count, repeating, alarms)
    ours, peer = [], []
    for i in range(presses):
        ours.append(agent.press())
        peer.append(notify_send_press(rig, i))
    agent.stop()
    print(f"  each press showed a \"Done:\" undo offer, waited for before the next: "
          f"{'yes' if agent.offers else 'no (undo window off)'}", flush=True)
    return ours, peer


def bench_adds(binary, directory, rig, adds, idle):
    database = os.path.join(directory, "adds.sqlite")
    agent = start_agent(binary, database, rig)
    time.sleep(0.5)
    latencies, cli = [], []
    due = datetime.now() + timedelta(days=30)
    for i in range(adds):
        title = f"added {i}"
        mark = len(rig.calls)
        start = time.monotonic()
        # An ever earlier due date, so each new todo ranks first and is shown.
        subprocess.run(
            [binary, "--db", database, "add", title, "--priority", "high",
             "--due", (due - timedelta(minutes=i)).strftime("%Y-%m-%d %H:%M")],
            env=rig.env, check=True, capture_output=True)
        cli.append((time.monotonic() - start) * 1000)
        wait_until(lambda: any(c[1] == "Notify" and str(c[2][3]) == title
                               for c in rig.calls[mark:]), 5, f"Notify for {title}")
        shown = next(c[0] for c in rig.calls[mark:] if c[1] == "Notify" and str(c[2][3]) == title)
        latencies.append((shown - start) * 1000)
    time.sleep(1)
    before = agent_threads_switches(agent.pid)
    time.sleep(idle)
    after = agent_threads_switches(agent.pid)
    # Threads that ended count what they did until the first sample; new ones all of theirs.
    switches = sum(count - before.get(task, 0) for task, count in after.items())
    stop_agent(agent)
    return latencies, cli, switches


def bench_rss(binary, directory, rig, count, alarms):
    database = os.path.join(directory, "rss.sqlite")
    source = os.path.join(directory, "rss.json")
    write_todos(source, count, datetime.now(timezone.utc) - timedelta(days=1), completed=count // 2, alarms=alarms)
    subprocess.run([binary, "--db", database, "import", source], check=True, capture_output=True)
    rig.shown.clear()
    agent = start_agent(binary, database, rig)
    wait_until(lambda: len(rig.todo_notifications()) == 4, 15, "four notifications")
    time.sleep(1)
    memory = rss_kib(agent.pid)
    stop_agent(agent)
    return memory


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/quickdo")
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--adds", type=int, default=50)
    parser.add_argument("--idle", type=float, default=10)
    parser.add_argument("--todos", type=int, default=10_000)
    parser.add_argument("--repeating", type=int, default=0, help="how many of the todos repeat daily")
    parser.add_argument("--alarms", type=int, default=0, help="how many reminders each todo has")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"bench-agent: no executable at {binary}; build it first (see --help)")
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    directory = tempfile.mkdtemp(prefix="quickdo-bench-agent-")
    rig = Rig(directory)
    try:
        print(f"press -> commit -> CloseNotification, {args.presses} presses, {args.repeating} of "
              f"{args.todos} todos repeating, {args.alarms} alarms each ...", flush=True)
        ours, peer = bench_presses(binary, directory, rig, args.presses, args.todos, args.repeating, args.alarms)
        print(f"another process's add -> Notify, {args.adds} adds; then {args.idle:g} s idle ...", flush=True)
        adds, cli, switches = bench_adds(binary, directory, rig, args.adds, args.idle)
        print(f"RSS with {args.todos} todos, half of them pending ...", flush=True)
        memory = bench_rss(binary, directory, rig, args.todos, args.alarms)
    finally:
        rig.stop()
        shutil.rmtree(directory, ignore_errors=True)

    def row(name, values):
        print(f"| {name} | {len(values)} | {statistics.median(values):.2f} | "
              f"{percentile(values, 99):.2f} | {max(values):.2f} |")

    print()
    print("| measurement | n | p50 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    row("quickdo: press -> row committed -> CloseNotification", ours)
    row("notify-send --action --wait: press -> its CloseNotification/exit", peer)
    row("quickdo add (another process) -> agent's Notify", adds)
    row("  of which the `quickdo add` process itself", cli)
    print()
    ratio = statistics.median(ours) / statistics.median(peer)
    print(f"press p50 quickdo/notify-send: {ratio:.2f}x")
    if args.idle > 0:
        print(f"idle agent: {switches} context switches in {args.idle:g} s "
              f"({switches / args.idle:.1f}/s, all threads)")
    print(f"agent with {args.todos} todos ({args.todos // 2} pending, {args.alarms} alarms each): RSS {memory['VmRSS'] / 1024:.1f} MiB "
          f"({memory['VmRSS'] * 1024 / 1e6:.1f} MB), peak {memory['VmHWM'] / 1024:.1f} MiB, "
          f"of which private dirty {memory['Private_Dirty'] / 1024:.1f} MiB "
          f"(the rest is mapped code and data of the binary and its libraries)")


if __name__ == "__main__":
    main()
