import AppFeature
import Clocks
import Composable
import ComposableTesting
import ConcurrencyExtras
import Foundation
import Models
import NotificationLayout
import NotificationClient
import QuickActionsFeature
import Testing
import TodoStorageClient
import TodosFeature
import URLOpenerClient

/// Done on a repeating todo's notification: one notification whatever was missed, Done
/// moves the todo to its next time and says so, the todo stays out of sight until that
/// time's reminder, and Undo puts the occurrence back.
@Suite(.mainSerialExecutor)
@MainActor
struct AppFeatureRepeatTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)
  let day: TimeInterval = 86_400
  let clock = TestClock()
  let calls = LockIsolated<[Int: [QuickAction]]>([:])
  var presented: [[String]] { calls.value.sorted { $0.key < $1.key }.map { $0.value.map(\.title) } }

  /// Every day at this time of day, due `daysAgo` days ago.
  func pills(daysAgo: Int = 0) -> Todo {
    Todo(
      id: UUID(1), title: "Take pills", createdAt: now.addingTimeInterval(-30 * day),
      due: now.addingTimeInterval(-Double(daysAgo) * day), repeatRule: RepeatRule(.daily))
  }

  func makeStore() -> TestStore<AppFeature.State, AppFeature.Action> {
    let calls = self.calls
    let store = TestStore(initialState: AppFeature.State(rules: QuickActionRules())) {
      AppFeature()
    } withDependencies: { [now, clock] in
      let origin = clock.now
      $0.todoStorage = .noop
      $0.date = DateGenerator {
        let elapsed = origin.duration(to: clock.now).components
        return now.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
      }
      // UTC has no clock changes, so "tomorrow" is 24 hours on; the notification's text is
      // formatted in the process's zone, which the test compares with the same formatter.
      $0.timeZone = TimeZone(identifier: "UTC")!
      $0.continuousClock = clock
      $0.urlOpener = URLOpenerClient { _ in nil }
      $0.notifications = NotificationClient(
        present: { actions, revision in calls.withValue { $0[revision] = actions } },
        subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
    }
    store.exhaustivity = .off(showSkippedAssertions: false)
    return store
  }

  @Test func doneMovesItOutOfSightUntilItsNextReminder() async {
    let store = makeStore()
    // Missed for three days: still one notification.
    await store.send(.todos(.loaded([pills(daysAgo: 3)])))
    #expect(presented == [["Take pills"]])
    await store.send(.notification(.buttonPressed(UUID(1), .done)))
    let next = now.addingTimeInterval(day)
    #expect(store.state.todos[id: UUID(1)]?.due == next)
    #expect(store.state.todos[id: UUID(1)]?.isComplete == false)
    #expect(presented.last == ["Done: Take pills — next \(LocalDateText.relative(next, now: now))"])
    await clock.advance(by: .seconds(10))  // the Undo window ends
    #expect(presented.last == [], "out of sight until its next time")
    let lead = QuickActionRules().reminderLeadTime!
    await clock.advance(by: .seconds(Int(day - lead) - 11))
    #expect(presented.last == [])
    await clock.advance(by: .seconds(1))  // its next reminder
    #expect(presented.last == ["Take pills"])
    #expect(store.state.todos[id: UUID(1)]?.due == next)
    await store.skipInFlightEffects()  // the wake-up for when it falls due
  }

  @Test func undoPutsTheOccurrenceBackAndAStaleUndoIsANoOp() async {
    let store = makeStore()
    await store.send(.todos(.loaded([pills()])))
    await store.send(.notification(.buttonPressed(UUID(1), .done)))
    await store.send(.notification(.buttonPressed(UUID(1), .undo)))
    #expect(store.state.todos[id: UUID(1)]?.due == pills().due)
    #expect(store.state.todos[id: UUID(1)]?.isComplete == false)
    #expect(presented.last == ["Take pills"])
    #expect(store.state.undoOffers.isEmpty)
    // Done again, then moved once more from the CLI: the offer's Undo no longer fits.
    await store.send(.notification(.buttonPressed(UUID(1), .done)))
    var moved = pills()
    moved.due = now.addingTimeInterval(2 * day)
    await store.send(.storageChanged(TodoChanges(upserted: [moved], deleted: [], revision: 2)))
    await store.send(.notification(.buttonPressed(UUID(1), .undo)))
    #expect(store.state.todos[id: UUID(1)]?.due == moved.due)
    await store.skipInFlightEffects()  // the wake-up for its next reminder
  }

  @Test func dismissalSnoozesOnlyThisOccurrence() async {
    let store = makeStore()
    await store.send(.todos(.loaded([pills()])))
    await store.send(.notification(.closed(UUID(1), reason: .dismissed)))
    let snoozed = store.state.todos[id: UUID(1)]
    #expect(snoozed?.snoozedUntil == now.addingTimeInterval(QuickActionRules().dismissSnoozeDuration))
    #expect(snoozed?.due == pills().due, "the occurrence stays")
    await store.send(.notification(.buttonPressed(UUID(1), .done)))
    #expect(store.state.todos[id: UUID(1)]?.snoozedUntil == nil)
    #expect(store.state.todos[id: UUID(1)]?.due == now.addingTimeInterval(day))
    await store.skipInFlightEffects()  // the wake-up for its next reminder
  }
}
