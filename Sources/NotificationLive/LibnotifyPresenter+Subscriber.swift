import Foundation
import NotificationClient

/// Events go to the one subscriber (the agent) on the main actor: the GLib thread, where
/// they arise, queues them on Dispatch's main queue itself. Used on the GLib thread.
extension LibnotifyPresenter {
  struct Subscriber {
    let receive: @MainActor @Sendable (NotificationEvent) -> Void
    let busClosed: @MainActor @Sendable () -> Void

    /// Tells the subscriber, on the main actor, that the session bus closed.
    func tellBusClosed() {
      DispatchQueue.main.async { MainActor.assumeIsolated { busClosed() } }
    }
  }

  func subscribe(
    _ receive: @escaping @MainActor @Sendable (NotificationEvent) -> Void,
    busClosed: @escaping @MainActor @Sendable () -> Void
  ) {
    glib.async { [self] in
      let subscriber = Subscriber(receive: receive, busClosed: busClosed)
      self.subscriber = subscriber
      // The bus closed while the agent was starting: it ends now, as it would have then.
      if busIsClosed { return subscriber.tellBusClosed() }
      let waiting = undelivered
      undelivered = []
      for event in waiting { report(event) }
    }
  }

  /// Hands `event` to the subscriber on the main actor (Dispatch's main queue keeps the
  /// order), or keeps it until there is one. Nothing after shutdown.
  func report(_ event: NotificationEvent) {
    guard !isShutDown else { return }
    guard let receive = subscriber?.receive else { return undelivered.append(event) }
    DispatchQueue.main.async { MainActor.assumeIsolated { receive(event) } }
  }
}
