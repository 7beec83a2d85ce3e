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

/// Reminders: `reminders.lead_time` before a todo falls due it gets a notification even
/// when it is not among the first `max`, once per due time (persisted). The clock is a
/// `TestClock` that the `date` dependency follows; nothing polls.
@Suite(.mainSerialExecutor)
@MainActor
struct AppFeatureReminderTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)
  let clock = TestClock()
  let calls = LockIsolated<[Int: [QuickAction]]>([:])
  var presented: [[QuickAction]] { calls.value.sorted { $0.key < $1.key }.map(\.value) }

  var rules: QuickActionRules {
    var rules = QuickActionRules()
    rules.max = 1
    rules.reminderLeadTime = 900
    rules.urgency[.high] = .critical  // so a todo that falls due turns critical
    return rules
  }

  /// "Report" is the selected one (high priority); "Call" is due in an hour.
  var todos: [Todo] {
    [
      Todo(id: UUID(1), title: "Report", priority: .high, createdAt: now),
      Todo(id: UUID(2), title: "Call", createdAt: now, due: now.addingTimeInterval(3600)),
    ]
  }

  func makeStore(_ todos: [Todo], rules: QuickActionRules) -> TestStore<AppFeature.State, AppFeature.Action> {
    let calls = self.calls
    return TestStore(initialState: AppFeature.State(rules: rules)) {
      AppFeature()
    } withDependencies: { [now, clock] in
      let origin = clock.now
      $0.todoStorage = .noop
      $0.continuousClock = clock
      $0.date = DateGenerator {
        let elapsed = origin.duration(to: clock.now).components
        return now.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
      }
      $0.urlOpener = URLOpenerClient { _ in nil }
      $0.notifications = NotificationClient(
        present: { actions, revision in calls.withValue { $0[revision] = actions } },
        subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
    }
  }

  @Test func aTodoDueSoonIsRemindedBeyondMaxOnceAndTurnsCriticalWhenDue() async {
    let rules = self.rules
    let todos = self.todos
    let due = now.addingTimeInterval(3600)
    let store = makeStore(todos, rules: rules)
    await store.send(.todos(.loaded(todos))) {
      $0.todosState.todos = IdentifiedArray(uniqueElements: todos)
      $0.presented.actions = [rules.quickAction(for: todos[0], now: now)]
      $0.presented.revision = 1
      $0.presented.wake = now.addingTimeInterval(2700)  // due − 15 min
    }
    await clock.advance(by: .seconds(2699))  // not yet
    await clock.advance(by: .seconds(1))  // due − 15 min
    let remindedAt = now.addingTimeInterval(2700)
    await store.receive(.quickActions(.wake)) {
      $0.presented.actions = IdentifiedArray(uniqueElements: [
        rules.quickAction(for: todos[0], now: remindedAt), rules.quickAction(for: todos[1], now: remindedAt),
      ])
      $0.presented.revision = 2
      $0.presented.reminded = [UUID(2): remindedAt]
      $0.presented.wake = due
      $0.todosState.todos[id: UUID(2)]?.reminderShownFor = remindedAt  // recorded in the same pass
    }
    #expect(store.state.presented.actions[id: UUID(2)]?.urgency == .normal)
    await clock.advance(by: .seconds(900))  // falls due
    await store.receive(.quickActions(.wake)) {
      $0.presented.actions[id: UUID(2)]?.urgency = .critical
      $0.presented.revision = 3
      $0.presented.wake = nil
    }
    // Done from the CLI: the reminder goes, and the done todo leaves the agent's state.
    var done = todos[1]
    done.isComplete = true
    done.completedAt = now.addingTimeInterval(3600)
    done.reminderShownFor = remindedAt
    await store.send(.storageChanged(TodoChanges(upserted: [done], deleted: [], revision: 1))) {
      $0.storageRevision = 1
      $0.todosState.todos.remove(id: UUID(2))
      $0.presented.actions.remove(id: UUID(2))
      $0.presented.reminded = [:]
      $0.presented.revision = 4
    }
    await store.finish()
    #expect(presented.map { $0.map(\.title) } == [["Report"], ["Report", "Call"], ["Report", "Call"], ["Report"]])
  }

  /// Undo after "Mark done" on a reminder: the reminder is back. It was recorded as shown
  /// for this due time, and once done it used to count as a new todo that had been reminded
  /// already, so a todo beyond `max` lost its only notification.
  @Test func aReminderMarkedDoneThenPendingAgainIsShownAgain() async {
    var todos = self.todos
    let due = now.addingTimeInterval(600)  // within the lead time already
    todos[1].due = due
    let store = makeStore(todos, rules: rules)
    await store.send(.todos(.loaded(todos))) {
      $0.todosState.todos = IdentifiedArray(uniqueElements: todos)
      $0.presented.actions = [rules.quickAction(for: todos[0], now: now), rules.quickAction(for: todos[1], now: now)]
      $0.presented.revision = 1
      $0.presented.reminded = [UUID(2): due.addingTimeInterval(-900)]
      $0.presented.wake = due
      $0.todosState.todos[id: UUID(2)]?.reminderShownFor = due.addingTimeInterval(-900)  // recorded in the same pass
    }
    var reminded = todos[1]
    reminded.reminderShownFor = due.addingTimeInterval(-900)
    var done = reminded
    done.isComplete = true
    done.completedAt = now
    let offer = UndoOffer(before: reminded, after: done, rules: rules, until: now.addingTimeInterval(10), now: now)
    await store.send(.notification(.buttonPressed(UUID(2), .done))) {
      $0.todosState.todos[id: UUID(2)] = done
      $0.undoOffers = [offer]
      $0.presented.actions = [rules.quickAction(for: todos[0], now: now), offer.quickAction]
      $0.presented.revision = 2
      $0.presented.wake = offer.until
    }
    await store.send(.notification(.buttonPressed(UUID(2), .undo))) {
      $0.todosState.todos[id: UUID(2)] = reminded
      $0.undoOffers = []
      $0.presented.actions = [rules.quickAction(for: todos[0], now: now), rules.quickAction(for: todos[1], now: now)]
      $0.presented.revision = 3
      $0.presented.wake = due
    }
    await store.skipInFlightEffects()  // the wake-up for when it falls due
    #expect(presented.map { $0.map(\.title) } == [["Report", "Call"], ["Report", "Done: Call"], ["Report", "Call"]])
  }

  @Test func anAgentStartedAfterTheReminderWasShownDoesNotShowItAgain() async {
    var todos = self.todos
    todos[1].due = now.addingTimeInterval(600)  // within the lead time already
    todos[1].reminderShownFor = todos[1].due  // as an older version recorded it
    let store = makeStore(todos, rules: rules)
    await store.send(.todos(.loaded(todos))) {
      $0.todosState.todos = IdentifiedArray(uniqueElements: todos)
      $0.presented.actions = [rules.quickAction(for: todos[0], now: now)]
      $0.presented.revision = 1
    }
    // A new due time, set from the CLI, is a new reminder.
    var edited = todos[1]
    edited.due = now.addingTimeInterval(300)
    await store.send(.storageChanged(TodoChanges(upserted: [edited], deleted: [], revision: 1))) {
      $0.storageRevision = 1
      $0.todosState.todos[id: UUID(2)]?.due = now.addingTimeInterval(300)
      $0.presented.actions.append(rules.quickAction(for: edited, now: now))
      $0.presented.revision = 2
      $0.presented.reminded = [UUID(2): now.addingTimeInterval(-600)]
      $0.presented.wake = now.addingTimeInterval(300)
      $0.todosState.todos[id: UUID(2)]?.reminderShownFor = now.addingTimeInterval(-600)  // recorded in the same pass
    }
    await store.skipInFlightEffects()  // the wake-up for when it falls due
  }

  /// "Call" due in 10 minutes, so reminded at once: loaded, its reminder recorded; the
  /// assertions non-exhaustive.
  func storeRemindingOfCall() async -> TestStore<AppFeature.State, AppFeature.Action> {
    var todos = self.todos
    todos[1].due = now.addingTimeInterval(600)
    let store = makeStore(todos, rules: rules)
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.todos(.loaded(todos)))
    #expect(store.state.todos[id: UUID(2)]?.reminderShownFor == now.addingTimeInterval(-300))
    return store
  }

  @Test func aSnoozedReminderComesBackWhenTheSnoozeEndsAndDisabledRemindsOfNothing() async {
    let store = await storeRemindingOfCall()
    #expect(store.state.presented.actions.map(\.title) == ["Report", "Call"])
    await store.send(.notification(.buttonPressed(UUID(2), .snooze)))
    #expect(store.state.presented.actions.map(\.title) == ["Report"])
    await clock.advance(by: .seconds(3600))
    await store.receive(.quickActions(.wake))
    #expect(store.state.presented.actions.map(\.title) == ["Report", "Call"])
    #expect(store.state.presented.actions[id: UUID(2)]?.urgency == .critical)

    var off = rules
    off.remindersEnabled = false
    await store.send(.rulesChanged(off))
    #expect(store.state.presented.actions.map(\.title) == ["Report"])
    await store.finish()
  }

  /// A reminder beyond `max` is a notification like the selected ones: new labels reach it
  /// too. Its cached quick action used to stay as derived until the reminder itself changed.
  @Test func aRulesChangeRelabelsTheRemindersBeyondMax() async {
    let store = await storeRemindingOfCall()
    #expect(store.state.presented.actions.map { $0.buttons[0].label } == ["Done", "Done"])
    var german = rules
    german.doneLabel = "Erledigt"
    await store.send(.rulesChanged(german))
    #expect(store.state.presented.actions.map(\.title) == ["Report", "Call"])
    #expect(store.state.presented.actions.map { $0.buttons[0].label } == ["Erledigt", "Erledigt"])
    await store.skipInFlightEffects()  // the wake-up for when "Call" falls due
  }
}
