import AppFeature
import Clocks
import Composable
import ComposableTesting
import Foundation
import Models
import NotificationClient
import NotificationLayout
import QuickActionsFeature
import Testing

/// The notification standing for the todos held while quiet: Show lets them come back as
/// usual, Snooze all and a dismissal snooze each, and a press once it stands for none is
/// a no-op.
@Suite(.mainSerialExecutor)
@MainActor
struct AppFeatureQuietTests {
  let base = AppFeatureTests()
  var now: Date { base.now }

  /// The state when quiet ended with three held and `show_each` 1: the summary is shown.
  func storeWithHeldSummary() async -> TestStore<AppFeature.State, AppFeature.Action> {
    var rules = QuickActionRules()
    rules.showEach = 1
    let todos = [base.todo(1), base.todo(2), base.todo(3)]
    let store = base.makeStore(todos, rules: rules)
    var state = store.state
    state.presented.heldSummary = todos.map(\.id)
    let summary = QuickAction.heldSummary(of: todos.map { rules.quickAction(for: $0, now: now) }, rules: rules)
    state.presented.actions = [summary]
    state.presented.revision = 1
    return TestStore(initialState: state) { AppFeature() } withDependencies: { [now] in
      $0.todoStorage = .noop
      $0.date = .constant(now)
      $0.continuousClock = TestClock()
      $0.notifications = .init(present: { _, _ in }, subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
    }
  }

  @Test func showLetsTheHeldComeBackAsUsual() async {
    let store = await storeWithHeldSummary()
    let rules = store.state.quickActionRules
    await store.send(.notification(.buttonPressed(QuickAction.heldSummaryID, .showHeld))) {
      $0.presented.heldSummary = []
      $0.presented.actions = IdentifiedArray(uniqueElements: [1, 2, 3].map { rules.quickAction(for: base.todo($0), now: now) })
      $0.presented.revision = 2
    }
    // Again, once it stands for none: nothing.
    await store.send(.notification(.buttonPressed(QuickAction.heldSummaryID, .showHeld)))
    await store.finish()
  }

  @Test func snoozeAllAndADismissalSnoozeEachForTheSnoozeDuration() async {
    for event in [NotificationEvent.buttonPressed(QuickAction.heldSummaryID, .snoozeHeld),
      .closed(QuickAction.heldSummaryID, reason: .dismissed)]
    {
      let store = await storeWithHeldSummary()
      store.exhaustivity = .off(showSkippedAssertions: false)
      await store.send(.notification(event))
      let until = now.addingTimeInterval(3600)
      #expect(store.state.todos.map(\.snoozedUntil) == [until, until, until], "\(event)")
      #expect(store.state.presented.heldSummary.isEmpty && store.state.presented.actions.isEmpty)
      await store.skipInFlightEffects()  // the wake-up for the snoozes' end
    }
  }

  @Test func aPopupTheServerClosesWhileQuietIsHeldNotSentAgain() async {
    var rules = QuickActionRules()
    rules.dismissSnoozeDuration = 0  // a dismissal does not snooze
    let minute = Calendar.current.dateComponents([.hour, .minute], from: now)
    let start = minute.hour! * 60 + minute.minute!
    rules.quietHours = [QuietHours(start: start, end: (start + 60) % 1440)]
    let todo = base.todo(1)
    let store = base.makeStore([todo], rules: rules)
    var state = store.state
    state.presented.actions = [rules.quickAction(for: todo, now: now)]  // shown before quiet
    state.presented.revision = 1
    let quiet = TestStore(initialState: state) { AppFeature() } withDependencies: { [now] in
      $0.todoStorage = .noop
      $0.date = .constant(now)
      $0.continuousClock = TestClock()
      $0.notifications = .init(present: { _, _ in }, subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
    }
    await quiet.send(.notification(.closed(UUID(1), reason: .expired))) {
      $0.presented.held = [UUID(1)]
      $0.presented.actions = []
      $0.presented.revision = 2
      $0.presented.wake = now.addingTimeInterval(3600)  // when quiet ends
    }
    await quiet.skipInFlightEffects()
    _ = store
  }
}
