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

/// "Mark done" from a notification offers Undo for `actions.undo_window`: a "Done: <title>"
/// notification whose button makes the todo pending again.
@Suite(.mainSerialExecutor)
@MainActor
struct AppFeatureUndoTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)
  let clock = TestClock()
  let calls = LockIsolated<[Int: [QuickAction]]>([:])
  var presented: [[QuickAction]] { calls.value.sorted { $0.key < $1.key }.map(\.value) }
  let todo = Todo(id: UUID(1), title: "Water plants", createdAt: Date(timeIntervalSince1970: 1_795_000_000))

  func makeStore(undoWindow: TimeInterval = 10) -> (TestStore<AppFeature.State, AppFeature.Action>, QuickActionRules) {
    var rules = QuickActionRules()
    rules.undoWindow = undoWindow
    let calls = self.calls
    let store = TestStore(initialState: AppFeature.State(rules: rules)) {
      AppFeature()
    } withDependencies: { [now, clock] in
      let origin = clock.now
      $0.todoStorage = .noop
      $0.date = DateGenerator {  // follows the clock, so the offer's end comes with it
        let elapsed = origin.duration(to: clock.now).components
        return now.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
      }
      $0.continuousClock = clock
      $0.urlOpener = URLOpenerClient { _ in nil }
      $0.notifications = NotificationClient(
        present: { actions, revision in calls.withValue { $0[revision] = actions } },
        subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
    }
    return (store, rules)
  }

  @Test func markDoneOffersUndoUntilTheWindowEnds() async {
    let (store, rules) = makeStore()
    var done = todo
    done.isComplete = true
    done.completedAt = now
    let offer = UndoOffer(before: todo, after: done, rules: rules, until: now.addingTimeInterval(10), now: now)
    await store.send(.todos(.loaded([todo]))) {
      $0.todosState.todos = [todo]
      $0.presented.actions = [rules.quickAction(for: todo, now: now)]
      $0.presented.revision = 1
    }
    await store.send(.notification(.buttonPressed(todo.id, .done))) {
      $0.todosState.todos[id: todo.id]?.isComplete = true
      $0.todosState.todos[id: todo.id]?.completedAt = now
      $0.undoOffers = [offer]
      $0.presented.actions = [offer.quickAction]
      $0.presented.revision = 2
      $0.presented.wake = now.addingTimeInterval(10)  // the offer's end
    }
    await clock.advance(by: .seconds(9))
    await clock.advance(by: .seconds(1))
    await store.receive(.quickActions(.wake)) {
      $0.undoOffers = []
      $0.todosState.todos = []  // done and no longer offered for Undo: dropped from state
      $0.presented.actions = []
      $0.presented.revision = 3
      $0.presented.wake = nil
    }
    await store.finish()
    #expect(presented.map { $0.map(\.title) } == [["Water plants"], ["Done: Water plants"], []])
    let button = presented[1][0].buttons[0]
    #expect(presented[1][0].key(for: button) == "undo:\(todo.idString)")
    #expect(button.label == "Undo")
    #expect(presented[1][0].id != todo.id)  // a notification of its own
  }

  @Test func undoMakesTheTodoPendingAndItsNotificationComesBack() async {
    let (store, rules) = makeStore()
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.todos(.loaded([todo])))
    await store.send(.notification(.buttonPressed(todo.id, .done)))
    await store.send(.notification(.buttonPressed(todo.id, .undo))) {
      $0.todosState.todos[id: todo.id]?.isComplete = false
      $0.todosState.todos[id: todo.id]?.completedAt = nil
      $0.undoOffers = []
      $0.presented.actions = [rules.quickAction(for: todo, now: now)]
    }
    await clock.advance(by: .seconds(60))  // the offer's wake-up was cancelled: nothing comes
    await store.finish()
    #expect(presented.map { $0.map(\.title) } == [["Water plants"], ["Done: Water plants"], ["Water plants"]])
    // A second press of the same Undo (the todo is pending now) is a no-op.
    await store.send(.notification(.buttonPressed(todo.id, .undo)))
    #expect(store.state.todos[id: todo.id]?.isComplete == false)
  }

  @Test func aDismissedOfferEndsItAndAZeroWindowOffersNothing() async {
    let (store, rules) = makeStore()
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.todos(.loaded([todo])))
    await store.send(.notification(.buttonPressed(todo.id, .done)))
    await store.send(.notification(.closed(QuickAction.undoID(for: todo.id), reason: .dismissed))) {
      $0.undoOffers = []
      $0.todosState.todos = []  // done, and no Undo offered any more: settled
      $0.presented.actions = []
    }
    await clock.advance(by: .seconds(60))
    await store.finish()
    // The offer is gone, so a late Undo press is stale: nothing happens.
    await store.send(.notification(.buttonPressed(todo.id, .undo)))

    var noUndo = rules
    noUndo.undoWindow = 0
    await store.send(.rulesChanged(noUndo))
    await store.send(.storageChanged(TodoChanges(upserted: [todo], deleted: [], revision: 2)))
    await store.send(.notification(.buttonPressed(todo.id, .done))) {
      $0.todosState.todos = []
      $0.presented.actions = []
    }
    #expect(store.state.undoOffers.isEmpty)
    await store.finish()
  }

  @Test func aNewerDoneTakesThePlaceOfTheOfferBeforeIt() async {
    let (store, rules) = makeStore()
    store.exhaustivity = .off(showSkippedAssertions: false)
    let other = Todo(id: UUID(2), title: "Pay rent", createdAt: todo.createdAt)
    await store.send(.todos(.loaded([todo, other])))
    await store.send(.notification(.buttonPressed(todo.id, .done)))
    await clock.advance(by: .seconds(4))
    await store.send(.notification(.buttonPressed(other.id, .done)))
    // One "Done: …" on screen, the latest, for its own window.
    #expect(store.state.undoOffers.ids == [other.id])
    #expect(store.state.presented.actions.map(\.title) == ["Done: Pay rent"])
    #expect(store.state.presented.wake == now.addingTimeInterval(14))
    // The first todo stays done, in SQLite only now that no offer needs it; its withdrawn
    // offer's window ending changes nothing.
    #expect(store.state.todos[id: todo.id] == nil)
    await clock.advance(by: .seconds(6))
    #expect(store.state.presented.actions.map(\.title) == ["Done: Pay rent"])
    // An Undo from its withdrawn offer (still on screen a moment) is stale.
    await store.send(.notification(.buttonPressed(todo.id, .undo)))
    #expect(store.state.todos[id: todo.id] == nil)
    // Undo puts back the latest, and the todo done before it leaves the state.
    await store.send(.notification(.buttonPressed(other.id, .undo)))
    #expect(store.state.todos.ids == [other.id])
    #expect(store.state.presented.actions == [rules.quickAction(for: other, now: now.addingTimeInterval(10))])
    await store.finish()
    #expect(presented.last?.map(\.title) == ["Pay rent"])
  }
}
