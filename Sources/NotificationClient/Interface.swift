import Foundation
import Models

/// Shows quick actions as desktop notifications and reports what the user does with them.
/// The interface features depend on; the libnotify implementation is `NotificationLive`.
public struct NotificationClient: Sendable {
  /// Makes the shown notifications match `actions` (show new, update changed in place,
  /// close gone). Never blocks on D-Bus: the work is queued to the presenter's own thread.
  /// `revision` orders calls: a call older than one already applied is ignored.
  public var present: @Sendable (_ actions: [QuickAction], _ revision: Int) -> Void
  /// Button presses, closings and server changes, as they happen. The stream ends after
  /// `shutdown`, or when the session bus closes.
  public var events: @Sendable () -> AsyncStream<NotificationEvent>
  /// Closes every notification and stops; for a clean exit.
  public var shutdown: @Sendable () async -> Void
  /// Sets how notifications look from now on (app name, icon, expiry); shown ones are
  /// updated.
  public var setStyle: @Sendable (NotificationStyle) -> Void

  public init(
    present: @escaping @Sendable ([QuickAction], Int) -> Void,
    events: @escaping @Sendable () -> AsyncStream<NotificationEvent>,
    shutdown: @escaping @Sendable () async -> Void,
    setStyle: @escaping @Sendable (NotificationStyle) -> Void
  ) {
    self.setStyle = setStyle
    self.present = present
    self.events = events
    self.shutdown = shutdown
  }
}

/// What the notification server tells the agent.
public enum NotificationEvent: Equatable, Sendable {
  /// A button (or the body, as the button it stands for) of a todo's notification was
  /// pressed.
  case buttonPressed(Todo.ID, ButtonKind)
  /// A todo's notification was closed, not by quickdo and not after a press: a close that
  /// follows a press is part of the press.
  case closed(Todo.ID, reason: CloseReason)
  /// The server appeared (or restarted): the agent presents its quick actions again.
  case serverAppeared(NotificationServer)
}

/// How notifications are shown apart from their content; from `[notifications]` in the
/// config.
public struct NotificationStyle: Equatable, Sendable {
  public var appName: String
  /// An icon name or path; empty for none.
  public var icon: String
  /// Milliseconds; 0 never expires, -1 the server decides.
  public var expireTimeout: Int32
  /// Milliseconds the server may take to answer a call before the call counts as failed
  /// (and is tried again later).
  public var serverTimeout: Int32

  public init(
    appName: String = "quickdo", icon: String = "", expireTimeout: Int32 = 0,
    serverTimeout: Int32 = 5000
  ) {
    self.appName = appName
    self.icon = icon
    self.expireTimeout = expireTimeout
    self.serverTimeout = serverTimeout
  }

  /// Whether notifications shown with `other` look different (so shown ones need updating).
  public func looksDifferent(from other: NotificationStyle) -> Bool {
    appName != other.appName || icon != other.icon || expireTimeout != other.expireTimeout
  }
}
