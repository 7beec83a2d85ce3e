#!/usr/bin/python3
"""The quickdo agent on real notification servers, its buttons pressed as a person would.

Each server runs on its own Xvfb display (mako and SwayNotificationCenter inside a
headless sway) and private session bus, either started here ("running") or left for the
bus to start when the agent needs it ("activated", for the servers whose Debian package
ships a D-Bus .service file). Buttons are found by their label in the accessibility tree
(AT-SPI) and pressed with its action or, where a server ignores that, clicked with xdotool
in the middle of the button; dunst has no accessibility tree, so its context menu is used
(`dunstctl context`, answered by a script standing in for dmenu), and mako draws no
buttons, so `makoctl menu` is, with a script standing in for wofi. GNOME Shell runs
headless on Wayland; a test extension (gnome-shell-rig/) reads its banners and list and
moves the shell's own virtual pointer. Cinnamon is read through its own Eval
(cinnamon-rig/) and clicked with xdotool. Today's versions (GNOME Shell 48, Plasma 6.3) run
from Debian 13 roots (scripts/debian13-root.sh, made on first use), with quickdo outside
them. Nothing here emits ActionInvoked or NotificationReplied itself.

For each server and mode it checks: each todo is shown once with the right buttons and no
stray ones; the agent started an activated server; "Done" completes the todo and its popup
goes; the "Done: …" popup's Undo is drawn on screen, and makes the todo pending again;
closing a popup by hand snoozes its todo; an expired popup snoozes its todo too (GNOME Shell,
which ignores expiry: a click in its list touches one todo only); a todo added while
running appears; SIGTERM ends the agent with 0. Then, on a database of its own, the
server's own Do Not Disturb switched as a person does: nothing is sent while it is on, and
what was held comes back when it goes off (one by one, or as one summary whose Show and
Snooze all are pressed). It saves a screenshot of each server. Usage (needs /usr/bin/python3 with python3-pyatspi):

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
import uuid

XFCE = "/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd"
MATE = "/usr/lib/mate-notification-daemon/mate-notification-daemon"
GNOME_DAEMON = "/usr/lib/notification-daemon/notification-daemon"
# Plasma's notifications are plasmashell's, which needs the activity manager running.
PLASMA = ["/bin/sh", "-c", "/usr/lib/x86_64-linux-gnu/libexec/kactivitymanagerd & "
          "exec /usr/bin/plasmashell --no-respawn"]

# GNOME Shell as its own Wayland display with a virtual monitor, no X server or session; its
# fdo notification name belongs to a helper the shell has the bus start. The rig's extension
# (gnome-shell-rig/) turns on the shell's Eval and drives the shell's own virtual pointer.
GNOME_SHELL = ["/usr/bin/gnome-shell", "--headless", "--virtual-monitor", "1280x720", "--wayland",
               "--no-x11"]
RIG_EXTENSION = "quickdo-rig@quickdo.invalid"
RIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gnome-shell-rig")
# Cinnamon on Xvfb, replacing no window manager; read through its own Eval (cinnamon-rig/).
CINNAMON_RIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cinnamon-rig")

# Today's versions run from a Debian 13 root that scripts/debian13-root.sh makes: the server
# and its buses inside it, quickdo outside, through the bus's socket in the root.
ROOTS = {"gnome-shell-48": "gnome", "plasma-6": "plasma", "plasma-6-laptop": "plasma"}
ROOT_DIR = os.environ.get("QUICKDO_ROOTS", "/var/tmp/quickdo-roots")

# name: (command, how its buttons are pressed, whether the bus can start it, close button)
SERVERS = {
    "dunst": (["/usr/bin/dunst"], "dunst", True, None),
    "dunst-de": (["/usr/bin/dunst"], "dunst", False, None),
    "xfce4-notifyd": ([XFCE], "atspi", True, None),
    "mate-notification-daemon": ([MATE], "xdotool", True, ""),
    "notification-daemon": ([GNOME_DAEMON], "xdotool", False, ""),
    "lxqt-notificationd": (["/usr/bin/lxqt-notificationd"], "atspi", False, "x"),
    "plasma": (PLASMA, "atspi", False, "Close"),
    "plasma-laptop": (PLASMA, "atspi", False, "Close"),
    "plasma-6": (PLASMA, "atspi", False, "Close"),
    "plasma-6-laptop": (PLASMA, "atspi", False, "Close"),
    "cinnamon": (["/usr/bin/cinnamon", "--replace"], "cinnamon", False, None),
    "budgie": (["/usr/bin/budgie-daemon"], "atspi", False, "Close"),
    "mako": (["/usr/bin/mako"], "mako", False, None),
    "swaync": (["/usr/bin/swaync"], "atspi", False, ""),
    "gnome-shell": (GNOME_SHELL, "shell", False, None),
    "gnome-shell-48": (GNOME_SHELL, "shell", False, None),
}

# A laptop's screen, where Plasma stacks the popups it has room for and hides the rest;
# the session there has five todos, one more than quickdo's default `max`, so that after
# Done, four todos and the Undo offer are up.
SCREENS = {"plasma-laptop": "1366x768x24", "plasma-6-laptop": "1366x768x24"}

# Buttons a server puts on every popup beside its close button, which are not quickdo's.
CHROME = {name: {"Configure", "Minimize"} for name in ["plasma", "plasma-laptop", "plasma-6", "plasma-6-laptop"]}

# A long undo window: a menu or a pointer takes longer than a person's click.
CONFIG = '[actions]\nundo_window = "60s"\n'
A = "Water the plants"
B = "Read the report"
C = "Call the bank"
D = "Water the ferns"
R = "Take the pills"
# A session on a German desktop (LANG, LANGUAGE): quickdo's own words as it must show them
# there, from its catalogs, with no setting of quickdo's.
GERMAN = {"Done": "Erledigt", "Snooze": "Schlummern", "Open": "Öffnen", "Undo": "Rückgängig",
          "Done: ": "Erledigt: ", "config reloaded": "Konfiguration neu geladen"}
LANGUAGES = {"dunst-de": ({"LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}, GERMAN)}
# Servers with KDE's inline-reply: each todo also offers "Snooze until…", a field a person
# types a time into; on those without a laptop's screen, a typed time is tried too. Plasma
# 5.27 offers the field too, but quickdo leaves it out there (ServerQuirks): the popups
# after an answered one were not drawn.
TYPED = {"plasma-6", "plasma-6-laptop"}
TYPED_CHECKED = {"plasma-6"}
E = "Book the dentist"
# Servers of the wlroots family, run inside a headless sway (its own Wayland display).
SWAY = {"mako", "swaync"}
# Where the title a popup draws is checked to be the todo's (Budgie titles a notification
# without a body with the app's name).
TITLE_CHECKED = {"budgie"}
# Where KRunner adds a todo from a line and completes one (the runner in the agent).
KRUNNER = {"plasma", "plasma-6"}
# Where a repeating todo's Done is clicked too (two servers are enough for the rule's flow).
REPEATING = {"dunst", "xfce4-notifyd"}


# Each server's own Do Not Disturb switch, flipped as a person does: (on, off). Plasma's is
# its Inhibit call, held while the inhibiting connection lives. GNOME's notification-daemon
# has none, and LXQt keeps its in a file of its own.
def gsettings(schema, key, on):
    return (["gsettings", "set", schema, key, on], ["gsettings", "set", schema, key, "false" if on == "true" else "true"])


DND = {
    "dunst": (["dunstctl", "set-paused", "true"], ["dunstctl", "set-paused", "false"]),
    "mako": (["makoctl", "mode", "-a", "do-not-disturb"], ["makoctl", "mode", "-r", "do-not-disturb"]),
    "swaync": (["swaync-client", "--dnd-on"], ["swaync-client", "--dnd-off"]),
    "xfce4-notifyd": tuple(["xfconf-query", "-c", "xfce4-notifyd", "-p", "/do-not-disturb", "-n", "-t", "bool", "-s", v]
                           for v in ("true", "false")),
    "mate-notification-daemon": gsettings("org.mate.NotificationDaemon", "do-not-disturb", "true"),
    "cinnamon": gsettings("org.cinnamon.desktop.notifications", "display-notifications", "false"),
    "gnome-shell": gsettings("org.gnome.desktop.notifications", "show-banners", "false"),
    "gnome-shell-48": gsettings("org.gnome.desktop.notifications", "show-banners", "false"),
    # Budgie's daemon keeps it; Raven's button toggles it.
    "budgie": tuple(["gdbus", "call", "--session", "--dest", "org.budgie_desktop.Notifications", "--object-path",
                     "/org/budgie_desktop/Notifications", "--method", "org.buddiesofbudgie.budgie.Dispatcher.ToggleDoNotDisturb"]
                    for _ in range(2)),
    "plasma": ("inhibit", None),
    "plasma-6": ("inhibit", None),
}
# The settings' services, started by the bus when the switch is first set: (name, program
# outside a root, program inside one).
SETTINGS_SERVICES = {
    "xfce4-notifyd": ("org.xfce.Xfconf", "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd"),
    "mate-notification-daemon": ("ca.desrt.dconf", "/usr/libexec/dconf-service"),
    # SwayNotificationCenter keeps its switch in GSettings: without dconf, it falls back at once.
    "swaync": ("ca.desrt.dconf", "/usr/libexec/dconf-service"),
}


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
        self.root = f"{ROOT_DIR}/{ROOTS[server]}" if server in ROOTS else ""
        if self.root and not os.path.isdir(f"{self.root}/usr"):
            raise Failure(f"no Debian 13 root at {self.root}: run scripts/debian13-root.sh")
        self.work = tempfile.mkdtemp(prefix=f"quickdo-{server}-", dir=f"{self.root}/tmp" if self.root else None)
        self.inner = self.work[len(self.root):]  # the work folder as the server sees it
        self.processes = []
        read, write = os.pipe()
        self.start(["Xvfb", "-displayfd", str(write), "-screen", "0", SCREENS.get(server, "1280x720x24"), "-noreset",
                    "-nolisten", "tcp"], pass_fds=(write,))
        os.close(write)
        # The read end stays open: Xvfb dies of SIGPIPE if it writes there again.
        self.display_pipe = read
        self.display = ":" + os.read(read, 16).decode().strip()
        os.makedirs(f"{self.work}/services")
        self.settings_service()
        with open(f"{self.work}/bus.conf", "w") as f:
            f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen><auth>EXTERNAL</auth>
<servicedir>{self.inner}/services</servicedir>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/></policy></busconfig>""")
        env = dict(os.environ, DISPLAY=self.display, QT_ACCESSIBILITY="1",
                   QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb", NO_AT_BRIDGE="0",
                   # As a Plasma session sets them: without the prefix, KService resolves no
                   # desktop entry, and Plasma keeps no history of a notification.
                   XDG_MENU_PREFIX="plasma-", KDE_SESSION_VERSION="6" if server.startswith("plasma-6") else "5")
        # The server's environment names the work folder as it sees it; this process and
        # quickdo see it from outside the root.
        self.server_env = dict(env, **self.folders(self.inner))
        env.update(self.folders(self.work))
        address = self.start_bus("session-bus")
        self.server_env["DBUS_SESSION_BUS_ADDRESS"] = address
        env["DBUS_SESSION_BUS_ADDRESS"] = address.replace(self.inner, self.work) if self.root else address
        if server.startswith("gnome-shell"):
            self.prepare_gnome_shell()
        if server == "cinnamon":
            self.prepare_cinnamon()
        if server in SWAY:
            env["WAYLAND_DISPLAY"] = self.server_env["WAYLAND_DISPLAY"] = self.start_sway()
            self.server_env["GDK_BACKEND"] = "wayland"
        # GNOME Shell and Cinnamon keep their settings in a keyfile here, which `gsettings`
        # and the agent read and write too, as the desktop's dconf would be shared.
        if "GSETTINGS_BACKEND" in self.server_env:
            env["GSETTINGS_BACKEND"] = self.server_env["GSETTINGS_BACKEND"]
        self.env = env
        os.environ.update(DISPLAY=self.display, DBUS_SESSION_BUS_ADDRESS=env["DBUS_SESSION_BUS_ADDRESS"])
        # The accessibility bus beside the server (in its root, if it has one); this process
        # reaches it from outside through its socket in the root.
        if self.clicker not in ("shell", "cinnamon", "mako"):  # those are read through their own interfaces
            self.start(self.inside(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"]),
                       env=self.server_env)
            time.sleep(0.5)
        if self.root and self.clicker != "shell":
            os.environ["AT_SPI_BUS_ADDRESS"] = wait_for("the accessibility bus", self.accessibility_bus)
        self.qenv = dict(env, QUICKDO_DB=f"{self.work}/todos.sqlite")
        language, self.words = LANGUAGES.get(server, ({}, {}))
        self.qenv.update(language)
        # As a user would, before the server reads the icon theme: the icon and desktop entry.
        self.cli("install")
        self.server_command = self.command + (self.dunst_config() if server.startswith("dunst") else [])
        if mode == "running":
            self.start(self.inside(self.server_command), env=self.server_env,
                       stdout=open(f"{self.work}/server.log", "w"), stderr=subprocess.STDOUT)
            wait_for("the server's bus name", self.server_is_up)
        else:
            script = f"{self.work}/start-server.sh"
            with open(script, "w") as f:
                f.write("#!/bin/sh\nexport DBUS_SESSION_BUS_ADDRESS=\"$DBUS_STARTER_ADDRESS\"\n"
                        f"exec {' '.join(self.server_command)} >{self.work}/server.log 2>&1\n")
            with open(f"{self.work}/services/org.freedesktop.Notifications.service", "w") as f:
                f.write(f"[D-BUS Service]\nName=org.freedesktop.Notifications\nExec=/bin/sh {script}\n")
        self.agent = None

    def settings_service(self):
        """The bus starts the service that keeps the server's settings (dconf, xfconf) with
        this session's folders, so that what `gsettings` or `xfconf-query` sets is what the
        server and the agent read."""
        if self.name not in SETTINGS_SERVICES:
            return
        name, program = SETTINGS_SERVICES[self.name]
        script = f"{self.work}/start-{name}.sh"
        with open(script, "w") as f:
            f.write(f"#!/bin/sh\nexport XDG_CONFIG_HOME={self.inner}/config XDG_RUNTIME_DIR={self.inner} HOME={self.inner}\n"
                    f"exec {program} >{self.inner}/{name}.log 2>&1\n")
        with open(f"{self.work}/services/{name}.service", "w") as f:
            f.write(f"[D-BUS Service]\nName={name}\nExec=/bin/sh {self.inner}/start-{name}.sh\n")

    def t(self, words):
        """quickdo's `words` in this session's language."""
        return self.words.get(words, words)

    @staticmethod
    def folders(work):
        return dict(XDG_RUNTIME_DIR=work, HOME=work, XDG_DATA_HOME=f"{work}/data",
                    XDG_CONFIG_HOME=f"{work}/config")

    def inside(self, command):
        """`command` run in the root, if the session has one, with /proc, /sys and /dev
        bound in a mount namespace of its own, and quickdo's folder where it is outside: the
        desktop entries `quickdo install` wrote name it, and GLib shows no entry whose
        program is missing."""
        if not self.root:
            return command
        binaries = os.path.dirname(self.quickdo).lstrip("/")
        return ["unshare", "--mount", "--propagation", "private", "--", "sh", "-c",
                f'for d in proc sys dev tmp/.X11-unix "{binaries}"; do mkdir -p "$0/$d"; mount --rbind "/$d" "$0/$d"; done; '
                'exec chroot "$0" "$@"',
                self.root, *command]

    def start_bus(self, name):
        """A private bus (in the root, listening where quickdo outside can reach it); its address."""
        listen = [f"--address=unix:path={self.inner}/{name}"] if self.root else []
        bus = self.start(self.inside(["dbus-daemon", f"--config-file={self.inner}/bus.conf",
                                      "--print-address=1", "--nofork", *listen]),
                         env=self.server_env, stdout=subprocess.PIPE, text=True)
        return bus.stdout.readline().strip()

    def prepare_gnome_shell(self):
        """The rig's extension turned on through a settings keyfile, a system bus of its own
        (the shell asks it for logind), and the helper that owns the fdo name, which the
        shell has the bus start."""
        extensions = f"{self.work}/data/gnome-shell/extensions"
        os.makedirs(extensions)
        version = "43" if self.name == "gnome-shell" else "45"  # 45 made extensions ES modules
        shutil.copytree(f"{RIG}/extension-{version}", f"{extensions}/{RIG_EXTENSION}")
        os.makedirs(f"{self.work}/config/glib-2.0/settings")
        with open(f"{self.work}/config/glib-2.0/settings/keyfile", "w") as f:
            f.write(f"[org/gnome/shell]\nenabled-extensions=['{RIG_EXTENSION}']\n"
                    "disable-user-extensions=false\nwelcome-dialog-last-shown-version='999'\n")
        shutil.copy(f"{self.root}/usr/share/dbus-1/services/org.gnome.Shell.Notifications.service",
                    f"{self.work}/services/")
        # quickdo's search provider where the package puts it: the shell reads providers from
        # the system's data folders only, of which this one stands first.
        providers = f"{self.work}/system/gnome-shell/search-providers"
        os.makedirs(providers)
        shutil.copy(os.path.join(os.path.dirname(RIG), "..", "data", "quickdo-search-provider.ini"), providers)
        self.server_env["XDG_DATA_DIRS"] = f"{self.inner}/system:/usr/local/share:/usr/share"
        self.server_env.update(DBUS_SYSTEM_BUS_ADDRESS=self.start_bus("system-bus"),
                               GSETTINGS_BACKEND="keyfile", XDG_SESSION_TYPE="wayland")
        os.chmod(self.work, 0o700)

    def prepare_cinnamon(self):
        """Cinnamon's default panel without its printers applet, which fails to load with no
        CUPS and says so in a banner of its own at startup."""
        os.makedirs(f"{self.work}/config/glib-2.0/settings")
        applets = ["panel1:left:0:menu@cinnamon.org", "panel1:right:0:notifications@cinnamon.org",
                   "panel1:right:1:calendar@cinnamon.org"]
        with open(f"{self.work}/config/glib-2.0/settings/keyfile", "w") as f:
            f.write(f"[org/cinnamon]\nenabled-applets={applets!r}\n")
        self.server_env.update(GSETTINGS_BACKEND="keyfile")

    def start_sway(self):
        """sway on its headless backend, a Wayland display with no screen or input devices;
        its socket's path. sway refuses to run as root, so it runs as nobody, in a runtime
        folder of its own; the servers and clients here, as root, reach its socket."""
        runtime = f"{self.work}/sway"
        os.makedirs(runtime)
        shutil.chown(runtime, "nobody")
        os.chmod(runtime, 0o700)
        os.chmod(self.work, 0o711)
        with open(f"{runtime}/config", "w") as f:
            f.write("output HEADLESS-1 resolution 1280x720\nxwayland disable\n")
        self.start(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "env", "-i",
                    f"HOME={runtime}", f"XDG_RUNTIME_DIR={runtime}", "WLR_BACKENDS=headless",
                    "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman", "sway", "-c", f"{runtime}/config"],
                   stdout=open(f"{self.work}/sway.log", "w"), stderr=subprocess.STDOUT)
        socket = wait_for("sway's Wayland socket", lambda: next(
            (f"{runtime}/{name}" for name in sorted(os.listdir(runtime))
             if name.startswith("wayland-") and not name.endswith(".lock")), None))
        return socket

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

    def accessibility_bus(self):
        reply = subprocess.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path",
                                "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress"], env=self.env,
                               capture_output=True, text=True)
        found = re.search(r"'(unix:[^']*)'", reply.stdout)
        return found and found.group(1).replace(self.inner, self.work)

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
        if self.name.startswith("gnome-shell"):  # a Wayland display: the shell's own screenshot
            subprocess.run(["gdbus", "call", "--session", "--dest", "org.gnome.Shell.Screenshot",
                            "--object-path", "/org/gnome/Shell/Screenshot", "--method",
                            "org.gnome.Shell.Screenshot.Screenshot", "false", "false",
                            f"{self.inner}/screenshot.png"], env=self.env, capture_output=True)
            if os.path.exists(f"{self.work}/screenshot.png"):
                shutil.move(f"{self.work}/screenshot.png", path)
            return path
        if self.name in SWAY:  # a Wayland display of sway's
            subprocess.run(["grim", path], env=self.env, stderr=subprocess.DEVNULL)
            return path
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
        if self.root:  # inside the root, the server's command lines name the folder as it sees it
            subprocess.run(["pkill", "-KILL", "-f", self.inner], stderr=subprocess.DEVNULL)
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
            if role in ("label", "heading") and node.name:  # Qt 6 makes a summary a heading
                labels.append(node)
            elif role == "push button":
                buttons.append(node)
            for i in range(node.childCount):
                child = node.getChildAtIndex(i)
                if child is not None:
                    walk(child)

        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name and ("notif" in app.name or app.name in ("plasmashell", "budgie-daemon", "swaync")):
                walk(app)
        return labels, buttons

    def popup(self, title, wanted=None):
        """(count of labels reading `title`, {button label: button} of the nearest part of
        the first such popup that holds buttons other than its close button, or `wanted`)."""
        labels, buttons = self.nodes()
        # SwayNotificationCenter draws the summary as a button: the body click.
        matching = [node for node in labels + (buttons if self.session.name == "swaync" else [])
                    if node.name == title]
        if not matching:
            return 0, {}
        node = matching[0]
        while node is not None:
            buttons = {}
            self.collect(node, buttons)
            found = wanted in buttons if wanted is not None else set(buttons) - self.chrome() - {title}
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

    def titled(self, title):
        """Whether `title` is drawn as a popup's title: the label beside its icon (Budgie
        draws the body under it, where the summary also goes when there is no body)."""
        labels, _ = self.nodes()
        return any(label.name == title and any(
            label.parent.getChildAtIndex(i).getRoleName() == "icon" for i in range(label.parent.childCount))
            for label in labels)

    def chrome(self):
        return {self.session.close_label} | CHROME.get(self.session.name, set())

    def buttons(self, title):
        count, buttons = self.popup(title)
        return count, sorted(name for name in buttons if name not in self.chrome() | {title})

    def press(self, title, label):
        _, buttons = wait_for(f"'{label}' on '{title}'",
                              lambda: (lambda p: p if label in p[1] else None)(self.popup(title, label)))
        button = buttons[label]
        if self.session.clicker == "atspi":
            button.queryAction().doAction(0)
        else:
            self.click(button)

    def type_reply(self, title, text):
        """As a person snoozes by typing: "Snooze until…" opens the field, a click puts the
        cursor in it, the text is typed and Enter sends it."""
        self.press(title, "Snooze until…")

        def field():
            labels, _ = self.nodes()
            label = next((l for l in labels if l.name == title), None)
            node = label
            while node is not None:
                found = []
                self.texts(node, found)
                if found:
                    return found[0]
                node = node.parent
            return None

        wait_for(f"the reply field of '{title}'", field)
        # Plasma's field tells the accessibility bus no position: it is clicked where it is
        # drawn, left of its Send button, as a person clicks into it.
        _, buttons = wait_for("the field's Send button", lambda: (lambda p: p if "Send" in p[1] else None)(
            self.popup(title, "Send")))
        send = buttons["Send"].queryComponent().getExtents(self.pyatspi.DESKTOP_COORDS)
        subprocess.run(["xdotool", "mousemove", str(send.x - 120), str(send.y + send.height // 2), "click", "1"],
                       env=self.session.env, check=True)
        time.sleep(0.3)
        subprocess.run(["xdotool", "type", "--delay", "30", text], env=self.session.env, check=True)
        subprocess.run(["xdotool", "key", "Return"], env=self.session.env, check=True)

    def texts(self, node, found):
        if node.getRoleName() in ("text", "entry", "editbar"):
            found.append(node)
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None:
                self.texts(child, found)

    def label_containing(self, words):
        """Whether any text the server's popups show contains `words`."""
        found = []

        def walk(node):
            text = node.name or ""
            if node.getRoleName() in ("text", "paragraph"):  # Plasma's body: its text, unnamed
                try:
                    text += node.queryText().getText(0, -1)
                except NotImplementedError:
                    pass
            if words in text and node.getState().contains(self.pyatspi.STATE_SHOWING):
                found.append(node)
            for i in range(node.childCount):
                child = node.getChildAtIndex(i)
                if child is not None and not found:
                    walk(child)

        desktop = self.pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name and ("notif" in app.name or app.name in ("plasmashell", "budgie-daemon", "swaync")):
                walk(app)
        return bool(found)

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


def session_bus(session):
    """A GDBus connection to the session's private bus (for a shell's Eval), and GLib."""
    from gi.repository import Gio, GLib
    bus = Gio.DBusConnection.new_for_address_sync(
        session.env["DBUS_SESSION_BUS_ADDRESS"],
        Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
    return bus, GLib


class ShellPopups:
    """GNOME Shell's banners and the notification list under its clock, read and clicked
    through the rig's extension: the shell's own virtual pointer moves and clicks where a
    person would."""

    def __init__(self, session):
        self.session = session
        self.bus, self.GLib = session_bus(session)
        with open(f"{RIG}/rig.js") as f:
            rig = f.read()
        wait_for("the shell's Eval, turned on by the rig's extension", lambda: self.eval(rig), timeout=30)

    def eval(self, script):
        ok, result = self.bus.call_sync("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", "Eval",
                                        self.GLib.Variant("(s)", (script,)), None, 0, 5000, None).unpack()
        if not ok:
            raise Failure(f"the shell's Eval failed: {result}")
        return json.loads(result) if result else None

    def rig(self, call):
        return self.eval(f"global.quickdoRig.{call}")

    def held(self, title):
        return [n for n in self.rig("notifications()") if n["title"] == title]

    def buttons(self, title):
        held = self.held(title)
        return len(held), sorted(held[0]["actions"]) if held else []

    def click(self, box):
        """A click in the middle of `box`, the pointer coming from beside it (a press
        without a move into a message of the list is not taken for a click)."""
        x, y = box["x"] + box["w"] // 2, box["y"] + box["h"] // 2
        self.rig(f"move({x - 8}, {y})")
        time.sleep(0.1)
        self.rig(f"click({x}, {y})")

    def bannered(self, title, label=None, timeout=15):
        """The banner showing `title`, expanded under the pointer, once `label` is drawn."""
        def ready():
            banner = self.rig("banner()")
            if not banner or not banner["box"]:
                return None
            if banner["title"] != title:
                self.let_banner_go(banner["title"])
                return None
            box = banner["box"]
            self.rig(f"move({box['x'] + box['w'] // 2}, {box['y'] + 20})")
            wanted = banner["close"] if label is None else banner["buttons"].get(label)
            return banner if wanted and wanted["opacity"] == 255 else None
        return wait_for(f"'{title}' bannered" + (f" with '{label}'" if label else ""), ready, timeout)

    def let_banner_go(self, title):
        """Waits, the pointer moving elsewhere as a person's does, until `title` is not the
        banner (the shell keeps a banner up while the user is idle)."""
        def gone():
            self.jiggle = not getattr(self, "jiggle", False)
            self.rig(f"move({600 + 10 * self.jiggle}, 650)")
            banner = self.rig("banner()")
            return banner is None or banner["title"] != title
        wait_for(f"the banner of '{title}' to go", gone, timeout=20)

    def press(self, title, label):
        """On the banner; or, where the banner came and went before the press, as a person
        would find it in the list: pressed there (GNOME 46+), or called back as a banner by
        a click on it (43, whose list draws no buttons)."""
        try:
            banner = self.bannered(title, label, timeout=8)
        except Failure:
            if not self.held(title):
                raise
            if self.session.name != "gnome-shell":
                self.press_in_list(title, label)
                return self.close_list()
            message = self.listed(title)
            self.click(message["title_box"])
            wait_for(f"'{title}' shown anew", lambda: self.listed(title)["serial"] != message["serial"])
            self.close_list()
            banner = self.bannered(title, label)
        self.click(banner["buttons"][label])

    def on_screen(self, title, label):
        box = self.bannered(title, label, timeout=2)["buttons"][label]
        return box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["w"] <= 1280 and box["y"] + box["h"] <= 720

    def dismiss(self, title):
        """The × of `title`'s message in the list (one seen in the list is not bannered again)."""
        def close_button():
            message = self.listed(title)
            box = message["box"]
            self.rig(f"move({box['x'] + box['w'] // 2}, {box['y'] + box['h'] // 2})")
            return message["close"] if message["close"] and message["close"]["opacity"] == 255 else None
        self.click(wait_for(f"the × of '{title}' in the list", close_button))
        wait_for(f"'{title}' gone from the list", lambda: not any(
            m["title"] == title for m in self.rig("list()")["messages"]))
        self.close_list()

    def listed(self, title):
        """The list under the clock, opened with a click on the clock; `title`'s message."""
        listing = self.rig("list()")
        if not listing["open"]:
            self.click(listing["clock"])
        def message():
            found = next((m for m in self.rig("list()")["messages"] if m["title"] == title), None)
            if found and found["group"] and not found["group"]["expanded"]:
                # GNOME 46+ stacks an app's notifications: a click on the stack spreads them.
                self.click(found["group"]["box"])
                time.sleep(0.5)
                return None
            return found if found and found["title_box"] and found["box"]["opacity"] == 255 else None
        found = wait_for(f"'{title}' in the list", message)
        time.sleep(0.5)  # the list's animation
        return found

    def press_in_list(self, title, label):
        """`label` on `title`'s message in the list (drawn there from GNOME 46 on, once the
        message is expanded with its chevron)."""
        def button():
            message = self.listed(title)
            if message["buttons"].get(label):
                return message["buttons"][label]
            if message["expand"]:
                self.click(message["expand"])
                time.sleep(0.5)
            return None
        self.click(wait_for(f"'{label}' on '{title}' in the list", button))

    def close_list(self):
        listing = self.rig("list()")
        if listing["open"]:
            self.click(listing["clock"])
        wait_for("the list closed", lambda: not self.rig("list()")["open"])


class MakoPopups:
    """mako's notifications, which it draws without buttons: read with `makoctl list`; a
    button pressed as a mako user does, with `makoctl menu` and a picker (wofi, fuzzel or
    dmenu) that chooses its label, here a script that chooses the label asked for; the body
    click (mako's left button, or `makoctl invoke`) with `makoctl invoke`; closed with
    `makoctl dismiss`."""

    def __init__(self, session):
        self.session = session
        with open(f"{session.work}/pick", "w") as f:
            f.write(f"#!/bin/sh\n# Stands in for wofi -d: logs the menu, prints the line asked for.\n"
                    f"tee {session.work}/menu.txt | grep -m1 -x -F -f {session.work}/want\n")
        os.chmod(f"{session.work}/pick", 0o755)

    def ctl(self, *arguments):
        result = subprocess.run(["makoctl", *arguments], env=self.session.env, capture_output=True, text=True)
        if result.returncode != 0:
            raise Failure(f"makoctl {' '.join(arguments)}: {result.stderr.strip()}")
        return result.stdout

    def listed(self, title):
        listing = json.loads(self.ctl("list"))["data"][0]
        return [n for n in listing if n["summary"]["data"] == title]

    def buttons(self, title):
        listed = self.listed(title)
        # The menu lists the body click too, by its label.
        return len(listed), sorted(listed[0]["actions"]["data"].values()) if listed else []

    def id_of(self, title):
        return str(wait_for(f"'{title}' listed by mako", lambda: self.listed(title))[0]["id"]["data"])

    def press(self, title, label):
        """`label` chosen in the menu of `title`'s notification."""
        id_ = self.id_of(title)
        with open(f"{self.session.work}/want", "w") as f:
            f.write(label + "\n")
        self.ctl("menu", "-n", id_, f"{self.session.work}/pick")
        with open(f"{self.session.work}/menu.txt") as f:
            menu = f.read().splitlines()
        if label not in menu:
            raise Failure(f"'{label}' is not in the menu of '{title}': {menu}")

    def invoke(self, title):
        """The body click: mako's left button, or `makoctl invoke` bound to a key."""
        self.ctl("invoke", "-n", self.id_of(title))

    def on_screen(self, title, label):
        # mako draws every notification it lists (up to its max-visible, 5 by default).
        return label in self.buttons(title)[1]

    def dismiss(self, title):
        self.ctl("dismiss", "-n", self.id_of(title))


class CinnamonPopups:
    """Cinnamon's banner, the queue behind it and its notifications applet, read through
    Cinnamon's own Eval (cinnamon-rig/rig.js); buttons clicked with xdotool where they are
    drawn. Cinnamon shows one banner at a time and holds it while the pointer is over it."""

    def __init__(self, session):
        self.session = session
        self.bus, self.GLib = session_bus(session)
        with open(f"{CINNAMON_RIG}/rig.js") as f:
            self.script = f.read()
        wait_for("Cinnamon's Eval", self.state, timeout=30)

    def state(self):
        ok, result = self.bus.call_sync("org.Cinnamon", "/org/Cinnamon", "org.Cinnamon", "Eval",
                                        self.GLib.Variant("(s)", (self.script,)), None, 0, 5000, None).unpack()
        if not ok:
            raise Failure(f"Cinnamon's Eval failed: {result}")
        return json.loads(json.loads(result))

    def held(self, title):
        """Every notification Cinnamon holds with this title: bannered, queued or in the applet."""
        state = self.state()
        return [n for n in ([state["banner"]] if state["banner"] else []) + state["queue"] + state["applet"]
                if n["title"] == title]

    def buttons(self, title):
        held = self.held(title)
        return len(held), sorted(held[0]["buttons"]) if held else []

    def move(self, x, y):
        subprocess.run(["xdotool", "mousemove", str(x), str(y)], env=self.session.env)

    def click(self, box):
        """A click as a person's: the pointer comes to rest first (Cinnamon's × takes no
        click that arrives with the pointer)."""
        self.move(box["x"] + box["w"] // 2, box["y"] + box["h"] // 2)
        time.sleep(0.3)
        subprocess.run(["xdotool", "mousedown", "1", "sleep", "0.1", "mouseup", "1"], env=self.session.env)

    def shown(self, title, label=None, timeout=15):
        """`title` where a person finds it, once `label` (or its ×) is drawn: its banner,
        held under the pointer; or, once the banner has gone, in the notifications applet's
        list, opened with a click on the applet. Another banner is let go by moving the
        pointer away, as a person's does."""
        def ready():
            state = self.state()
            banner = state["banner"]
            found = None
            if banner and banner["title"] == title and banner["box"]:
                box = banner["box"]
                self.move(box["x"] + box["w"] // 2, box["y"] + 10)
                found = banner if box["opacity"] == 255 else None
            elif any(n["title"] == title for n in state["applet"]):
                if not state["appletOpen"]:
                    self.click(state["appletBox"])
                    return None
                found = next(n for n in state["applet"] if n["title"] == title)
            elif banner:
                self.move(600, 400)
            if found is None:
                return None
            wanted = found["close"] if label is None else found["buttons"].get(label)
            return found if wanted else None
        return wait_for(f"'{title}' shown" + (f" with '{label}'" if label else ""), ready, timeout)

    def close_applet(self):
        state = self.state()
        if state["appletOpen"]:
            self.click(state["appletBox"])

    def press(self, title, label):
        self.click(self.shown(title, label)["buttons"][label])
        time.sleep(0.3)
        self.close_applet()

    def on_screen(self, title, label):
        """Bannered now with `label` drawn in the screen, the pointer left where it was."""
        banner = self.state()["banner"]
        box = banner and banner["title"] == title and banner["buttons"].get(label)
        return bool(box) and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["w"] <= 1280 and box["y"] + box["h"] <= 720

    def dismiss(self, title):
        self.click(self.shown(title)["close"])
        time.sleep(0.3)
        self.close_applet()


def start(session):
    """Two todos, one with a link (five on a laptop's screen), and the agent; returns the
    first two's ids."""
    a = session.cli("add", A, "--priority", "high")
    b = session.cli("add", B, "--url", "https://example.com/")
    if session.name in SCREENS:
        # A parent and its subtask among them: the screenshots show "Groceries › Buy milk"
        # and the parent's "0 of 1 subtask done".
        groceries = session.cli("add", "Groceries", "--list", "Home").strip()
        session.cli("add", "Buy milk", "--parent", groceries)
        session.cli("add", "Renew the passport")
    session.write_config(CONFIG)
    session.start_agent()
    return a, b


def expire_and_stop(session, ok, shown, what):
    """Popups that expire after 3 s, a third todo until its popup expires, then SIGTERM."""
    session.write_config(CONFIG + '[notifications]\nexpire_timeout = 3000\n')
    wait_for("the config reloaded", lambda: session.t("config reloaded") in session.agent_log())
    # Every call to the server from here on: popups that expire together must not blink
    # (be shown again and withdrawn), and nothing here is for the agent to withdraw.
    calls = f"{session.work}/calls.txt"
    monitor = subprocess.Popen(["dbus-monitor", "--session", "interface='org.freedesktop.Notifications'",
                                "type='method_return'"],
                               env=session.env, stdout=open(calls, "w"), stderr=subprocess.DEVNULL)
    time.sleep(0.3)
    # Two todos in one import, so that the agent shows them in one pass and their popups
    # expire together (one popup, the summary, on notification-daemon).
    titles = [C] if session.name == "notification-daemon" else [C, D]
    with open(f"{session.work}/import.json", "w") as f:
        json.dump([{"description": title, "status": "pending", "entry": "20260101T000000Z",
                    "uuid": str(uuid.uuid4())} for title in titles], f)
    session.cli("import", f"{session.work}/import.json")
    added = [t["id"] for t in json.loads(session.cli("list", "--json")) if t["title"] in titles]
    wait_for(f"'{C}' shown", shown)
    wait_for("the expired todos snoozed", lambda: all(session.todo(t)["snoozedUntil"] for t in added), timeout=20)
    time.sleep(1.5)  # past the agent's reshow timer, when a blink would show
    monitor.terminate()
    monitor.wait()
    blinks = blinked(calls)
    if blinks:
        raise Failure(f"notification(s) {blinks} shown and withdrawn within a second: a blink")
    ok(what + "; none blinked")
    print(f"  saved {session.screenshot('3-end')}")
    session.agent.send_signal(signal.SIGTERM)
    status = session.agent.wait(timeout=15)
    if status != 0:
        raise Failure(f"the agent exited {status}")
    ok("SIGTERM ended the agent with 0")


def blinked(monitor_output):
    """The notifications that dbus-monitor saw created (Notify replacing none) and withdrawn
    (CloseNotification) within a second: shown again, then taken away, as a blink."""
    with open(monitor_output) as f:
        # A message starts at the line's start; its arguments are indented under it.
        messages = re.split(r"\n(?=\S)", f.read())
    created_by_serial, created, blinks = {}, {}, []
    for message in messages:
        header = message.strip().split("\n")[0] if message.strip() else ""
        time_ = re.search(r"time=([\d.]+)", header)
        if not time_:
            continue
        when = float(time_.group(1))
        if "member=Notify" in header and re.search(r"^\s*uint32 0$", message, re.M):
            created_by_serial[re.search(r" serial=(\d+)", header).group(1)] = when
        elif header.startswith("method return"):
            reply = re.search(r"reply_serial=(\d+)", header).group(1)
            id_ = re.search(r"uint32 (\d+)", message)
            if reply in created_by_serial and id_:
                created[id_.group(1)] = created_by_serial.pop(reply)
        elif "member=CloseNotification" in header:
            id_ = re.search(r"uint32 (\d+)", message).group(1)
            if id_ in created and when - created[id_] < 1:
                blinks.append(int(id_))
    return blinks



def each_once_with_its_buttons(session, popups, ok, shown):
    """The first two todos, each `shown` (or held) once with exactly its buttons."""
    typed = [session.t("Snooze until…")] if session.name in TYPED else []
    expected = {A: sorted([session.t("Done"), session.t("Snooze")] + typed),
                B: sorted([session.t("Done"), session.t("Open"), session.t("Snooze")] + typed)}
    for title, buttons in expected.items():
        count, labels = wait_for(f"'{title}' with {buttons}",
                                 lambda: (lambda p: p if p[1] == buttons else None)(popups.buttons(title)))
        if count != 1:
            raise Failure(f"'{title}' is {shown} {count} times")
        if session.name in TITLE_CHECKED:
            wait_for(f"'{title}' as its popup's title", lambda: popups.titled(title), timeout=3)
        ok(f"'{title}' {shown} once, with exactly {labels}" + (", as its title" if session.name in TITLE_CHECKED else ""))


def done_and_undo(session, popups, ok, a, on_screen_within=5):
    """Done on the first todo: it completes, its notification goes, and the "Done: …"
    offer's Undo is drawn on screen within `on_screen_within` seconds and makes it
    pending again."""
    done, undo, offer = session.t("Done"), session.t("Undo"), session.t("Done: ") + A
    popups.press(A, done)
    wait_for("the todo done", lambda: session.todo(a)["isComplete"])
    ok(f"{done} completed the todo")
    wait_for("the Undo offer", lambda: undo in popups.buttons(offer)[1])
    wait_for("Undo on screen", lambda: popups.on_screen(offer, undo), timeout=on_screen_within)
    wait_for("its notification to go", lambda: popups.buttons(A)[0] == 0)
    ok("its notification went; 'Done: …' offers Undo on screen")
    print(f"  saved {session.screenshot('2-undo-offered')}")
    if isinstance(popups, MakoPopups):
        popups.invoke(offer)  # the offer's body click, as `makoctl invoke` bound to a key
    else:
        popups.press(offer, undo)
    wait_for("the todo pending again", lambda: not session.todo(a)["isComplete"])
    wait_for("its notification back", lambda: popups.buttons(A)[0] == 1)
    ok("Undo made it pending again, and its notification came back")


def repeating_done(session, popups, ok):
    """Done on a repeating todo due in a minute: it moves to tomorrow at the same time,
    stays pending, and its notification goes until then; "Done: …" says when it is next."""
    due = time.time() + 60
    r = session.cli("add", R, "--due", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(due)), "--repeat", "daily")
    wait_for(f"'{R}' shown", lambda: popups.buttons(R)[0] == 1)
    before = session.todo(r)["due"]
    popups.press(R, "Done")
    wait_for("the todo moved", lambda: session.todo(r)["due"] != before)
    todo = session.todo(r)
    expected = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(int(due) + 86400))
    if todo["isComplete"] or todo["due"] != expected:
        raise Failure(f"Done on a daily todo left it {todo['isComplete'] and 'done' or 'pending'}, due {todo['due']}, not {expected}")
    wait_for("the offer saying when it is next", lambda: popups.buttons(f"Done: {R} — next tomorrow {time.strftime('%H:%M', time.localtime(due))}")[0] == 1)
    wait_for("its notification to go", lambda: popups.buttons(R)[0] == 0)
    ok("Done on a repeating todo moved it to tomorrow, kept it pending, and said so")


def typed_snooze(session, popups, ok):
    """A time typed into "Snooze until…": one that cannot be read changes nothing and the
    todo comes back saying so, with the field; "tomorrow 9:00" snoozes it."""
    e = session.cli("add", E)
    wait_for(f"'{E}' shown", lambda: popups.buttons(E)[0] == 1)
    popups.type_reply(E, "whenever")
    wait_for("the todo back on screen, saying what was not understood",
             lambda: popups.on_screen(E, "Snooze until…") and popups.label_containing("is not a time"))
    if session.todo(e)["snoozedUntil"]:
        raise Failure("a reply that cannot be read snoozed the todo")
    if "Snooze until…" not in popups.buttons(E)[1]:
        raise Failure("the todo came back without its field")
    ok("'whenever' typed: nothing changed, and the todo came back saying so, with its field")
    popups.type_reply(E, "tomorrow 9:00")
    wait_for("the todo snoozed", lambda: session.todo(e)["snoozedUntil"])
    tomorrow = time.strftime("%Y-%m-%d", time.localtime(time.time() + 86400))
    until = session.todo(e)["snoozedUntil"]
    wait_for("its popup to go", lambda: popups.buttons(E)[0] == 0)
    ok(f"'tomorrow 9:00' typed: snoozed until {until} (tomorrow is {tomorrow}), and its popup went")
    session.cli("rm", e)


def krunner(session, popups, ok):
    """KRunner as a person uses it: opened with the keyword (its D-Bus `query`, as Alt+Space
    and a first word), the rest typed, the first match read through its accessibility tree
    and taken with Return. The line becomes a todo with its parts; then that todo, found by
    two of its words, is completed, and the "Done: …" offer follows as after a press."""
    session.start(session.inside(["/usr/bin/krunner", "--replace"]), env=session.server_env,
                  stdout=open(f"{session.work}/krunner.log", "w"), stderr=subprocess.STDOUT)
    wait_for("KRunner on the bus", lambda: "true" in subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
         "--method", "org.freedesktop.DBus.NameHasOwner", "org.kde.krunner"],
        env=session.env, capture_output=True, text=True).stdout, timeout=30)

    def ask(opening, typed):
        subprocess.run(["gdbus", "call", "--session", "--dest", "org.kde.krunner", "--object-path", "/App",
                        "--method", "org.kde.krunner.App.query", opening], env=session.env, capture_output=True)
        window = wait_for("KRunner's window", lambda: subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", "^KRunner$"], env=session.env,
            capture_output=True, text=True).stdout.split())[-1]
        subprocess.run(["xdotool", "windowfocus", "--sync", window, "type", "--delay", "30", typed],
                       env=session.env, check=True)
        return window

    def first_match(text):
        """KRunner's first match, once it reads `text`: its name, then every label and button
        drawn in it (5.27 nests the texts in an item of their own; 6 does not)."""
        def drawn(node, found):
            if node.getRoleName() in ("label", "push button") and node.name:
                found.append(node.name)
            for i in range(node.childCount):
                child = node.getChildAtIndex(i)
                if child is not None:
                    drawn(child, found)
            return found

        def first(node):
            if node.getRoleName() == "list item" and node.name:
                return [node.name] + drawn(node, [])
            for i in range(node.childCount):
                child = node.getChildAtIndex(i)
                found = child is not None and first(child)
                if found:
                    return found
            return None

        def read():
            for app in popups.pyatspi.Registry.getDesktop(0):
                if app is not None and app.name == "krunner":
                    labels = first(app)
                    return labels if labels and labels[0] == text else None
            return None
        return wait_for(f"KRunner's first match '{text}'", read)

    window = ask("todo ", "Buy milk tomorrow 9:00 #Home @errand")
    labels = first_match("Add: Buy milk")
    if "tomorrow 09:00 · new list Home · @errand" not in labels:
        raise Failure(f"KRunner's match reads {labels}, not the line's parse")
    ok(f"KRunner: 'todo Buy milk tomorrow 9:00 #Home @errand' typed, its first match reads {labels}")
    print(f"  saved {session.screenshot('4-krunner-add')}")
    subprocess.run(["xdotool", "windowfocus", "--sync", window, "key", "Return"], env=session.env, check=True)
    milk = wait_for("the todo added", lambda: next(
        (t for t in json.loads(session.cli("list", "--json")) if t["title"] == "Buy milk"), None))
    tomorrow = time.strftime("%Y-%m-%d", time.localtime(time.time() + 86400))
    due = time.strftime("%Y-%m-%d %H:%M", time.localtime(time.mktime(time.strptime(milk["due"], "%Y-%m-%dT%H:%M:%SZ")) - time.timezone))
    if milk["list"] != "Home" or milk["tags"] != ["errand"] or due != f"{tomorrow} 09:00":
        raise Failure(f"Return added {milk}")
    ok(f"Return added it: list Home, tag errand, due {due}")

    window = ask("", "milk buy")
    labels = first_match("Buy milk")
    # Plasma 6 names the action buttons it draws beside the match; 5.27 draws them as icons.
    wanted = {session.t("Done"), "Snooze 1h"} if session.name == "plasma-6" else set()
    if not any(label.startswith("Home · due ") for label in labels) or not wanted <= set(labels):
        raise Failure(f"KRunner's match for the todo reads {labels}")
    subprocess.run(["xdotool", "windowfocus", "--sync", window, "key", "Return"], env=session.env, check=True)
    wait_for("the todo done", lambda: session.todo(milk["id"])["isComplete"])
    offer = session.t("Done: ") + "Buy milk"
    wait_for("the Undo offer", lambda: session.t("Undo") in popups.buttons(offer)[1])
    ok("'milk buy' found it; Return completed it, and 'Done: Buy milk' offers Undo")
    popups.dismiss(offer)
    wait_for("the offer to go", lambda: popups.buttons(offer)[0] == 0)


def check(session, popups):
    """The checks, in the order a person would meet them."""

    def ok(what):
        print(f"  ok  {what}")

    if session.name == "notification-daemon":
        check_summary(session, popups, ok)
    elif session.name.startswith("gnome-shell"):
        check_gnome_shell(session, popups, ok)
    else:
        check_common(session, popups, ok)
    if session.name in DND and session.mode == "running":
        do_not_disturb(session, popups, ok)


def check_common(session, popups, ok):
    """Every server but those with a check of their own."""
    a, b = start(session)
    if session.mode == "activated":
        wait_for("the agent to have the bus start the server", session.server_is_up)
        if "asking the bus to start one" not in session.agent_log():
            raise Failure("the server came up, but not at the agent's request")
        ok("the agent had the bus start the server")
    each_once_with_its_buttons(session, popups, ok, "shown")
    print(f"  saved {session.screenshot('1-shown')}")

    done_and_undo(session, popups, ok, a)
    if session.name in REPEATING:
        repeating_done(session, popups, ok)
    if session.name in TYPED_CHECKED:
        typed_snooze(session, popups, ok)

    popups.dismiss(B)
    wait_for("the dismissed todo snoozed", lambda: session.todo(b)["snoozedUntil"])
    wait_for("its popup to go", lambda: popups.buttons(B)[0] == 0)
    if session.todo(a)["snoozedUntil"]:
        raise Failure("a todo whose popup was only pressed (Done, Undo) got snoozed")
    ok("closing a popup by hand snoozed its todo; pressing a button snoozed none")
    if session.name in KRUNNER:
        krunner(session, popups, ok)

    expire_and_stop(session, ok, lambda: popups.buttons(C)[0] == 1,
                    "an expired popup snoozed its todo (it comes back when the snooze ends)")


def notified(monitor_output):
    """The summaries of the Notify calls dbus-monitor saw, in order."""
    with open(monitor_output) as f:
        messages = re.split(r"\n(?=\S)", f.read())
    summaries = []
    for message in messages:
        if "member=Notify" in message.split("\n")[0]:
            strings = re.findall(r'^\s*string "(.*)"$', message, re.M)
            if len(strings) >= 3:
                summaries.append(strings[2])
    return summaries


class Switch:
    """The server's Do Not Disturb switch, flipped as a person does."""

    def __init__(self, session):
        self.session, self.inhibitor = session, None

    def heard(self):
        """Waits for the agent to hear the switch on; mako says nothing, and the agent asks
        it before it sends."""
        if self.session.name == "mako":
            return
        log = self.session.agent_log
        wait_for("the agent to hear Do Not Disturb",
                 lambda: log().count("Do Not Disturb is on") > log().count("Do Not Disturb is off"))

    def set(self, on):
        session = self.session
        if DND[session.name][0] == "inhibit":
            # Plasma's own switch over its D-Bus: an inhibition lasts while its caller's
            # connection does.
            if on:
                self.inhibitor = subprocess.Popen([sys.executable, "-c", """
import dbus, sys, time
bus = dbus.SessionBus()
server = bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
server.Inhibit("org.kde.plasmashell", "A meeting", dbus.Dictionary({}, signature="sv"),
               dbus_interface="org.freedesktop.Notifications")
print("inhibited", flush=True)
time.sleep(3600)
"""], env=session.env, stdout=subprocess.PIPE, text=True)
                if self.inhibitor.stdout.readline().strip() != "inhibited":
                    raise Failure("Plasma's Inhibit failed")
            else:
                self.inhibitor.kill()
                self.inhibitor.wait()
            return
        command = DND[session.name][0 if on else 1]
        result = subprocess.run(command, env=session.env, capture_output=True, text=True, timeout=15)
        if result.returncode != 0:
            raise Failure(f"{' '.join(command)}: {result.stderr}")


def do_not_disturb(session, popups, ok):
    """The server's own Do Not Disturb, on a database of its own: while it is on, a reminder
    that falls due and two todos added send nothing (read from the bus), and `list` says
    why; switched off, the three come back within 5 s, each as usual. Six held come back as
    one notification, whose Show brings them back; four more, whose Snooze all snoozes them."""
    session.qenv["QUICKDO_DB"] = f"{session.work}/dnd.sqlite"
    session.write_config(CONFIG + "[notifications]\nmax = 12\n[dnd]\nshow_each = 3\npass = \"high\"\n")
    # One on screen, which stays; not on GNOME Shell, which keeps three of an app's, nor
    # on Budgie, which draws three popups at a time.
    kept = [] if session.name.startswith("gnome-shell") or session.name == "budgie" else [
        session.cli("add", "Water the plants")]
    session.start_agent()
    if kept:
        wait_for("the first todo shown", lambda: popups.buttons("Water the plants")[0] == 1)
    calls = f"{session.work}/dnd-calls.txt"
    # Line-buffered: a call is in the file as it happens.
    monitor = subprocess.Popen(["stdbuf", "-oL", "dbus-monitor", "--session",
                                "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"],
                               env=session.env, stdout=open(calls, "w"), stderr=subprocess.DEVNULL)
    time.sleep(0.3)
    switch = Switch(session)
    try:
        def held_round(titles, reminder=False):
            time.sleep(1)  # what the last round's end sends
            before = len(notified(calls))
            switch.set(True)
            switch.heard()
            ids = [session.cli("add", title, *(["--due", "in 10m"] if reminder and index == 0 else []))
                   for index, title in enumerate(titles)]
            wait_for("list to say they are held", lambda: session.cli("list").count("(held: Do Not Disturb)") == len(titles))
            time.sleep(1)
            sent = notified(calls)[before:]
            if sent:
                raise Failure(f"sent while Do Not Disturb was on: {sent}")
            switch.set(False)
            return ids, time.monotonic()

        first = ["Take the pills", "Call the bank", "Book the dentist"]
        ids, off = held_round(first, reminder=True)
        ok("Do Not Disturb on: a reminder that fell due and two todos added sent nothing, and list says they are held")
        wait_for("the three back within 5 s", lambda: all(t in notified(calls) for t in first), timeout=5)
        back = time.monotonic() - off
        for title in first:
            wait_for(f"'{title}' shown", lambda: popups.buttons(title)[0] == 1)
        if kept and popups.buttons("Water the plants")[0] != 1:
            raise Failure("the todo on screen before Do Not Disturb went")
        ok(f"switched off, the three came back in {back:.1f} s, each as usual")
        session.cli("done", *ids, *kept)  # room for the next round's

        six = [f"Errand {n}" for n in range(1, 7)]
        ids, _ = held_round(six)
        summary = "6 reminders while Do Not Disturb was on"
        wait_for("the summary within 5 s", lambda: summary in notified(calls), timeout=5)
        if any(t in notified(calls) for t in six):
            raise Failure(f"six held came back one by one: {notified(calls)}")
        wait_for("its Show and Snooze all", lambda: {"Show", "Snooze all"} <= set(popups.buttons(summary)[1]))
        popups.press(summary, "Show")
        for title in six[:3]:
            wait_for(f"'{title}' shown after Show", lambda: popups.buttons(title)[0] == 1)
        ok("six held came back as one summary; its Show brought them back")
        session.cli("done", *ids)

        four = [f"Chore {n}" for n in range(1, 5)]
        ids, _ = held_round(four)
        summary = "4 reminders while Do Not Disturb was on"
        wait_for("the summary within 5 s", lambda: summary in notified(calls), timeout=5)
        wait_for("its Snooze all", lambda: "Snooze all" in popups.buttons(summary)[1])
        popups.press(summary, "Snooze all")
        wait_for("each snoozed", lambda: all(session.todo(id_)["snoozedUntil"] for id_ in ids))
        ok("four more came back as one summary; its Snooze all snoozed each")

        # `pass = "high"`: a high-priority todo is sent during Do Not Disturb, as critical;
        # what the server does with it is its own (README's table).
        switch.set(True)
        switch.heard()
        rent = session.cli("add", "Pay the rent", "--priority", "high")
        wait_for("the high-priority todo sent", lambda: "Pay the rent" in notified(calls), timeout=5)
        try:
            wait_for("it on screen", lambda: popups.buttons("Pay the rent")[0] == 1, timeout=3)
            shown = "shows it"
        except Failure:
            shown = "does not show it"
        ok(f"pass = \"high\": a high-priority todo was sent during Do Not Disturb, as critical; the server {shown}")
        switch.set(False)
        session.cli("done", rent)
    finally:
        monitor.terminate()
        monitor.wait()
        if switch.inhibitor:
            switch.inhibitor.kill()
    session.agent.send_signal(signal.SIGTERM)
    if session.agent.wait(timeout=15) != 0:
        raise Failure("the agent exited with an error")


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


def check_gnome_shell(session, popups, ok):
    """GNOME Shell banners one notification at a time, expanded under the pointer, and keeps
    the rest in its list, where version 43 draws no buttons. It ignores the expiry asked for."""
    a, b = start(session)
    each_once_with_its_buttons(session, popups, ok, "held")
    print(f"  saved {session.screenshot('1-shown')}")

    # The offer comes next, not behind the queued banner of the other todo.
    done_and_undo(session, popups, ok, a, on_screen_within=3)

    # A click on one todo in the list: GNOME takes a click on a notification without a body
    # click for "open the app", and closes all of the app's notifications.
    popups.let_banner_go(A)  # a person would press its banner
    message = popups.listed(A)
    popups.click(message["title_box"])
    wait_for("the clicked todo shown anew", lambda: popups.listed(A)["serial"] != message["serial"])
    if session.name == "gnome-shell":
        # 43 draws no buttons in the list: the todo comes back as a banner once it closes.
        popups.close_list()
        wait_for("the clicked todo bannered again, with its buttons", lambda: popups.bannered(A, "Done"), timeout=20)
    if popups.buttons(B)[0] != 1:
        raise Failure(f"a click on '{A}' in the list took '{B}' away")
    if session.todo(a)["snoozedUntil"] or session.todo(b)["snoozedUntil"]:
        raise Failure("a click in the list snoozed a todo")
    ok("a click on one todo in the list brought it back with its buttons, and touched no other")
    if session.name != "gnome-shell":
        popups.press_in_list(A, "Done")
        wait_for("the todo done", lambda: session.todo(a)["isComplete"])
        popups.close_list()
        ok("Done on a todo in the list completed it")

    popups.dismiss(B)
    wait_for("the dismissed todo snoozed", lambda: session.todo(b)["snoozedUntil"])
    wait_for("its notification to go", lambda: popups.buttons(B)[0] == 0)
    if session.todo(a)["snoozedUntil"]:
        raise Failure("a todo whose notification was only pressed (Done, Undo) got snoozed")
    ok("closing a notification by hand snoozed its todo; pressing a button snoozed none")

    c = session.cli("add", C)
    wait_for(f"'{C}' held", lambda: popups.buttons(C) == (1, ["Done", "Snooze"]))
    ok("a todo added while the agent runs is shown")
    print(f"  saved {session.screenshot('3-end')}")
    gnome_search(session, popups, ok)
    session.agent.send_signal(signal.SIGTERM)
    status = session.agent.wait(timeout=15)
    if status != 0:
        raise Failure(f"the agent exited {status}")
    wait_for("the shell to hold none of quickdo's", lambda: not any(
        n["title"] in (A, B, C) for n in popups.rig("notifications()")))
    ok("SIGTERM ended the agent with 0, and the shell holds none of its notifications")


def gnome_search(session, popups, ok):
    """The overview's search as a person uses it: opened, a line typed after `todo`, the
    provider's result read and taken with Return. The todo is added with its parts; then another,
    found by two of its words, is completed, and the "Done: …" offer follows."""
    def results(text, first):
        def shown():
            found = popups.rig(f"searchResults('quickdo-agent.desktop')")
            listed = found["results"] or []
            return listed if found["entry"] == text and listed and listed[0]["name"] == first and listed[0]["box"] else None
        popups.rig(f"search({json.dumps(text)})")
        return wait_for(f"the search result '{first}'", shown)

    line = "Buy milk tomorrow 9:00 #Home @errand"
    found = results("todo " + line, "Add: Buy milk")
    if len(found) != 1 or found[0]["description"] != "tomorrow 09:00 · new list Home · @errand":
        raise Failure(f"the search shows {found}")
    ok(f"GNOME's search: 'todo {line}' typed, quickdo's result reads {found[0]['name']!r}, {found[0]['description']!r}")
    print(f"  saved {session.screenshot('4-search-add')}")
    popups.rig("key(0xff0d)")  # Return: the first result
    milk = wait_for("the todo added", lambda: next(
        (t for t in json.loads(session.cli("list", "--json")) if t["title"] == "Buy milk"), None))
    tomorrow = time.strftime("%Y-%m-%d", time.localtime(time.time() + 86400))
    due = time.strftime("%Y-%m-%d %H:%M", time.localtime(time.mktime(time.strptime(milk["due"], "%Y-%m-%dT%H:%M:%SZ")) - time.timezone))
    if milk["list"] != "Home" or milk["tags"] != ["errand"] or due != f"{tomorrow} 09:00":
        raise Failure(f"the click added {milk}")
    ok(f"Return added it: list Home, tag errand, due {due}")

    results("bank call", C)
    popups.rig("key(0xff0d)")
    c = next(t for t in json.loads(session.cli("list", "--json", "--all")) if t["title"] == C)
    wait_for("the todo done", lambda: session.todo(c["id"])["isComplete"])
    wait_for("the Done offer", lambda: popups.held("Done: " + C))
    ok(f"'bank call' found '{C}'; Return completed it, and 'Done: {C}' is offered")


def run_one(name, mode, quickdo, out):
    """One server in one mode, in this process (pyatspi keeps its first accessibility bus for
    the life of the process, so each session runs in a process of its own)."""
    print(f"== {name} ({mode})", flush=True)
    session = Session(name, mode, quickdo, out)
    try:
        popups = (DunstPopups(session) if name.startswith("dunst") else ShellPopups(session)
                  if name.startswith("gnome-shell") else CinnamonPopups(session)
                  if name == "cinnamon" else MakoPopups(session) if name == "mako" else AccessiblePopups(session))
        check(session, popups)
        return True
    except Exception as error:  # reported with the agent's log
        print(f"  FAILED: {error if str(error) else repr(error)}\n  agent log:\n{session.agent_log()[-3000:]}", flush=True)
        if os.path.exists(f"{session.work}/menu.txt"):
            print("  the last menu:\n" + open(f"{session.work}/menu.txt").read())
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
    names = args.server or sorted(SERVERS)
    roots = sorted({ROOTS[name] for name in names if name in ROOTS})
    if roots:
        subprocess.run(["bash", os.path.join(os.path.dirname(os.path.abspath(__file__)), "debian13-root.sh"),
                        *roots], check=True)
    failures, retried = [], []
    passed = 0
    for name in names:
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
