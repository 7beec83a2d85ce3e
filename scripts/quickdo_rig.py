"""The private-bus test rig the scripts share (bench-agent.py, crash-test.py).

A private D-Bus session bus (its config has an empty service dir: nothing is
auto-activated), the python-dbusmock notification daemon on it, and a log of the calls the
mock receives. Nothing reaches the desktop. Needs /usr/bin/python3 with python3-dbusmock.
"""

import json
import os
import subprocess
import sys
import time
import uuid
from datetime import timedelta, timezone

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

NOTIFICATIONS = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
MOCK = "org.freedesktop.DBus.Mock"


class Rig:
    """A private bus, the dbusmock notification daemon, and a log of its calls."""

    def __init__(self, directory):
        os.makedirs(os.path.join(directory, "services"))
        config = os.path.join(directory, "bus.conf")
        with open(config, "w") as f:
            f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir={directory}</listen><auth>EXTERNAL</auth>
<servicedir>{directory}/services</servicedir>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/></policy>
</busconfig>""")
        self.bus_process = subprocess.Popen(
            ["dbus-daemon", f"--config-file={config}", "--print-address=1", "--nofork"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.bus_process.stdout.readline().strip()
        self.env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.address)
        self.mock = subprocess.Popen(
            ["/usr/bin/python3", "-m", "dbusmock", "--session", "-t", "notification_daemon",
             "-p", '{"capabilities": "body actions body-markup"}'],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.bus = dbus.bus.BusConnection(self.address)
        wait_until(lambda: self.bus.name_has_owner(NOTIFICATIONS), 10, "the mock's name")
        self.mock_object = self.bus.get_object(NOTIFICATIONS, PATH)
        self.calls = []  # (monotonic time, method, args)
        self.next_id = 1
        self.shown = {}  # notification id -> (summary, action keys)
        self.bus.add_signal_receiver(
            self.method_called, "MethodCalled", MOCK, NOTIFICATIONS, PATH)

    def method_called(self, name, args):
        now = time.monotonic()
        self.calls.append((now, str(name), args))
        if name == "Notify":
            nid = int(args[1]) or self.next_id
            if not int(args[1]):
                self.next_id += 1
            self.shown[nid] = (str(args[3]), [str(k) for k in args[5][::2]])
        elif name == "CloseNotification":
            self.shown.pop(int(args[0]), None)

    def press(self, nid, key):
        self.mock_object.EmitSignal(
            NOTIFICATIONS, "ActionInvoked", "us", [dbus.UInt32(nid), key], dbus_interface=MOCK)

    def todo_notifications(self):
        """The shown notifications that stand for a todo (they have a done button), by id;
        leaves out "Done: <title>" undo offers."""
        return {nid: shown for nid, shown in self.shown.items()
                if any(k.startswith("done:") for k in shown[1])}

    def stop(self):
        for process in (self.mock, self.bus_process):
            process.kill()  # SIGKILL: the python mock ignores SIGTERM in its main loop
            process.wait()


def wait_until(predicate, timeout, what, required=True):
    """Runs the bus until `predicate` holds; returns whether it did. After `timeout` s, exits
    naming `what`, or returns False when it is not `required`."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            if not required:
                return False
            sys.exit(f"{os.path.basename(sys.argv[0])}: timed out waiting for {what}")
        context.iteration(False) or time.sleep(0.0002)
    return True


def iso(date):
    return date.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_todos(path, count, start, completed=0, repeating=0, alarms=0):
    """`count` todos created a second apart from `start`; the last `completed` of them done,
    the first `repeating` due daily an hour before `start` (overdue, so shown first; done,
    each moves to tomorrow, beyond its reminder). With `alarms`, every other todo is due two
    days after `start` and each has that many reminders, an hour apart before its due time
    (all still ahead)."""
    todos = [{
        "id": str(uuid.uuid4()), "title": f"todo {i}", "notes": "", "priority": "normal",
        "isComplete": i >= count - completed, "createdAt": iso(start + timedelta(seconds=i)),
        "completedAt": iso(start + timedelta(hours=1)) if i >= count - completed else None,
        "due": iso(start - timedelta(hours=1, seconds=-i)) if i < repeating else None, "url": None,
        "snoozedUntil": None, "repeat": "FREQ=DAILY" if i < repeating else None,
    } for i in range(count)]
    if alarms:
        for i, todo in enumerate(todos):
            if todo["due"] is None:
                todo["due"] = iso(start + timedelta(days=2, seconds=i))
            todo["reminders"] = [{"related": "due", "offset": -3600 * (k + 1)} for k in range(alarms)]
    with open(path, "w") as f:
        json.dump(todos, f)


