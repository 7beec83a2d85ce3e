#!/usr/bin/python3
"""Times the agent's following of a server's Do Not Disturb switch.

  * `--real SERVER` (dunst, plasma-6): on the real server (scripts/real-servers.py's
    session: Xvfb, a private bus, the server), RUNS times: the switch on, a todo added (and
    held), the switch off. Prints each time from the server's PropertiesChanged that says
    it is off to the agent's Notify for the held todo, both as dbus-monitor stamps them,
    and their median.
  * `--idle`: four agents on private buses (quickdo_rig's python-dbusmock server), dressed
    as dunst (a switch that signals) and as mako (one that is read each minute), each with
    `dnd.follow` on and off, 100 todos each, left idle for MINUTES. Prints each agent's CPU
    seconds (user + system, from /proc) over that time.

Usage: scripts/bench-dnd.py --binary PATH (--real SERVER [--runs N] | --idle [--minutes M])
Build first: swift build -c release --static-swift-stdlib --product quickdo
Needs /usr/bin/python3 with python3-dbusmock, and for --real what real-servers.py needs.
"""

import argparse
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

import dbus.mainloop.glib

from quickdo_rig import Rig, write_todos

HERE = os.path.dirname(os.path.abspath(__file__))


def real(binary, server, runs):
    spec = importlib.util.spec_from_file_location("real_servers", os.path.join(HERE, "real-servers.py"))
    servers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(servers)
    session = servers.Session(server, "running", binary, tempfile.mkdtemp(prefix="quickdo-bench-dnd-"))
    monitor = None
    try:
        session.write_config(servers.CONFIG)
        session.start_agent()
        servers.wait_for("the agent up", lambda: "is up" in session.agent_log())
        stamps = f"{session.work}/stamps.txt"
        monitor = subprocess.Popen(
            ["stdbuf", "-oL", "dbus-monitor", "--session", "type='signal',member='PropertiesChanged'",
             "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"],
            env=session.env, stdout=open(stamps, "w"), stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        switch = servers.Switch(session)
        times = []
        for run in range(runs):
            title = f"Held {run}"
            switch.set(True)
            switch.heard()
            id_ = session.cli("add", title)
            servers.wait_for("it held", lambda: "(held: Do Not Disturb)" in session.cli("list"))
            switch.set(False)
            servers.wait_for("it sent", lambda: title in servers.notified(stamps), timeout=10)
            time.sleep(0.3)
            with open(stamps) as f:
                messages = re.split(r"\n(?=\S)", f.read())
            off = sent = None
            for message in messages:
                stamp = re.search(r"time=([\d.]+)", message)
                if not stamp:
                    continue
                if "member=PropertiesChanged" in message and re.search(r'boolean false', message) and \
                        re.search(r'"(paused|Inhibited)"', message):
                    off = float(stamp.group(1))
                elif "member=Notify" in message and f'string "{title}"' in message and off is not None:
                    sent = float(stamp.group(1))
                    break
            if off is None or sent is None:
                sys.exit(f"run {run}: no PropertiesChanged (off) before the Notify of '{title}'")
            times.append((sent - off) * 1000)
            print(f"run {run + 1}: switch off → notification {times[-1]:.0f} ms", flush=True)
            session.cli("done", id_)
            time.sleep(0.5)
        print(f"{server}: switch off → first notification, p50 of {runs}: {statistics.median(times):.0f} ms "
              f"(min {min(times):.0f}, max {max(times):.0f})")
    finally:
        if monitor:
            monitor.terminate()
        session.stop()


def idle(binary, minutes):
    work = tempfile.mkdtemp(prefix="quickdo-bench-dnd-")
    agents = []
    try:
        for dressed in ("dunst", "mako"):
            for follow in ("true", "false"):
                directory = os.path.join(work, f"{dressed}-{follow}")
                rig = Rig(directory)
                mock = rig.mock_object
                mock.AddMethod("", "GetServerInformation", "", "ssss",
                               f"ret = ('{dressed}', 'bench', '1.9.0', '1.2')", dbus_interface="org.freedesktop.DBus.Mock")
                if dressed == "dunst":
                    mock.AddProperty("org.dunstproject.cmd0", "paused", False, dbus_interface="org.freedesktop.DBus.Mock")
                else:
                    mock.AddObject("/fr/emersion/Mako", "fr.emersion.Mako", {},
                                   [("ListModes", "", "as", "ret = ['default']")],
                                   dbus_interface="org.freedesktop.DBus.Mock")
                database = os.path.join(directory, "todos.sqlite")
                source = os.path.join(directory, "todos.json")
                write_todos(source, 100, datetime.now(timezone.utc) + timedelta(days=1))
                subprocess.run([binary, "--db", database, "import", source], check=True, capture_output=True)
                os.makedirs(os.path.join(directory, "config"))
                config = os.path.join(directory, "config", "config.toml")
                with open(config, "w") as f:
                    f.write(f"[dnd]\nfollow = {follow}\n")
                agent = subprocess.Popen([binary, "agent", "--db", database, "--config", config],
                                         env=dict(rig.env, HOME=directory, XDG_RUNTIME_DIR=directory),
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                agents.append((f"{dressed}, follow = {follow}", rig, agent))
        time.sleep(10)  # past start-up

        def cpu(pid):
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

        start = {name: cpu(agent.pid) for name, _, agent in agents}
        time.sleep(minutes * 60)
        for name, _, agent in agents:
            if agent.poll() is not None:
                sys.exit(f"the agent ({name}) exited {agent.returncode}")
            print(f"{name}: {cpu(agent.pid) - start[name]:.2f} CPU seconds over {minutes:g} minutes idle")
    finally:
        for _, rig, agent in agents:
            agent.kill()
            agent.wait()
            rig.stop()
        shutil.rmtree(work, ignore_errors=True)


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--real", choices=["dunst", "plasma-6"])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--idle", action="store_true")
    parser.add_argument("--minutes", type=float, default=10)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if args.real:
        real(binary, args.real, args.runs)
    elif args.idle:
        idle(binary, args.minutes)
    else:
        parser.error("--real SERVER or --idle")


if __name__ == "__main__":
    main()
