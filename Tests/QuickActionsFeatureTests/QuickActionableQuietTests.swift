import Clocks
import Composable
import ComposableTesting
import ConcurrencyExtras
import Foundation
import Models
import NotificationLayout
import QuickActionsFeature
import Testing
import TodosFeature

/// Quiet hours (`dnd.quiet_hours`): nothing new is shown while they last, what is on screen
/// stays, and when they end the held todos come back, one by one or, more than
/// `showEach`, as one notification standing for them.
@MainActor
struct QuickActionableQuietTests {
  let base = QuickActionableTests()
  var now: Date { base.now }

  /// Quiet from a minute after `now` to three minutes after.
  var quietRules: QuickActionRules {
    var rules = base.rules
    rules.quietHours = [QuietHours(start: minute(60), end: minute(180))]
    return rules
  }

  /// The local minute of the day `seconds` after `now` (a whole minute).
  func minute(_ seconds: TimeInterval) -> Int {
    let parts = Calendar.current.dateComponents([.hour, .minute], from: now.addingTimeInterval(seconds))
    return parts.hour! * 60 + parts.minute!
  }

  @Test func whileQuietNothingNewComesAndTheHeldComeBackWhenItEnds() async {
    await withMainSerialExecutor {
      let a = Todo(id: UUID(1), title: "a", createdAt: now)
      let store = base.makeStore([a], rules: quietRules)
      await store.send(.todos(.loaded([a]))) {
        $0.presented.actions = [base.quickAction(a)]
        $0.presented.revision = 1
        $0.presented.wake = now.addingTimeInterval(60)  // when quiet starts
      }
      await base.clock.advance(by: .seconds(60))
      await store.receive(.quickActions(.wake)) {
        $0.presented.wake = now.addingTimeInterval(180)  // when it ends
      }
      // Added while quiet: held, and nothing is presented; what is on screen stays.
      let b = Todo(id: UUID(0), title: "b", createdAt: now.addingTimeInterval(60))
      await store.send(.todos(.add(NewTodo(title: "b")))) {
        $0.todosState.todos.append(b)
        $0.todosState.lastAddedID = UUID(0)
        $0.presented.held = [UUID(0)]
      }
      await base.clock.advance(by: .seconds(120))
      await store.receive(.quickActions(.wake)) {
        $0.presented.held = []
        $0.presented.actions = [base.quickAction(a), base.quickAction(b)]
        $0.presented.revision = 2
        $0.presented.wake = now.addingTimeInterval(86_400 + 60)  // tomorrow's quiet
      }
      // The wake-up for the next quiet hours' start or end is always ahead.
      await store.skipInFlightEffects()
      #expect(base.presented.map { $0.map(\.title) } == [["a"], ["a", "b"]])
    }
  }

  @Test func moreHeldThanShowEachComeAsOneNotificationWithShowAndSnoozeAll() async {
    await withMainSerialExecutor {
      var rules = quietRules
      rules.quietHours = [QuietHours(start: minute(0), end: minute(60))]  // quiet now
      rules.showEach = 1
      let a = Todo(id: UUID(1), title: "a", createdAt: now)
      let b = Todo(id: UUID(2), title: "b", createdAt: now.addingTimeInterval(1))
      let store = base.makeStore([a, b], rules: rules)
      await store.send(.todos(.loaded([a, b]))) {
        $0.presented.held = [UUID(1), UUID(2)]
        $0.presented.wake = now.addingTimeInterval(60)
      }
      await base.clock.advance(by: .seconds(60))
      let summary = QuickAction.heldSummary(of: [base.quickAction(a), base.quickAction(b)], rules: rules)
      await store.receive(.quickActions(.wake)) {
        $0.presented.held = []
        $0.presented.heldSummary = [UUID(1), UUID(2)]
        $0.presented.actions = [summary]
        $0.presented.revision = 1
        $0.presented.wake = now.addingTimeInterval(86_400)
      }
      #expect(summary.title == "2 reminders while Do Not Disturb was on")
      #expect(summary.body == "• a\n• b")
      #expect(summary.buttons.map(\.label) == ["Show", "Snooze all"])
      #expect(summary.key(summary.buttons[0].kind) == "show-held:00000000-0000-0000-0000-00000000000b")
      // Done on one of them elsewhere: the summary stands for the other.
      await store.send(.todos(.markDone(id: UUID(1)))) {
        $0.todosState.todos[id: UUID(1)]?.isComplete = true
        $0.todosState.todos[id: UUID(1)]?.completedAt = now.addingTimeInterval(60)
        $0.presented.heldSummary = [UUID(2)]
        $0.presented.actions = [QuickAction.heldSummary(of: [base.quickAction(b)], rules: rules)]
        $0.presented.revision = 2
      }
      // The wake-up for the next quiet hours' start or end is always ahead.
      await store.skipInFlightEffects()
    }
  }

  @Test func whatPassesComesAsCriticalAndAReminderHeldIsNotRecordedAsShown() async {
    await withMainSerialExecutor {
      var rules = quietRules
      rules.quietHours = [QuietHours(start: minute(0), end: minute(60))]
      rules.quietPass = .high
      let urgent = Todo(id: UUID(1), title: "urgent", priority: .high, createdAt: now)
      // Due in ten minutes: its default reminder (15 min before) has rung.
      let soon = Todo(id: UUID(2), title: "soon", createdAt: now, due: now.addingTimeInterval(600))
      let store = base.makeStore([urgent, soon], rules: rules)
      var critical = base.quickAction(urgent)
      critical.urgency = .critical
      await store.send(.todos(.loaded([urgent, soon]))) {
        $0.presented.actions = [critical]
        $0.presented.revision = 1
        $0.presented.held = [UUID(2)]
        $0.presented.wake = now.addingTimeInterval(60)
      }
      // Its reminder was not recorded as shown: it rings when quiet ends.
      #expect(store.state.todos[id: UUID(2)]?.reminderShownFor == nil)
      // The wake-up for the next quiet hours' start or end is always ahead.
      await store.skipInFlightEffects()
    }
  }

  @Test func aTodoOnScreenStaysWhenOneThatOutranksItIsHeld() async {
    await withMainSerialExecutor {
      var rules = quietRules
      rules.quietHours = [QuietHours(start: minute(0), end: minute(60))]
      let a = Todo(id: UUID(1), title: "a", createdAt: now)
      let store = base.makeStore([a], max: 1, rules: rules)
      var state = store.state
      state.presented.actions = [base.quickAction(a)]  // shown before quiet began
      state.presented.revision = 1
      let quiet = base.makeStore([a], max: 1, rules: rules, initial: state)
      let urgent = Todo(id: UUID(0), title: "urgent", priority: .high, createdAt: now)
      await quiet.send(.todos(.add(NewTodo(title: "urgent", priority: .high)))) {
        $0.todosState.todos.append(urgent)
        $0.todosState.lastAddedID = UUID(0)
        $0.presented.held = [UUID(0)]
        $0.presented.wake = now.addingTimeInterval(60)
      }
      // Done on it while quiet: it goes, and nothing new takes its place.
      await quiet.send(.todos(.markDone(id: UUID(1)))) {
        $0.todosState.todos[id: UUID(1)]?.isComplete = true
        $0.todosState.todos[id: UUID(1)]?.completedAt = now
        $0.presented.actions = []
        $0.presented.revision = 2
      }
      await quiet.skipInFlightEffects()
      _ = store
    }
  }
}
