import ConcurrencyExtras
import Foundation
import Testing

@testable import NotificationLive

/// The agent subscribes once its store is loaded, after the presenter has started on the
/// session bus; a bus that closed in between must still end the agent.
struct LibnotifyPresenterSubscriberTests {
  @Test func aBusThatClosedBeforeTheSubscriberCameIsReportedToIt() async throws {
    let presenter = LibnotifyPresenter(appName: "quickdo-test")
    // As the bus connection's "closed" signal does, before anyone has subscribed.
    presenter.glib.async { presenter.busClosed() }
    let told = LockIsolated(false)
    presenter.subscribe({ _ in }, busClosed: { told.setValue(true) })
    let deadline = ContinuousClock.now + .seconds(5)
    while !told.value, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(told.value)
    await presenter.shutdown()
  }
}
