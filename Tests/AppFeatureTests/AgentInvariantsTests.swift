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
import SyncClient
import SyncFeature
import Testing
import TodoStorageClient
import TodosFeature
import URLOpenerClient

/// What holds after every action of the agent's (`AgentInvariants`): the state keeps the
/// pending todos and those an offer needs, and a change a server shares makes the accounts
/// with changes waiting sync soon, whichever action made it.
@Suite(.mainSerialExecutor)
@MainActor
struct AgentInvariantsTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)
  let clock = TestClock()
  /// How often the schedule asked which accounts have changes waiting.
  let asked = LockIsolated(0)

  func todo(_ n: Int) -> Todo {
    Todo(id: UUID(n), title: "todo \(n)", createdAt: now.addingTimeInterval(Double(n)))
  }

  func makeStore(_ todos: [Todo]) -> TestStore<AppFeature.State, AppFeature.Action> {
    var state = AppFeature.State(todos: todos)
    state.sync = SyncFeature.State(accounts: [SyncFeature.Account(id: "personal", interval: 300)])
    let asked = self.asked
    let store = TestStore(initialState: state) {
      AppFeature()
    } withDependencies: { [now, clock] in
      let origin = clock.now
      $0.todoStorage = .noop
      $0.date = DateGenerator { now.addingTimeInterval(Double(origin.duration(to: clock.now).components.seconds)) }
      $0.continuousClock = clock
      $0.urlOpener = URLOpenerClient { _ in nil }
      $0.notifications = NotificationClient(present: { _, _ in }, subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
      $0.syncRunner = SyncRunner(
        run: { _ in [] },
        accountsWithQueuedChanges: {
          asked.withValue { $0 += 1 }
          return []
        })
    }
    store.exhaustivity = .off(showSkippedAssertions: false)
    return store
  }

  @Test func aPressADismissalAndAnotherProcesssCommitSyncSoon() async {
    let store = makeStore([todo(1), todo(2), todo(4)])
    // A snooze is shared: the phones read it.
    await store.send(.notification(.buttonPressed(UUID(1), .snooze)))
    await clock.advance(by: .seconds(5))
    #expect(asked.value == 1, "a snooze reaches the phones")
    await store.send(.notification(.buttonPressed(UUID(2), .done)))
    await clock.advance(by: .seconds(5))
    #expect(asked.value == 2)
    // A press that no longer fits changes nothing, and syncs nothing.
    await store.send(.notification(.buttonPressed(UUID(9), .done)))
    await clock.advance(by: .seconds(5))
    #expect(asked.value == 2)
    // Closing a popup snoozes its todo, and that too is shared.
    await store.send(.notification(.closed(UUID(4), reason: .dismissed)))
    await clock.advance(by: .seconds(5))
    #expect(asked.value == 3)
    await store.send(.storageChanged(TodoChanges(upserted: [todo(3)], deleted: [], revision: 1)))
    await clock.advance(by: .seconds(5))
    #expect(asked.value == 4)
    // The same revision again is no change.
    await store.send(.storageChanged(TodoChanges(upserted: [todo(3)], deleted: [], revision: 1)))
    await clock.advance(by: .seconds(5))
    #expect(asked.value == 4)
    await store.skipInFlightEffects()
  }

  /// A done todo stays while its Undo offer does, and leaves the state once no offer needs
  /// it, whichever action ends the offer (a newer Done, the window's end).
  @Test func doneTodosLeaveTheStateOnceNoOfferNeedsThem() async {
    let store = makeStore([todo(1), todo(2)])
    await store.send(.notification(.buttonPressed(UUID(1), .done)))
    #expect(store.state.todos[id: UUID(1)]?.isComplete == true, "kept for its Undo")
    await store.send(.notification(.buttonPressed(UUID(2), .done)))
    #expect(store.state.todos[id: UUID(1)] == nil, "its offer was taken over")
    #expect(store.state.todos[id: UUID(2)]?.isComplete == true)
    await clock.advance(by: .seconds(QuickActionRules().undoWindow + 1))
    #expect(store.state.todos.isEmpty, "the window ended")
    await store.finish()
  }

  /// Done todos that arrive together leave together, a few or many at once, and the todos
  /// that stay keep their order and are each found by their id.
  @Test func manyDoneAtOnceLeaveAndTheRestKeepTheirOrder() async {
    let todos = (1...40).map(todo)
    let store = makeStore(todos)
    var kept = todos.map(\.id)
    var revision: Int64 = 0
    for doneAtOnce in [[3, 17, 40], [1, 2, 5, 8, 9, 10, 11, 12, 20, 21, 22, 30, 39], [25]] {
      revision += 1
      let done = doneAtOnce.map { n in
        var todo = todo(n)
        todo.isComplete = true
        todo.completedAt = now
        return todo
      }
      await store.send(.storageChanged(TodoChanges(upserted: done, deleted: [], revision: revision)))
      kept.removeAll { id in doneAtOnce.contains { UUID($0) == id } }
      #expect(store.state.todos.ids.elements == kept, "\(doneAtOnce)")
      #expect(kept.allSatisfy { store.state.todos[id: $0]?.id == $0 })
    }
    await store.skipInFlightEffects()
  }
}
