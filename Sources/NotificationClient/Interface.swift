import Foundation
import Models
import NotificationLayout

/// Shows quick actions as desktop notifications and reports what the user does with them.
/// The interface features depend on; the libnotify implementation is `NotificationLive`.
public struct NotificationClient: Sendable {
  /// Makes the shown notifications match `actions` (show new, update changed in place,
  /// close gone). Never blocks on D-Bus: the work is queued to the presenter's own thread.
  /// `revision` orders calls: a call older than one already applied is ignored.
  public var present: @Sendable (_ actions: [QuickAction], _ revision: Int) -> Void
  /// Hands button presses, closings and server changes to `receive`, on the main actor and
  /// in the order they happened, from now until `shutdown`; calls `busClosed` instead if the
  /// session bus closes first. Events that came before the call are handed over first.
  /// Call once. (Handed straight to the main actor, not through an `AsyncStream`, whose
  /// consumer resumes on Dispatch's pool before it hops to the main actor: a press reaches
  /// the store one thread wake-up sooner, which the press budget counts.)
  public var subscribe: @Sendable (
    _ receive: @escaping @MainActor @Sendable (NotificationEvent) -> Void,
    _ busClosed: @escaping @MainActor @Sendable () -> Void
  ) -> Void
  /// Closes every notification and stops; for a clean exit.
  public var shutdown: @Sendable () async -> Void
  /// Sets how notifications look from now on (app name, icon, expiry); shown ones are
  /// updated.
  public var setStyle: @Sendable (NotificationStyle) -> Void

  public init(
    present: @escaping @Sendable ([QuickAction], Int) -> Void,
    subscribe: @escaping @Sendable (
      @escaping @MainActor @Sendable (NotificationEvent) -> Void,
      @escaping @MainActor @Sendable () -> Void
    ) -> Void,
    shutdown: @escaping @Sendable () async -> Void,
    setStyle: @escaping @Sendable (NotificationStyle) -> Void
  ) {
    self.setStyle = setStyle
    self.present = present
    self.subscribe = subscribe
    self.shutdown = shutdown
  }
}

/// What the notification server tells the agent.
public enum NotificationEvent: Equatable, Sendable {
  /// A button (or the body, as the button it stands for) of a todo's notification was
  /// pressed.
  case buttonPressed(Todo.ID, ButtonKind)
  /// Text was typed into a todo's snooze field (KDE's `inline-reply`): input from
  /// outside, as the server sent it.
  case replied(Todo.ID, String)
  /// A todo's notification was closed, not by quickdo and not after a press: a close that
  /// follows a press is part of the press.
  case closed(Todo.ID, reason: CloseReason)
  /// The server appeared (or restarted): the agent presents its quick actions again.
  case serverAppeared(NotificationServer)
  /// The server's own Do Not Disturb switch (`DoNotDisturbSwitch`) turned on or off, as
  /// read when it changed; a switch that cannot be read counts as off. Sent only while
  /// `NotificationStyle.followsDoNotDisturb`. `unsent`: notifications presented but not sent
  /// yet, since the switch was found on just before (a switch that signals nothing).
  case doNotDisturbChanged(Bool, unsent: [UUID] = [])
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
  /// Whether the server's Do Not Disturb switch is read and followed (`dnd.follow`): while
  /// it is on, new notifications are held.
  public var followsDoNotDisturb: Bool

  public init(
    appName: String = "quickdo", icon: String = "", expireTimeout: Int32 = 0,
    serverTimeout: Int32 = 5000, followsDoNotDisturb: Bool = true
  ) {
    self.appName = appName
    self.icon = icon
    self.expireTimeout = expireTimeout
    self.serverTimeout = serverTimeout
    self.followsDoNotDisturb = followsDoNotDisturb
  }

  /// Whether notifications shown with `other` look different (so shown ones need updating).
  public func looksDifferent(from other: NotificationStyle) -> Bool {
    appName != other.appName || icon != other.icon || expireTimeout != other.expireTimeout
  }
}
