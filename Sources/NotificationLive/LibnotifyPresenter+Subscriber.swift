import Foundation
import Localization
import Logging
import NotificationClient

/// Events go to the one subscriber (the agent) on the main actor, through the `outlet`;
/// presses from GDBus's message thread (`PressRoutes`), everything else from the GLib thread.
extension LibnotifyPresenter {
  func subscribe(
    _ receive: @escaping @MainActor @Sendable (NotificationEvent) -> Void,
    busClosed: @escaping @MainActor @Sendable () -> Void
  ) {
    glib.async { [self] in
      self.busClosedHandler = busClosed
      // The bus closed while the agent was starting: it ends now, as it would have then.
      if busIsClosed { return tellBusClosed() }
      outlet.subscribe(receive)
    }
  }

  /// Tells the subscriber, on the main actor, that the session bus closed.
  func tellBusClosed() {
    guard let busClosed = busClosedHandler else { return }
    DispatchQueue.main.async { MainActor.assumeIsolated { busClosed() } }
  }

  /// Hands `event` to the subscriber on the main actor, or keeps it until there is one.
  /// Nothing after shutdown.
  func report(_ event: NotificationEvent) {
    guard !isShutDown else { return }
    outlet.send(event)
  }

  /// A press, as GDBus's message thread reads it off the bus: reported at once if it is on
  /// a button shown now. libnotify's own callback (`pressed`) follows on the GLib thread.
  func pressArrived(sender: String, id: UInt32, key: String) {
    guard let event = routes.event(sender: sender, id: id, key: key) else { return }
    outlet.send(event)
  }

  /// Text typed into a todo's snooze field: reported if that notification, shown now,
  /// offers the field. The server takes an answered notification down without a word
  /// (Plasma 5.27 moves it to its history and sends no NotificationClosed): it is taken as
  /// closed after a press, so it is no dismissal, and shown anew if its todo is still
  /// wanted once the store has read the reply (one that was not understood).
  func replyArrived(sender: String, id: UInt32, text: String) {
    guard let event = routes.reply(sender: sender, id: id, text: text) else {
      return log.debug(Logger.Message(stringLiteral: tr("ignored a reply to notification %s, which offers no snooze field", id)))
    }
    outlet.send(event)
    guard case let .replied(todo, _) = event else { return }
    glib.async { [self] in
      guard let notification = shown[todo]?.notification else { return }
      pressedAt[notification] = .now
      closedByServer(notification, id: todo, reason: .other)
    }
  }
}
