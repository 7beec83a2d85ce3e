import CLibnotify
import Models
import NotificationClient

/// What the server reports, on the GLib thread: a press is noted (it reached the store from
/// GDBus's thread already, `pressArrived`), a close the presenter did not ask for becomes
/// `.closed` (unless it ends a press), and a closed notification whose todo is still wanted
/// is shown again, once the store has reacted.
extension LibnotifyPresenter {
  /// libnotify's callback for a button it knows (one `configure` added).
  func pressed(_ notification: Notification, key: String) {
    guard !isShutDown, let id = todoForNotification[notification] else { return }
    pressedAt[notification] = .now
    // A body click that stands for no button only ends a press (the close that follows is
    // no dismissal); in a list that draws no buttons, it calls the todo back as a banner.
    if key == "default", quirks.listDrawsNoButtons,
      (shown[id]?.action ?? desired.first { $0.id == id })?.bodyClick == nil
    {
      calledBack.insert(id)
    }
  }

  func closed(_ notification: Notification) {
    guard !isShutDown else { return }
    if closingOurselves.remove(notification) != nil {
      forget(notification)
      return
    }
    guard let id = todoForNotification[notification] else { return }
    let signal = UInt32(bitPattern: notify_notification_get_closed_reason(notification))
    closedByServer(
      notification, id: id,
      reason: CloseReason(signal: signal, expireTimeout: style.expireTimeout, quirks: quirks))
  }

  /// A notification the server closed: reported unless it ends a press, forgotten, and
  /// shown again shortly if its todo is still wanted then (the store has reacted by then:
  /// a dismissal snoozes, a press completes).
  func closedByServer(_ notification: Notification, id: Todo.ID, reason: CloseReason) {
    let afterPress = pressedAt[notification].map { $0.duration(to: .now) < .seconds(5) } ?? false
    if shown[id]?.notification == notification { shown[id] = nil }
    forget(notification)
    if !afterPress { report(.closed(id, reason: reason)) }
    showAgainSoon(id)
  }

  /// The todo of a notification just closed is shown again shortly if it is still wanted
  /// then, once the store has reacted to the close.
  func showAgainSoon(_ id: Todo.ID) {
    closedLately.insert(id)
    reshowTimer?.cancel()
    reshowTimer = glib.after(seconds: 1) { [self] in
      reshowTimer = nil
      closedLately.removeAll()
      guard !isShutDown else { return }
      reconcile()
    }
  }
}
