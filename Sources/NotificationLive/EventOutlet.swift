import Foundation
import NotificationClient
import Synchronization

/// Where the presenter's events go: to the subscriber (the agent) on the main actor, or
/// kept until there is one. Two threads send: the GLib thread (closings, servers) and
/// GDBus's message thread (presses, `PressRoutes`). Each event is queued on Dispatch's main
/// queue under the lock, so the subscriber gets them in the order they were sent.
final class EventOutlet: Sendable {
  private struct State {
    var receive: (@MainActor @Sendable (NotificationEvent) -> Void)?
    var undelivered: [NotificationEvent] = []
    var isClosed = false
  }

  private let state = Mutex(State())

  /// Hands the events kept so far to `receive`, and every later one.
  func subscribe(_ receive: @escaping @MainActor @Sendable (NotificationEvent) -> Void) {
    state.withLock { state in
      state.receive = receive
      for event in state.undelivered { Self.post(event, to: receive) }
      state.undelivered = []
    }
  }

  func send(_ event: NotificationEvent) {
    state.withLock { state in
      guard !state.isClosed else { return }
      guard let receive = state.receive else { return state.undelivered.append(event) }
      Self.post(event, to: receive)
    }
  }

  /// Nothing is sent from now on (shutdown, or the bus has gone).
  func close() { state.withLock { $0.isClosed = true } }

  private static func post(
    _ event: NotificationEvent, to receive: @escaping @MainActor @Sendable (NotificationEvent) -> Void
  ) {
    DispatchQueue.main.async { MainActor.assumeIsolated { receive(event) } }
  }
}
