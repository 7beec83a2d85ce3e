#!/usr/bin/python3
"""quickdo sync against vdirsyncer (Debian's), syncing the same Radicale calendar of 1,000
todos on 127.0.0.1, in the same run: the first sync into an empty quickdo database (and,
for vdirsyncer, an empty folder), then a sync with no changes. Radicale logs each request
it serves and how long it took, which counts the no-change sync's requests and gives
quickdo's own share of its time; Radicale's time for quickdo's request (the sync-collection
REPORT, made from Python) is the floor, and Python's own share of it, measured the same
way, is the part of any client's share that is Radicale's.

  scripts/bench-sync.py --quickdo .build/release/quickdo [--todos 1000] [--runs 15]
"""
import argparse
import http.client
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import base64

USER, PASSWORD = "bench", "bench-password"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_radicale(folder, port):
    with open(os.path.join(folder, "users"), "w") as f:
        f.write(f"{USER}:{PASSWORD}\n")
    with open(os.path.join(folder, "config"), "w") as f:
        f.write(f"""[server]
hosts = 127.0.0.1:{port}
[auth]
type = htpasswd
htpasswd_filename = {folder}/users
htpasswd_encryption = plain
[storage]
filesystem_folder = {folder}/collections
[logging]
level = info
""")
    log = open(os.path.join(folder, "log"), "w")
    process = subprocess.Popen(["radicale", "--config", os.path.join(folder, "config")],
                               stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.1)
    sys.exit("radicale did not start")


def fill(folder, port, count):
    """A VTODO calendar with `count` todos, written straight into Radicale's storage folder
    (PUTting 30,000 takes minutes), then synced once from Python so that Radicale reads and
    caches them as it does the todos it is sent, before either client is timed."""
    calendar = os.path.join(folder, "collections", "collection-root", USER, "tasks")
    os.makedirs(calendar)
    with open(os.path.join(calendar, ".Radicale.props"), "w") as f:
        f.write('{"C:supported-calendar-component-set": "VTODO", "D:displayname": "Tasks", "tag": "VCALENDAR"}')
    for number in range(count):
        todo = (f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\n"
                f"UID:bench-{number}\r\nDTSTAMP:20261120T090000Z\r\nSUMMARY:Todo number {number}\r\n"
                f"PRIORITY:{1 + number % 9}\r\nDUE:20261201T{number % 24:02d}0000Z\r\n"
                f"CATEGORIES:Bench\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        with open(os.path.join(calendar, f"{number}.ics"), "w", newline="") as f:
            f.write(todo)
    radicale_alone(folder, port)


def radicale_alone(folder, port):
    """The server's own time for each sync's requests, made from Python: the
    sync-collection REPORT with calendar data from no token (a first sync), then from the
    token it gave (a sync with no changes). Also the no-change REPORT's time less the time
    Radicale logs for it: the part of any client's share that is Radicale's own work
    outside its logged time (reading the request, writing the answer)."""
    auth = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    def report(token):
        body = ('<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:" '
                'xmlns:c="urn:ietf:params:xml:ns:caldav"><d:sync-token>' + token +
                '</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:calendar-data/>'
                '</d:prop></d:sync-collection>')
        connection = http.client.HTTPConnection("127.0.0.1", port)
        start = time.perf_counter()
        connection.request("REPORT", f"/{USER}/tasks/", body,
                           {"Authorization": auth, "Depth": "0", "Content-Type": "application/xml"})
        answer = connection.getresponse().read().decode()
        elapsed = time.perf_counter() - start
        connection.close()
        return elapsed, re.search(r"<(?:\w+:)?sync-token>([^<]+)<", answer).group(1)
    first, token = report("")
    before = len(log_lines(folder))
    again, _ = report(token)
    return first, again, again - server_seconds(log_lines(folder)[before:])


def log_lines(folder):
    with open(os.path.join(folder, "log")) as f:
        return f.read().splitlines()


def requests_in(lines):
    return sum(1 for line in lines
               if re.search(r"\b(GET|PUT|DELETE|PROPFIND|REPORT|OPTIONS|MKCOL|PROPPATCH) request for", line))


def server_seconds(lines):
    """Radicale's own time for the requests it answered in `lines`, as it logs it."""
    return sum(float(m.group(1)) for line in lines
               if (m := re.search(r"response status for .* in ([0-9.]+) seconds", line)))


def timed(command, env=None, stdin=None):
    start = time.perf_counter()
    result = subprocess.run(command, env=env, input=stdin, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed ({result.returncode}): {result.stderr}{result.stdout}")
    return elapsed


def quickdo_round(binary, port, work):
    config = os.path.join(work, "quickdo.toml")
    with open(config, "w") as f:
        f.write(f'[[sync.caldav]]\nname = "bench"\nurl = "http://127.0.0.1:{port}/"\n'
                f'username = "{USER}"\npassword = "{PASSWORD}"\n')
    os.chmod(config, 0o600)
    database = os.path.join(work, "todos.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.remove(database + suffix)
    command = [binary, "sync", "--config", config, "--db", database]
    return timed(command), command


def vdirsyncer_round(port, work):
    base = os.path.join(work, "vdirsyncer")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(os.path.join(base, "tasks"))
    config = os.path.join(base, "config")
    with open(config, "w") as f:
        f.write(f"""[general]
status_path = "{base}/status/"

[pair bench]
a = "bench_local"
b = "bench_remote"
collections = ["from b"]

[storage bench_local]
type = "filesystem"
path = "{base}/tasks/"
fileext = ".ics"

[storage bench_remote]
type = "caldav"
url = "http://127.0.0.1:{port}/"
username = "{USER}"
password = "{PASSWORD}"
item_types = ["VTODO"]
""")
    env = dict(os.environ, VDIRSYNCER_CONFIG=config)
    subprocess.run(["vdirsyncer", "discover"], env=env, input="y\n" * 4, capture_output=True, text=True, check=True)
    command = ["vdirsyncer", "sync"]
    return timed(command, env=env), command, env


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quickdo", required=True)
    parser.add_argument("--todos", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    binary = os.path.abspath(args.quickdo)
    folder = tempfile.mkdtemp(prefix="quickdo-bench-sync-")
    port = free_port()
    radicale = start_radicale(folder, port)
    try:
        fill(folder, port, args.todos)
        results = {"quickdo": ([], []), "vdirsyncer": ([], []), "radicale": ([], [])}
        counts = {}
        shares = []
        plain_shares = []
        for _ in range(args.runs):
            first, command = quickdo_round(binary, port, folder)
            before = len(log_lines(folder))
            again = timed(command)
            served = log_lines(folder)[before:]
            counts["quickdo"] = requests_in(served)
            shares.append(again - server_seconds(served))
            results["quickdo"][0].append(first)
            results["quickdo"][1].append(again)
            first, command, env = vdirsyncer_round(port, folder)
            before = len(log_lines(folder))
            again = timed(command, env=env)
            counts["vdirsyncer"] = requests_in(log_lines(folder)[before:])
            results["vdirsyncer"][0].append(first)
            results["vdirsyncer"][1].append(again)
            first, again, plain_share = radicale_alone(folder, port)
            plain_shares.append(plain_share)
            results["radicale"][0].append(first)
            results["radicale"][1].append(again)
        listed = subprocess.run([binary, "list", "--db", os.path.join(folder, "todos.sqlite"), "--json"],
                                capture_output=True, text=True, check=True).stdout
        assert listed.count('"id"') == args.todos, "quickdo did not get every todo"
        files = len(os.listdir(os.path.join(folder, "vdirsyncer", "tasks", "tasks")))
        assert files == args.todos, f"vdirsyncer wrote {files} files"
        q, v, r = results["quickdo"], results["vdirsyncer"], results["radicale"]
        med = statistics.median
        print(f"{args.todos} todos on Radicale, median of {args.runs} runs; requests counted in Radicale's log")
        print()
        print("| sync | quickdo ms | vdirsyncer ms | vdirsyncer / quickdo | Radicale's answer ms | quickdo requests | vdirsyncer requests |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        print(f"| first (empty database / folder) | {med(q[0]) * 1000:.0f} | {med(v[0]) * 1000:.0f} | "
              f"{med(v[0]) / med(q[0]):.1f}× | {med(r[0]) * 1000:.0f} | | |")
        print(f"| no change | {med(q[1]) * 1000:.0f} | {med(v[1]) * 1000:.0f} | {med(v[1]) / med(q[1]):.1f}× | "
              f"{med(r[1]) * 1000:.0f} | {counts['quickdo']} | {counts['vdirsyncer']} |")
        print()
        print(f"quickdo's own share of the no-change sync (its time minus the time Radicale logs for "
              f"answering its request, each run): median {med(shares) * 1000:.1f} ms")
        print(f"the same for Python's http.client making that request: median "
              f"{med(plain_shares) * 1000:.1f} ms (Radicale's work outside its logged time)")
    finally:
        radicale.kill()
        radicale.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
