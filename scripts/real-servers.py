#!/usr/bin/python3
"""The quickdo agent on real notification servers, its buttons pressed as a person would.

Each server runs on its own Xvfb display and private session bus, either started here
("running") or left for the bus to start when the agent needs it ("activated", for the
servers whose Debian package ships a D-Bus .service file). Buttons are found by their
label in the accessibility tree (AT-SPI) and pressed with its action or, where a server
ignores that, clicked with xdotool in the middle of the button; dunst has no accessibility
tree, so its context menu is used (`dunstctl context`, answered by a script standing in for
dmenu). Nothing here emits ActionInvoked itself.

For each server and mode it checks: each todo is shown once with the right buttons and no
stray ones; the agent started an activated server; "Done" completes the todo and its popup
goes; the "Done: …" popup's Undo is drawn on screen, and makes the todo pending again; closing a popup by hand snoozes
its todo; an expired popup snoozes its todo too; SIGTERM ends the agent with 0. It saves a
screenshot of each server. Usage (needs /usr/bin/python3 with python3-pyatspi):

    real-servers.py --quickdo PATH [--out DIR] [--server NAME]... [--mode running|activated|both]
                    [--retries N]
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

XFCE = "/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd"
MATE = "/usr/lib/mate-notification-daemon/mate-notification-daemon"
GNOME_DAEMON = "/usr/lib/notification-daemon/notification-daemon"
# Plasma's notifications are plasmashell's, which needs the activity manager running.
PLASMA = ["/bin/sh", "-c", "/usr/lib/x86_64-linux-gnu/libexec/kactivitymanagerd & "
          "exec /usr/bin/plasmashell --no-respawn"]

# name: (command, how its buttons are pressed, whether the bus can start it, close button)
SERVERS = {
    "dunst": (["/usr/bin/dunst"], "dunst", True, None),
    "xfce4-notifyd": ([XFCE], "atspi", True, None),
    "mate-notification-daemon": ([MATE], "xdotool", True, ""),
    "notification-daemon": ([GNOME_DAEMON], "xdotool", False, ""),
    "lxqt-notificationd": (["/usr/bin/lxqt-notificationd"], "atspi", False, "x"),
    "plasma": (PLASMA, "atspi", False, "Close"),
    "plasma-laptop": (PLASMA, "atspi", False, "Close"),
}

# A laptop's screen, where Plasma stacks the popups it has room for and hides the rest;
# the session there has five todos, one more than quickdo's default `max`, so that after
# Done, four todos and the Undo offer are up.
SCREENS = {"plasma-laptop": "1366x768x24"}

# Buttons a server puts on every popup beside its close button, which are not quickdo's.
CHROME = {"plasma": {"Configure", "Minimize"}, "plasma-laptop": {"Configure", "Minimize"}}

# A long undo window: a menu or a pointer takes longer than a person's click.
CONFIG = '[actions]\nundo_window = "60s"\n'
A = "Water the plants"
B = "Read the report"
C = "Call the bank"


class Failure(Exception):
    pass


def wait_for(what, predicate, timeout=15):
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = predicate()
        except Exception:  # the accessibility tree changes under the walk
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure(f"timed out waiting for {what}")
        time.sleep(0.2)


class Session:
    """Xvfb, a private bus, the accessibility bus, a database and the agent's config."""

    def __init__(self, server, mode, quickdo, out):
        self.name, self.mode, self.quickdo, self.out = server, mode, quickdo, out
        self.command, self.clicker, _, self.close_label = SERVERS[server]
        self.work = tempfile.mkdtemp(prefix=f"quickdo-{server}-")
        self.processes = []
        read, write = os.pipe()
        self.start(["Xvfb", "-displayfd", str(write), "-screen", "0", SCREENS.get(server, "1280x720x24"), "-noreset",
                    "-nolisten", "tcp"], pass_fds=(write,))
        os.close(write)
        # The read end stays open: Xvfb dies of SIGPIPE if it writes there again.
        self.display_pipe = read
        self.display = ":" + os.read(read, 16).decode().strip()
        os.makedirs(f"{self.work}/services")
        with open(f"{self.work}/bus.conf", "w") as f:
            f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen><auth>EXTERNAL</auth>
<servicedir>{self.work}/services</servicedir>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/></policy></busconfig>""")
        env = dict(os.environ, DISPLAY=self.display, QT_ACCESSIBILITY="1",
                   QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb",
                   XDG_RUNTIME_DIR=self.work, HOME=self.work, NO_AT_BRIDGE="0",
                   # As a Plasma session sets them: without the prefix, KService resolves no
                   # desktop entry, and Plasma keeps no history of a notification.
                   XDG_MENU_PREFIX="plasma-", KDE_SESSION_VERSION="5")
        bus = self.start(["dbus-daemon", f"--config-file={self.work}/bus.conf", "--print-address=1",
                          "--nofork"], env=env, stdout=subprocess.PIPE, text=True)
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()
        self.env = env
        os.environ.update(DISPLAY=self.display, DBUS_SESSION_BUS_ADDRESS=env["DBUS_SESSION_BUS_ADDRESS"])
        self.start(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env)
        time.sleep(0.5)
        self.server_command = self.command + (self.dunst_config() if server == "dunst" else [])
        if mode == "running":
            self.start(self.server_command, env=env, stdout=open(f"{self.work}/server.log", "w"),
                       stderr=subprocess.STDOUT)
            wait_for("the server's bus name", self.server_is_up)
        else:
            script = f"{self.work}/start-server.sh"
            with open(script, "w") as f:
                f.write("#!/bin/sh\nexport DBUS_SESSION_BUS_ADDRESS=\"$DBUS_STARTER_ADDRESS\"\n"
                        f"exec {' '.join(self.server_command)} >{self.work}/server.log 2>&1\n")
            with open(f"{self.work}/services/org.freedesktop.Notifications.service", "w") as f:
                f.write(f"[D-BUS Service]\nName=org.freedesktop.Notifications\nExec=/bin/sh {script}\n")
        self.qenv = dict(env, QUICKDO_DB=f"{self.work}/todos.sqlite",
                         XDG_CONFIG_HOME=f"{self.work}/config", XDG_DATA_HOME=f"{self.work}/data")
        self.agent = None

    def start(self, command, **options):
        process = subprocess.Popen(command, start_new_session=True, stdin=subprocess.DEVNULL,
                                   **{"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL,
                                      **options})
        self.processes.append(process)
        return process

    def dunst_config(self):
        with open(f"{self.work}/pick", "w") as f:
            f.write(f"#!/bin/sh\n# Stands in for dmenu: logs the menu, prints the line asked for.\n"
                    f"tee {self.work}/menu.txt | grep -m1 -F -f {self.work}/want\n"
                    f"touch {self.work}/menu.done\n")
        os.chmod(f"{self.work}/pick", 0o755)
        with open(f"{self.work}/dunstrc", "w") as f:
            f.write(f"[global]\n  font = Monospace 11\n  width = 420\n  offset = 20x20\n"
                    f"  dmenu = {self.work}/pick\n  show_indicators = yes\n")
        return ["-config", f"{self.work}/dunstrc"]

    def server_is_up(self):
        reply = subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
             "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner",
             "org.freedesktop.Notifications"], env=self.env, capture_output=True, text=True)
        return "true" in reply.stdout

    # quickdo

    def cli(self, *arguments):
        result = subprocess.run([self.quickdo, *arguments], env=self.qenv, capture_output=True,
                                text=True)
        if result.returncode != 0:
            raise Failure(f"quickdo {' '.join(arguments)}: {result.stderr}")
        return result.stdout.strip()

    def todo(self, id):
        return next(t for t in json.loads(self.cli("list", "--json", "--all")) if t["id"] == id)

    def start_agent(self):
        self.agent = subprocess.Popen([self.quickdo, "agent", "--log-level", "debug"], env=self.qenv,
                                      stdout=subprocess.DEVNULL,
                                      stderr=open(f"{self.work}/agent.log", "w"))

    def agent_log(self):
        with open(f"{self.work}/agent.log") as f:
            return f.read()

    def write_config(self, text):
        os.makedirs(f"{self.work}/config/quickdo", exist_ok=True)
        path = f"{self.work}/config/quickdo/config.toml"
        with open(path + ".new", "w") as f:
            f.write(text)
        os.chmod(path + ".new", 0o600)
        os.rename(path + ".new", path)

    def screenshot(self, suffix):
        os.makedirs(self.out, exist_ok=True)
        path = f"{self.out}/{self.name}-{self.mode}-{suffix}.png"
        subprocess.run(["import", "-display", self.display, "-window", "root", path],
                       stderr=subprocess.DEVNULL)
        return path

    def stop(self):
        if self.agent and self.agent.poll() is None:
            self.agent.kill()
        for process in reversed(self.processes):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        # An activated server is the bus's child: it goes with the bus's process group only
        # if it stayed in it.
        subprocess.run(["pkill", "-KILL", "-f", self.work], stderr=subprocess.DEVNULL)
        os.close(self.display_pipe)
        shutil.rmtree(self.work, ignore_errors=True)


class AccessiblePopups:
    """The server's popups as its accessibility tree shows them."""

    def __init__(self, session):
        import pyatspi
        self.pyatspi = pyatspi
        self.session = session

    def nodes(self):
        desktop = self.pyatspi.Registry.getDesktop(0)
        labels, buttons = [], []

        def walk(node):
            role = node.getRoleName()
            if role == "label" and node.name:
                labels.append(node)
            elif role == "push button":
                buttons.append(node)
            for i in range(node.childCount):
                child = node.getChildAtIndex(i)
                if child is not None:
                    walk(child)

        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name and ("notif" in app.name or app.name == "plasmashell"):
                walk(app)
        return labels, buttons

    def popup(self, title, wanted=None):
        """(count of labels reading `title`, {button label: button} of the nearest part of
        the first such popup that holds buttons other than its close button, or `wanted`)."""
        labels, _ = self.nodes()
        matching = [label for label in labels if label.name == title]
        if not matching:
            return 0, {}
        node = matching[0]
        while node is not None:
            buttons = {}
            self.collect(node, buttons)
            found = wanted in buttons if wanted is not None else set(buttons) - self.chrome()
            if found:
                return len(matching), buttons
            node = node.parent
        return len(matching), {}

    def collect(self, node, buttons):
        if node.getRoleName() == "push button":
            buttons.setdefault(node.name, node)
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None:
                self.collect(child, buttons)

    def chrome(self):
        return {self.session.close_label} | CHROME.get(self.session.name, set())

    def buttons(self, title):
        count, buttons = self.popup(title)
        return count, sorted(name for name in buttons if name not in self.chrome())

    def press(self, title, label):
        _, buttons = wait_for(f"'{label}' on '{title}'",
                              lambda: (lambda p: p if label in p[1] else None)(self.popup(title, label)))
        button = buttons[label]
        if self.session.clicker == "atspi":
            button.queryAction().doAction(0)
        else:
            self.click(button)

    def on_screen(self, title, label):
        """Whether the button is drawn where a person sees it: showing, and inside the screen."""
        _, buttons = self.popup(title, label)
        button = buttons.get(label)
        if button is None or not button.getState().contains(self.pyatspi.STATE_SHOWING):
            return False
        extents = button.queryComponent().getExtents(self.pyatspi.DESKTOP_COORDS)
        width, height = (int(n) for n in SCREENS.get(self.session.name, "1280x720").split("x")[:2])
        return (extents.width > 0 and 0 <= extents.x and extents.x + extents.width <= width
                and 0 <= extents.y and extents.y + extents.height <= height)

    def click(self, node):
        extents = node.queryComponent().getExtents(self.pyatspi.DESKTOP_COORDS)
        subprocess.run(["xdotool", "mousemove", str(extents.x + extents.width // 2),
                        str(extents.y + extents.height // 2), "click", "1"], env=self.session.env)

    def dismiss(self, title):
        if self.session.close_label is not None:
            self.press(title, self.session.close_label)
            return
        # xfce4-notifyd has no close button: a click on a popup with no body action closes it.
        labels, _ = self.nodes()
        self.click(next(label for label in labels if label.name == title))


class DunstPopups:
    """dunst's popups through its context menu (dunst has no accessibility tree), which
    lists each action as `#label (summary) [id,key]`; the body click (`default`) is no
    button there."""

    ENTRY = re.compile(r"^#(.*) \((.*)\) \[(\d+),(.*)\]$")

    def __init__(self, session):
        self.session = session

    def ctl(self, *arguments):
        return subprocess.run(["dunstctl", *arguments], env=self.session.env, capture_output=True,
                              text=True).stdout

    def menu(self, want="nothing-matches-this"):
        """The menu's entries as (label, summary, id, key), choosing the line `want`."""
        menu = f"{self.session.work}/menu.txt"
        done = f"{self.session.work}/menu.done"
        for path in (menu, done):
            if os.path.exists(path):
                os.remove(path)
        with open(f"{self.session.work}/want", "w") as f:
            f.write(want + "\n")
        self.ctl("context")
        # dunst runs no menu while it shows nothing.
        deadline = time.monotonic() + 3
        while not os.path.exists(done) and time.monotonic() < deadline:
            time.sleep(0.05)
        if not os.path.exists(done):
            return []
        time.sleep(0.3)  # dunst reads the choice after the script ends; a menu opened sooner is ignored
        with open(menu) as f:
            return [m.groups() for m in map(self.ENTRY.match, f.read().splitlines()) if m]

    def buttons(self, title):
        entries = [e for e in self.menu() if e[1] == title and e[3] != "default"]
        return len({e[2] for e in entries}), sorted({e[0] for e in entries})

    def press(self, title, label):
        entry = wait_for(f"'{label}' on '{title}' in dunst's menu", lambda: next(
            (e for e in self.menu() if e[1] == title and e[0] == label and e[3] != "default"), None))
        self.menu(want=f"#{entry[0]} ({entry[1]}) [{entry[2]},{entry[3]}]")

    def on_screen(self, title, label):
        # dunst's menu lists only the notifications it shows.
        return label in self.buttons(title)[1]

    def dismiss(self, title):
        # The close shortcut (ctrl+space by default) closes the newest popup: `title`'s.
        self.ctl("close")


def start(session):
    """Two todos, one with a link (five on a laptop's screen), and the agent; returns the
    first two's ids."""
    a = session.cli("add", A, "--priority", "high")
    b = session.cli("add", B, "--url", "https://example.com/")
    if session.name in SCREENS:
        for title in ["Pay the rent", "Book the dentist", "Renew the passport"]:
            session.cli("add", title)
    session.write_config(CONFIG)
    session.start_agent()
    return a, b


def expire_and_stop(session, ok, shown, what):
    """Popups that expire after 3 s, a third todo until its popup expires, then SIGTERM."""
    session.write_config(CONFIG + '[notifications]\nexpire_timeout = 3000\n')
    wait_for("the config reloaded", lambda: "config reloaded" in session.agent_log())
    c = session.cli("add", C)
    wait_for(f"'{C}' shown", shown)
    wait_for("the expired todo snoozed", lambda: session.todo(c)["snoozedUntil"], timeout=20)
    ok(what)
    print(f"  saved {session.screenshot('3-end')}")
    session.agent.send_signal(signal.SIGTERM)
    status = session.agent.wait(timeout=15)
    if status != 0:
        raise Failure(f"the agent exited {status}")
    ok("SIGTERM ended the agent with 0")


def check(session, popups):
    """The checks, in the order a person would meet them."""

    def ok(what):
        print(f"  ok  {what}")

    if session.name == "notification-daemon":
        return check_summary(session, popups, ok)
    a, b = start(session)
    if session.mode == "activated":
        wait_for("the agent to have the bus start the server", session.server_is_up)
        if "asking the bus to start one" not in session.agent_log():
            raise Failure("the server came up, but not at the agent's request")
        ok("the agent had the bus start the server")
    expected = {A: ["Done", "Snooze"], B: ["Done", "Open", "Snooze"]}
    for title, buttons in expected.items():
        count, shown = wait_for(f"'{title}' with {buttons}",
                                lambda: (lambda p: p if p[1] == buttons else None)(popups.buttons(title)))
        if count != 1:
            raise Failure(f"'{title}' is shown {count} times")
        ok(f"'{title}' shown once, with exactly {shown}")
    print(f"  saved {session.screenshot('1-shown')}")

    popups.press(A, "Done")
    wait_for("the todo done", lambda: session.todo(a)["isComplete"])
    ok("Done completed the todo")
    wait_for("the Undo offer", lambda: "Undo" in popups.buttons("Done: " + A)[1])
    wait_for("Undo on screen", lambda: popups.on_screen("Done: " + A, "Undo"), timeout=5)
    wait_for("its popup to go", lambda: popups.buttons(A)[0] == 0)
    ok("its popup went; 'Done: …' offers Undo")
    print(f"  saved {session.screenshot('2-undo-offered')}")
    popups.press("Done: " + A, "Undo")
    wait_for("the todo pending again", lambda: not session.todo(a)["isComplete"])
    wait_for("its popup back", lambda: popups.buttons(A)[0] == 1)
    ok("Undo made it pending again, and its popup came back")

    popups.dismiss(B)
    wait_for("the dismissed todo snoozed", lambda: session.todo(b)["snoozedUntil"])
    wait_for("its popup to go", lambda: popups.buttons(B)[0] == 0)
    if session.todo(a)["snoozedUntil"]:
        raise Failure("a todo whose popup was only pressed (Done, Undo) got snoozed")
    ok("closing a popup by hand snoozed its todo; pressing a button snoozed none")

    expire_and_stop(session, ok, lambda: popups.buttons(C)[0] == 1,
                    "an expired popup snoozed its todo (it comes back when the snooze ends)")


def check_summary(session, popups, ok):
    """A server that shows one popup at a time gets the summary (the `auto` layout): one
    popup with a button per todo, and the "Done: …" offer in its place for a while."""
    a, b = start(session)
    two = "2 pending todos"
    count, shown = wait_for(f"'{two}' with a button per todo",
                            lambda: (lambda p: p if p[1] == sorted([A, B]) else None)(popups.buttons(two)))
    if count != 1:
        raise Failure(f"'{two}' is shown {count} times")
    ok(f"one summary '{two}', with exactly {shown}; no popup queued behind it")
    print(f"  saved {session.screenshot('1-shown')}")
    popups.press(two, A)
    wait_for("the todo done", lambda: session.todo(a)["isComplete"])
    ok(f"'{A}' on the summary completed the todo")
    wait_for("the Undo offer in the summary's place", lambda: "Undo" in popups.buttons("Done: " + A)[1])
    ok("'Done: …' offers Undo in the summary's place")
    print(f"  saved {session.screenshot('2-undo-offered')}")
    popups.press("Done: " + A, "Undo")
    wait_for("the todo pending again", lambda: not session.todo(a)["isComplete"])
    wait_for("the summary back", lambda: popups.buttons(two)[0] == 1)
    ok("Undo made it pending again, and the summary came back")
    popups.dismiss(two)
    wait_for("the summary's todos snoozed",
             lambda: session.todo(a)["snoozedUntil"] and session.todo(b)["snoozedUntil"])
    ok("closing the summary by hand snoozed the todos it showed")
    # The summary counts the pending todos, snoozed ones too; its buttons are the shown ones.
    expire_and_stop(session, ok, lambda: popups.buttons("3 pending todos")[1] == [C],
                    "an expired summary snoozed its todo, though this server does not report expiry")


def run_one(name, mode, quickdo, out):
    """One server in one mode, in this process (pyatspi keeps its first accessibility bus for
    the life of the process, so each session runs in a process of its own)."""
    print(f"== {name} ({mode})", flush=True)
    session = Session(name, mode, quickdo, out)
    try:
        popups = DunstPopups(session) if name == "dunst" else AccessiblePopups(session)
        check(session, popups)
        return True
    except Exception as error:  # reported with the agent's log
        print(f"  FAILED: {error}\n  agent log:\n{session.agent_log()[-3000:]}", flush=True)
        if os.path.exists(f"{session.work}/menu.txt"):
            print("  dunst's last menu:\n" + open(f"{session.work}/menu.txt").read())
        print(f"  saved {session.screenshot('failed')}")
        return False
    finally:
        session.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quickdo", required=True)
    parser.add_argument("--out", default="real-servers-output")
    parser.add_argument("--server", action="append", choices=sorted(SERVERS))
    parser.add_argument("--mode", choices=["running", "activated", "both"], default="both")
    parser.add_argument("--retries", type=int, default=0,
                        help="run a failed server again this many times (reported as such)")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    quickdo, out = os.path.abspath(args.quickdo), os.path.abspath(args.out)
    if args.one:
        sys.exit(0 if run_one(args.server[0], args.mode, quickdo, out) else 1)
    failures, retried = [], []
    passed = 0
    for name in args.server or sorted(SERVERS):
        modes = ["running", "activated"] if args.mode == "both" else [args.mode]
        for mode in modes:
            if mode == "activated" and not SERVERS[name][2]:
                continue
            for attempt in range(args.retries + 1):
                status = subprocess.run([sys.executable, "-u", __file__, "--one", "--quickdo",
                                         quickdo, "--out", out, "--server", name, "--mode", mode]).returncode
                if status == 0:
                    break
                print(f"  {name} ({mode}) failed" + (", running it again" if attempt < args.retries else ""))
            if status == 0:
                passed += 1
                if attempt:
                    retried.append(f"{name} ({mode})")
            else:
                failures.append(f"{name} ({mode})")
    print(f"\nreal-servers: {passed} passed, {len(failures)} failed")
    for failure in failures:
        print(f"  failed: {failure}")
    for name in retried:
        print(f"  passed on a second run: {name}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
