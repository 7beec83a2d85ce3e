import Foundation
import Synchronization
import Testing

@testable import NotificationLive

/// The agent subscribes once its store is loaded, after the presenter has started on the
/// session bus; a bus that closed in between must still end the agent.
struct LibnotifyPresenterSubscriberTests {
  final class Flag: Sendable {
    let isSet = Mutex(false)
  }

  @Test func aBusThatClosedBeforeTheSubscriberCameIsReportedToIt() async throws {
    let presenter = LibnotifyPresenter(appName: "quickdo-test")
    // As the bus connection's "closed" signal does, before anyone has subscribed.
    presenter.glib.async { presenter.busClosed() }
    let told = Flag()
    presenter.subscribe({ _ in }, busClosed: { told.isSet.withLock { $0 = true } })
    let deadline = ContinuousClock.now + .seconds(5)
    while !told.isSet.withLock({ $0 }), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(told.isSet.withLock { $0 })
    await presenter.shutdown()
  }
}
