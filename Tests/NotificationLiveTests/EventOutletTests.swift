import ConcurrencyExtras
import Foundation
import NotificationClient
import Testing

@testable import NotificationLive

/// Events from the GLib thread and GDBus's thread reach the agent on the main actor in the
/// order they were sent, those from before it subscribed first, and none after shutdown.
@MainActor
struct EventOutletTests {
  @Test func eventsKeptUntilTheSubscriberComesArriveFirstAndInOrder() async throws {
    let outlet = EventOutlet()
    let (a, b, c) = (UUID(), UUID(), UUID())
    outlet.send(.buttonPressed(a, .done))
    outlet.send(.closed(b, reason: .dismissed))
    let received = LockIsolated<[NotificationEvent]>([])
    outlet.subscribe { event in received.withValue { $0.append(event) } }
    outlet.send(.buttonPressed(c, .snooze))
    outlet.close()
    outlet.send(.buttonPressed(a, .undo))
    try await waitFor { received.value.count == 3 }
    try await Task.sleep(for: .milliseconds(50))
    #expect(received.value == [
      .buttonPressed(a, .done), .closed(b, reason: .dismissed), .buttonPressed(c, .snooze),
    ])
  }

  private func waitFor(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
  }
}
