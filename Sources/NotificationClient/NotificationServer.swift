/// The notification server on the bus, as `GetServerInformation` names it, with what it
/// can do: how quickdo adapts to the servers people run (`ServerQuirks`).
public struct NotificationServer: Equatable, Sendable {
  public var name: String
  public var vendor: String
  public var version: String
  public var capabilities: Set<String>

  public init(name: String, vendor: String, version: String, capabilities: Set<String>) {
    self.name = name
    self.vendor = vendor
    self.version = version
    self.capabilities = capabilities
  }

  /// What this server does differently, from the table in `ServerQuirks`.
  public var quirks: ServerQuirks { ServerQuirks.of(self) }

  /// The version's first number ("5.27.5" → 5), where a quirk came or went with a release;
  /// 0 when the server gives none.
  public var majorVersion: Int { Int(version.prefix { $0.isNumber }) ?? 0 }
}

/// What real notification servers do that the specification does not say, in one table
/// keyed by `GetServerInformation`'s name (and vendor). Each entry was seen on the server
/// named, clicked by a pointer (scripts/real-servers.sh).
public struct ServerQuirks: Equatable, Sendable {
  /// Draws the `default` action (a body click) as one more button (xfce4-notifyd, LXQt):
  /// it is left out where a button already does the same.
  public var drawsDefaultAsButton = false
  /// Parses markup in the body whether or not it advertises `body-markup` (dunst).
  public var parsesMarkup = false
  /// Draws an icon only from a path, or from a few fixed folders, not from the icon theme
  /// (dunst 1.9 with its default config): quickdo's icon is sent as its file.
  public var drawsIconsByPathOnly = false
  /// Shows one popup at a time and queues the rest (GNOME's notification-daemon): the
  /// `auto` layout is then one summary notification.
  public var showsOnePopupAtATime = false
  /// Sends no `NotificationClosed` when a popup expires (GNOME's notification-daemon).
  public var silentOnExpiry = false
  /// Ignores the expiry asked for (Cinnamon 5.6.8, unless its "remove notifications after
  /// their timeout" setting is on; SwayNotificationCenter 0.7.3): the popup moves to its
  /// applet or panel and stays there. The agent closes the notification itself when it
  /// expires, so the todo comes back as it does elsewhere.
  public var ignoresExpiry = false
  /// Keeps (or shows) at most this many notifications of one app: GNOME Shell keeps 3 and
  /// closes the oldest beyond; notification-daemon shows one and queues the rest.
  public var keepsAtMost: Int?
  /// Takes a click on a notification that offers no body click (`default`) for "open the
  /// app", which closes every notification of that app (GNOME Shell 43.9 and 48.7, in its
  /// banners and its list): each notification offers a body click, so that a click
  /// touches its own todo only.
  public var closesAllOnPlainClick = false
  /// Shows one banner at a time and queues the rest, critical first (GNOME Shell 43.9 and
  /// 48.7, Cinnamon 5.6.8): a "Done: …" offer waited behind the queued todos for half its
  /// undo window, and on Cinnamon, which holds a banner while the pointer is over it, behind
  /// the next todo's banner, drawn under the pointer that had pressed Done. The offer is
  /// sent as critical there: it is the next banner, with its Undo, and stays until the
  /// agent withdraws it when the window ends (or, on Cinnamon, moves to its applet).
  public var putsCriticalFirst = false
  /// Draws the app icon as a large image beside the text, besides the desktop entry's icon
  /// in its header (Plasma 6.3.6): each popup grew by half, and at 1366x768 only three fit,
  /// so the fourth todo and the "Done: …" offer on top were never drawn (Plasma hides,
  /// without queueing, popups past the screen's room). Its header draws quickdo's icon
  /// from the desktop entry, so no app icon is sent there.
  public var drawsAppIconLarge = false
  /// Stacks popups from the panel and hides, without queueing, those past the screen's
  /// room, the newest first (Plasma 5.27 and 6.3.6): at 1366x768 with four todos up, the
  /// "Done: …" offer on top was never drawn. There a todo not on screen yet waits while an
  /// offer is up, so the offer takes the place of the todo it completed.
  public var hidesPopupsPastRoom = false
  /// Draws no buttons in its list, and never banners what came while the list was open,
  /// unless critical (GNOME Shell 43.9): a todo called back by a click in the list is sent
  /// as critical, so it comes as a banner with its buttons when the list closes.
  public var listDrawsNoButtons = false
  /// Reports a popup closed with its × as reason 0, which the specification does not have
  /// (Cinnamon 5.6.8: its close button hands itself to the close where the reason goes):
  /// there 0 is read as dismissed, so the todo is snoozed and comes back.
  public var reportsCloseButtonAsZero = false
  /// Titles a notification that has no body with the app's name, and shows its summary
  /// only as the body (Budgie 10.7.1): a todo without notes showed as "quickdo" with Done
  /// and Snooze, so there every notification has a body, the app's name where it has no
  /// other, and its summary is its title.
  public var titlesBodilessWithAppName = false
  /// Draws no buttons, and lists every action in its menu (`makoctl menu`), the body click
  /// too, by label (mako 1.7): a button and a body click that do the same showed twice
  /// there, and choosing that label invoked neither. The button is left out, so the menu
  /// shows it once and a left click (or `makoctl invoke`) does the same.
  public var listsBodyClickAmongButtons = false
  /// Keeps the room of a popup answered through its `inline-reply` field (Plasma 5.27.5):
  /// the popups after it stacked past the share of the screen Plasma fills, and were not
  /// drawn, the todo that came back with its hint among them. No field is offered there.
  public var keepsRoomOfAnsweredPopups = false

  public init() {}

  public static func of(_ server: NotificationServer) -> ServerQuirks {
    var quirks = ServerQuirks()
    switch (server.name, server.vendor) {
    case ("dunst", _):
      quirks.parsesMarkup = true
      quirks.drawsIconsByPathOnly = true
    case ("Xfce Notify Daemon", _), ("lxqt-notificationd", _):
      quirks.drawsDefaultAsButton = true
    case ("Notification Daemon", "GNOME"):
      // Popups queue behind one that never expires: it gets one at a time, Undo first.
      quirks.showsOnePopupAtATime = true
      quirks.silentOnExpiry = true
      quirks.keepsAtMost = 1
    case ("Plasma", "KDE"):
      quirks.drawsAppIconLarge = true
      quirks.hidesPopupsPastRoom = true
      quirks.keepsRoomOfAnsweredPopups = server.majorVersion < 6
    case ("cinnamon", _):
      quirks.putsCriticalFirst = true
      quirks.reportsCloseButtonAsZero = true
      quirks.ignoresExpiry = true
    case ("SwayNotificationCenter", _):
      quirks.ignoresExpiry = true
    case ("mako", _):
      quirks.listsBodyClickAmongButtons = true
    case ("Budgie Notification Server", _):
      quirks.titlesBodilessWithAppName = true
    case ("gnome-shell", _):
      quirks.keepsAtMost = 3
      quirks.closesAllOnPlainClick = true
      quirks.putsCriticalFirst = true
      // GNOME Shell 46 draws the buttons in its list.
      quirks.listDrawsNoButtons = server.majorVersion < 46
    default:
      break
    }
    return quirks
  }
}

/// Why a notification closed, as `NotificationClosed` reports it, read with what quickdo
/// asked for: MATE reports its close button as "expired" (1), so a popup that was asked
/// never to expire and closes as expired was closed by the user.
public enum CloseReason: Equatable, Sendable {
  /// It timed out (the expiry asked for, or the server's own).
  case expired
  /// The user closed it without pressing a button.
  case dismissed
  /// Closed by a `CloseNotification` call, or for no reason the server gives.
  case other

  /// The reason of the signal (1 expired, 2 dismissed, 3 closed by a call, 4 undefined)
  /// for a notification shown with `expireTimeout` (0: never expires), by a server with
  /// `quirks`.
  public init(signal reason: UInt32, expireTimeout: Int32, quirks: ServerQuirks = ServerQuirks()) {
    switch reason {
    case 2: self = .dismissed
    case 1: self = expireTimeout == 0 ? .dismissed : .expired
    case 0 where quirks.reportsCloseButtonAsZero: self = .dismissed
    default: self = .other
    }
  }
}
