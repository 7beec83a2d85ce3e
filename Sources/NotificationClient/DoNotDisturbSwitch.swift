/// Where a notification server keeps its own Do Not Disturb switch, and how a change of it
/// is heard: the agent holds new notifications while it is on, since each server does
/// something different with what arrives then (hides it, keeps it unshown, or drops it).
/// One entry per server, keyed like `ServerQuirks`; each was flipped on that server in
/// scripts/real-servers.py.
public enum DoNotDisturbSwitch: Equatable, Sendable {
  /// A D-Bus property, on when `true`; followed through `PropertiesChanged` (dunst's
  /// `paused`, Plasma's `Inhibited`).
  case property(service: String, path: String, interface: String, name: String)
  /// A method that answers a boolean, on when `true`, followed through `signal` of
  /// `interface` on `path` (any of its signals when `signal` is empty): SwayNotificationCenter's
  /// `GetDnd` and its `Subscribe` signals, Budgie's `GetDoNotDisturb` and
  /// `DoNotDisturbChanged`.
  case method(service: String, path: String, interface: String, name: String, signal: String)
  /// mako's modes (`ListModes`), on while one is `mode`; mako says nothing when they change,
  /// so they are asked each minute (every two seconds while on) and before a notification
  /// goes out.
  case makoMode(String)
  /// A GSettings key, on when it is `onWhen` (GNOME's `show-banners` false, Cinnamon's
  /// `display-notifications` false, MATE's `do-not-disturb` true); followed through
  /// dconf's change signal.
  case setting(schema: String, key: String, onWhen: Bool)
  /// A property in an xfconf channel, on when `true` (xfce4-notifyd's `/do-not-disturb`);
  /// followed through xfconf's `PropertyChanged`.
  case xfconf(channel: String, property: String)

  /// The switch of `server`; nil where none can be read (LXQt keeps its switch in a file of
  /// its own, and any server not in the table).
  public static func of(_ server: NotificationServer) -> DoNotDisturbSwitch? {
    switch (server.name, server.vendor) {
    case ("dunst", _):
      .property(
        service: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
        interface: "org.dunstproject.cmd0", name: "paused")
    case ("Plasma", "KDE"):
      .property(
        service: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
        interface: "org.freedesktop.Notifications", name: "Inhibited")
    case ("SwayNotificationCenter", _):
      .method(
        service: "org.erikreider.swaync.cc", path: "/org/erikreider/swaync/cc",
        interface: "org.erikreider.swaync.cc", name: "GetDnd", signal: "")
    case ("Budgie Notification Server", _):
      .method(
        service: "org.budgie_desktop.Notifications", path: "/org/budgie_desktop/Notifications",
        interface: "org.buddiesofbudgie.budgie.Dispatcher", name: "GetDoNotDisturb",
        signal: "DoNotDisturbChanged")
    case ("mako", _):
      .makoMode("do-not-disturb")
    case ("gnome-shell", _):
      .setting(schema: "org.gnome.desktop.notifications", key: "show-banners", onWhen: false)
    case ("cinnamon", _):
      .setting(schema: "org.cinnamon.desktop.notifications", key: "display-notifications", onWhen: false)
    case ("Notification Daemon", "MATE"):
      .setting(schema: "org.mate.NotificationDaemon", key: "do-not-disturb", onWhen: true)
    case ("Xfce Notify Daemon", _):
      .xfconf(channel: "xfce4-notifyd", property: "/do-not-disturb")
    default:
      nil
    }
  }

  /// Whether a change is heard as it happens; otherwise the switch is asked each minute and
  /// before a notification goes out.
  public var signalsChanges: Bool {
    switch self {
    case .property, .method, .setting, .xfconf: true
    case .makoMode: false
    }
  }
}
