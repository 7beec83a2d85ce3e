import Foundation
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
}
