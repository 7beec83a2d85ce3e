#!/usr/bin/python3
"""Instant sync's latency: from the phone's request (Done on a todo, python caldav) to the
agent closing that todo's notification, with push on and with push off (polling every
minute), on one private bus with the python-dbusmock notification server, Xandikos 0.4.10
with WebDAV-Push and the test UnifiedPush distributor (Tests/CalDAVRig/distributor.py).
Then the agent's RSS in each mode with 10,000 todos (5,000 pending). Prints p50 and p95.

usage: scripts/bench-push.py QUICKDO [RUNS]   (RUNS: 20)
"""
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from quickdo_rig import Rig, wait_until, write_todos  # noqa: E402
import dbus.mainloop.glib  # noqa: E402

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RIG = os.path.join(ROOT, "Tests", "CalDAVRig")
quickdo = os.path.abspath(sys.argv[1])
runs = min(20, int(sys.argv[2]) if len(sys.argv) > 2 else 20)  # at most 20 shown at once
venv = os.path.join(ROOT, ".build", "push-venv")
subprocess.run(["bash", os.path.join(ROOT, "scripts", "push-venv.sh"), venv], check=True, stdout=subprocess.DEVNULL)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def todo(uid, title):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\nUID:%s\r\n"
            "DTSTAMP:20261120T090000Z\r\nPRIORITY:1\r\nSUMMARY:%s\r\nEND:VTODO\r\nEND:VCALENDAR\r\n" % (uid, title))


def measure(mode, folder):
    rig = Rig(os.path.join(folder, mode))
    directory = os.path.join(folder, mode)
    port = free_port()
    url = "http://127.0.0.1:%d/" % port
    server = subprocess.Popen(
        [os.path.join(venv, "bin", "xandikos"), "serve", "-d", os.path.join(directory, "data"), "-p", str(port),
         "-l", "127.0.0.1", "--autocreate", "--webdav-push", "--state-dir", os.path.join(directory, "state")],
        env=dict(os.environ, XANDIKOS_ALLOW_INTERNAL_PUSH_RESOURCE="1"),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    distributor = subprocess.Popen(
        ["/usr/bin/python3", os.path.join(RIG, "distributor.py"), "bench", os.path.join(venv, "push-cert.pem"),
         os.path.join(venv, "push-key.pem")], env=rig.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(2)
    files = []
    for i in range(runs):
        path = os.path.join(directory, "%d.ics" % i)
        with open(path, "w") as f:
            f.write(todo("bench-%d@phone" % i, "Bench todo %d" % i))
        files.append(path)

    def phone(*args):
        return subprocess.run(["/usr/bin/python3", os.path.join(RIG, "phone.py"), args[0], url, "user", "pw"]
                              + list(args[1:]), check=True, capture_output=True, text=True).stdout

    hrefs = phone("create", "Tasks", *files).split()
    config = os.path.join(directory, "config.toml")
    with open(config, "w") as f:
        f.write('[notifications]\nmax = 20\n\n[[sync.caldav]]\nname = "phone"\nurl = "%s"\nusername = "user"\n'
                'password = "pw"\ninterval = "%s"\npush = "%s"\n' % (url, "1h" if mode == "on" else "1m",
                                                                    "auto" if mode == "on" else "off"))
    os.chmod(config, 0o600)
    database = os.path.join(directory, "todos.sqlite")
    # 10,000 local todos (5,000 pending) besides the phone's, as the agent benchmark has.
    todos = os.path.join(directory, "todos.json")
    write_todos(todos, 10_000, datetime.now(timezone.utc), completed=5_000)
    subprocess.run([quickdo, "--db", database, "import", todos], check=True, capture_output=True)
    log = open(os.path.join(directory, "agent.log"), "w")
    agent = subprocess.Popen([quickdo, "--config", config, "--db", database, "agent"],
                             env=dict(rig.env, HOME=directory), stderr=log, stdout=subprocess.DEVNULL)

    def log_says(text):
        with open(log.name) as f:
            return text in f.read()
    if not wait_until(lambda: len(rig.todo_notifications()) == runs and (mode == "off" or log_says("instant sync works")),
                      60, "", required=False):
        with open(log.name) as f:
            sys.exit("bench-push.py: the todos were not shown with push %s; the agent's log:\n%s" % (mode, f.read()))
    ids = {shown[0]: nid for nid, shown in rig.todo_notifications().items()}
    assert len(ids) == runs, "the phone's todos are the ones shown"
    closed = {}

    def closes(since):
        for when, name, args in rig.calls:
            if name == "CloseNotification" and int(args[0]) not in closed and when >= since:
                closed[int(args[0])] = when
    latencies = []
    for i, href in enumerate(hrefs):
        # Requests at random moments, so that a poll's phase is sampled evenly.
        time.sleep(random.uniform(0.5, 3.0) if mode == "off" else 0.5)
        sent_wall = float(phone("complete", href).split()[0])
        sent = time.monotonic() - (time.time() - sent_wall)
        nid = ids["Bench todo %d" % i]
        if mode == "on":
            wait_until(lambda: (closes(0), nid in closed)[1], 30, "the close")
            latencies.append(closed[nid] - sent)
        else:
            latencies.append((nid, sent))
    if mode == "off":
        wait_until(lambda: (closes(0), all(nid in closed for nid, _ in latencies))[1], 120, "the closes")
        latencies = [closed[nid] - sent for nid, sent in latencies]
    # The agent's memory, with its 10,000 todos and push at work.
    with open("/proc/%d/status" % agent.pid) as f:
        rss = [int(line.split()[1]) / 1024 for line in f if line.startswith("VmRSS")][0]
    agent.terminate()
    agent.wait()
    for process in (distributor, server):
        process.kill()
        process.wait()
    rig.stop()
    return latencies, rss


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


folder = tempfile.mkdtemp(prefix="quickdo-bench-push-")
try:
    for mode in ("on", "off"):
        latencies, rss = measure(mode, folder)
        print("push %s: phone's Done -> notification closed, %d runs: p50 %.2f s, p95 %.2f s (max %.2f s)" % (
            mode, len(latencies), statistics.median(latencies), quantile(latencies, 0.95), max(latencies)))
        print("agent RSS with push %s, 10,000 todos (5,000 pending): %.1f MB" % (mode, rss))
finally:
    shutil.rmtree(folder, ignore_errors=True)
