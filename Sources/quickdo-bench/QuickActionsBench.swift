import AppFeature
import Composable
import Foundation
import Models
import NotificationClient
import TodoStorageClient

/// Figures for the agent's reducer: what one action costs with 10,000 pending todos in
/// state, the quick actions derived again after each (budget: 1 ms an action).
@MainActor
enum QuickActionsBench {
  static func run() async {
    let n = 10_000
    let now = Date()
    // One in five has a due date, one a minute apart: 15 are due within the 15-minute
    // reminder lead time, so reminders show beside the four selected todos.
    let todos: [Todo] = (0..<n).map { (i: Int) -> Todo in
      let due: Date? = i % 5 == 0 ? now.addingTimeInterval(Double(i / 5) * 60) : nil
      return Todo(
        id: UUID(), title: "todo \(i)", priority: Priority.allCases[i % 3],
        createdAt: now.addingTimeInterval(Double(-i)), due: due)
    }
    let ids = todos.map(\.id)

    withDependencies {
      $0.todoStorage = .noop
      $0.notifications = .noop
      $0.date = .constant(now)
      $0.uuid = .incrementing
    } operation: {
      // Loaded through a store, as the agent loads, so the reminders shown are recorded.
      let store = Store<AppFeature.State, AppFeature.Action>(initialState: AppFeature.State()) {
        AppFeature()
      }
      store.send(.todos(.loaded(todos)))
      print("\(store.state.todos.count) pending, \(store.state.presented.actions.count) notifications shown")

      // The reducer alone (effects not run), on a copy of the store's state.
      let reduce = AppFeature()._reduceFunction()
      var state = store.state
      let anyTodo = measure("reducer: markDone, then markPending, any todo", iterations: 2_000, rounds: 3) { i in
        let id = ids[((i / 2) &* 7919) % n]
        _ = reduce(&state, i % 2 == 0 ? .todos(.markDone(id: id)) : .todos(.markPending(id: id)))
      }
      measure("reducer: markDone, then markPending, a shown todo", iterations: 2_000, rounds: 3) { i in
        let id = state.presented.actions[0].id
        _ = reduce(&state, i % 2 == 0 ? .todos(.markDone(id: id)) : .todos(.markPending(id: id)))
      }
      // The agent's press through the store: the button's event, done with an undo offer,
      // then that offer's Undo.
      var pressed = store.state.presented.actions[0].id
      measure("store: Mark done pressed on a shown todo, then Undo", iterations: 1_000, rounds: 3) { i in
        if i % 2 == 0 { pressed = store.state.presented.actions[0].id }
        store.send(.notification(.buttonPressed(pressed, i % 2 == 0 ? .done : .undo)))
      }
      if let ns = anyTodo.nanoseconds {
        print("budget: 1 ms an action; reducer with upkeep: \(String(format: "%.3f", ns / 1e6)) ms")
      }
    }
  }
}
