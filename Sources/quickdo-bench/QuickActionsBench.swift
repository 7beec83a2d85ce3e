import AppFeature
import Composable
import Foundation
import Models
import NotificationClient
import QuickActionsFeature
import TodoStorageClient
import TodosFeature

/// Figures for quick-action upkeep: `markDone` / `markPending` with 100,000 todos in state,
/// through the agent's reducer (`AppFeature`, which is `quickActionable()`).
@MainActor
enum QuickActionsBench {
  static func run() async {
    let n = 100_000
    let now = Date()
    let todos: [Todo] = (0..<n).map { (i: Int) -> Todo in
      let created = now.addingTimeInterval(Double(-i))
      let due: Date? = i % 5 == 0 ? now.addingTimeInterval(Double(i)) : nil
      return Todo(
        id: UUID(), title: "todo \(i)", priority: Priority.allCases[i % 3], createdAt: created,
        due: due)
    }
    let ids = todos.map(\.id)
    let pressed = todos.filter { $0.priority == .high }.prefix(1000).map(\.id)

    withDependencies {
      $0.todoStorage = .noop
      $0.notifications = .noop
      $0.date = .constant(now)
      $0.uuid = .incrementing
    } operation: {
      // The reducer alone: what one action costs the agent, effects not run.
      let reduce = AppFeature()._reduceFunction()  // the body resolved once, as a Store does
      // Loaded through a store, as the agent loads: it builds the index, and the reminders
      // first shown are recorded (`markReminded`, sent at once). Loaded by the reducer alone,
      // no reminder would ever be recorded, and every action that touches one of the 181
      // would record all of them again.
      let loader = Store<AppFeature.State, AppFeature.Action>(initialState: AppFeature.State(todos: todos)) {
        AppFeature()
      }
      loader.send(.todos(.loaded(todos)))
      var state = loader.state
      precondition(state.todos.filter { $0.reminderShownFor != nil }.count == 181)
      // One change before the timed cases: `state` shares its buffers with the loader's, and
      // the first change copies them (the 100,000 todos: ~9 million instructions, which a
      // profile of 5,000 actions counted as ~1,900 an action).
      _ = reduce(&state, .todos(.markDone(id: ids[0])))
      _ = reduce(&state, .todos(.markPending(id: ids[0])))
      let anyTodo = measure("reducer: markDone, then markPending, any of \(n) todos", iterations: 100_000) { i in
        let id = ids[((i / 2) &* 7919) % n]
        _ = reduce(&state, i % 2 == 0 ? .todos(.markDone(id: id)) : .todos(.markPending(id: id)))
      }
      measure("reducer: markDone, then markPending, of a shown todo", iterations: 100_000) { i in
        let id = pressed[(i / 2) % pressed.count]
        _ = reduce(&state, i % 2 == 0 ? .todos(.markDone(id: id)) : .todos(.markPending(id: id)))
      }
      // One of the 181 todos due for a reminder (due within the lead time): the reminders
      // shown change, beyond the selected ones.
      let reminded = todos.filter { todo in
        todo.due.map { $0 <= now.addingTimeInterval(state.quickActionRules.reminderLeadTime) } ?? false
      }.map(\.id)
      measure("reducer: markDone, then markPending, of a reminded todo", iterations: 20_000) { i in
        let id = reminded[(i / 2) % reminded.count]
        _ = reduce(&state, i % 2 == 0 ? .todos(.markDone(id: id)) : .todos(.markPending(id: id)))
      }
      print("quick actions after the presses: \(state.quickActions.count) (\(state.todos.filter { !$0.isComplete }.count) pending)")

      // Upkeep alone: quickActionable() over a base reducer that only flips completion.
      let bare = BareFeature().quickActionable()._reduceFunction()
      var bareState = BareState(todos: IdentifiedArray(uniqueElements: todos))
      _ = bare(&bareState, .loaded)
      measure("upkeep alone: flip any of \(n) todos", iterations: 100_000) { i in
        _ = bare(&bareState, .flip(ids[(i &* 7919) % n]))
      }
      measure("upkeep alone: flip a shown todo", iterations: 100_000) { i in
        _ = bare(&bareState, .flip(pressed[(i / 2) % pressed.count]))
      }

      // The index's parts.
      var index = QuickActionIndex()
      var flipped = IdentifiedArray(uniqueElements: todos)
      let rules = QuickActionRules()
      index.rebuild(from: flipped, rules: rules)
      measure("parts: IdentifiedArray flip", iterations: 100_000) { i in
        flipped[id: ids[(i &* 7919) % n]]?.isComplete.toggle()
      }
      measure("parts: selection key", iterations: 100_000) { i in
        _ = rules.selectionKey(todos[(i &* 7919) % n])
      }
      measure("parts: index.update after a flip", iterations: 100_000) { i in
        let id = ids[(i &* 7919) % n]
        let old = flipped[id: id]
        flipped[id: id]?.isComplete.toggle()
        index.update(from: old, to: flipped[id: id], rules: rules)
      }

      // The seed's approach for comparison: a full scan of every todo per action.
      let scan = measure("full scan (QuickActionSelection) of \(n) todos", iterations: 20, rounds: 3) { _ in
        _ = QuickActionSelection.select(from: state.todos, rules: state.quickActionRules, now: now)
      }
      // Issue #4 asks ≤ 5 µs an action where the seed's full scan costs ~5.6 ms. This shared
      // machine's speed swings from one minute to the next (the scan: 5.9 to 10 ms), so the
      // budget is also given as the same share of this run's scan.
      if let action = anyTodo.nanoseconds, let scanned = scan.nanoseconds {
        report("markDone budget: 5 µs × (this run's scan / 5.6 ms)", 5_000 * scanned / 5_600_000, "ns/action")
        print("markDone, any todo, as a share of the full scan: 1/\(Int(scanned / action)) (budget: 1/1120)")
      }

      // Through a Store: adds the persistence and presenter effects' task start-up.
      let store = Store<AppFeature.State, AppFeature.Action>(initialState: AppFeature.State(todos: todos)) {
        AppFeature()
      }
      store.send(.todos(.loaded(todos)))
      measure("store: markDone, then markPending, of a shown todo", iterations: 20_000) { i in
        let id = pressed[(i / 2) % pressed.count]
        store.send(i % 2 == 0 ? .todos(.markDone(id: id)) : .todos(.markPending(id: id)))
      }
      // The agent's press, as scripts/bench-agent.py makes it (200 todos, four shown): the
      // notification's event, forwarded to done with an undo offer (a "Done:" notification
      // and its timer), then that offer's Undo.
      let few = todos.prefix(200).map { todo in
        var todo = todo
        todo.due = nil  // no reminders: four quick actions
        return todo
      }
      let pressStore = Store<AppFeature.State, AppFeature.Action>(
        initialState: AppFeature.State(todos: few)
      ) {
        AppFeature()
      }
      pressStore.send(.todos(.loaded(few)))
      var done = pressStore.state.quickActions[0].id
      measure("store: Mark done pressed on one of 4 shown, then Undo", iterations: 20_000) { i in
        if i % 2 == 0 { done = pressStore.state.quickActions[0].id }
        pressStore.send(.notification(.buttonPressed(done, i % 2 == 0 ? .done : .undo)))
      }
      precondition(pressStore.state.undoOffers.isEmpty && pressStore.state.quickActions.count == 4)
      // The same while 150 "Done:" notifications are showing: presses in a row, as the
      // agent bench makes them, leave an offer each for the undo window (10 s); 50 todos
      // stay pending.
      for _ in 0..<150 {
        pressStore.send(.notification(.buttonPressed(pressStore.state.quickActions[0].id, .done)))
      }
      precondition(pressStore.state.undoOffers.count == 150)
      measure("store: the same, with 150 undo offers showing", iterations: 4_000) { i in
        if i % 2 == 0 { done = pressStore.state.quickActions[0].id }
        pressStore.send(.notification(.buttonPressed(done, i % 2 == 0 ? .done : .undo)))
      }
      precondition(pressStore.state.undoOffers.count == 150)
    }
  }
}

/// A todos state with quick actions and nothing else, to time the upkeep by itself.
struct BareState: QuickActionableState {
  var todos: IdentifiedArrayOf<Todo>
  var quickActions: IdentifiedArrayOf<QuickAction> = []
  var quickActionsRevision = 0
  var quickActionRules = QuickActionRules()
  var quickActionIndex = QuickActionIndex()
}

enum BareAction: QuickActionableAction {
  case flip(Todo.ID)
  case loaded
  case quickActions(QuickActionsAction)

  var quickActionsAction: QuickActionsAction? {
    if case let .quickActions(action) = self { action } else { nil }
  }
  var todoChangeScope: TodoChangeScope {
    switch self {
    case let .flip(id): .todo(id)
    case .loaded: .all
    case .quickActions: .none
    }
  }
  static func forwarded(_: ButtonKind, todo _: Todo, rules _: QuickActionRules, now _: Date) -> BareAction? { nil }
}

struct BareFeature: Reducer {
  func reduce(into state: inout BareState, action: BareAction) -> Effect<BareAction> {
    if case let .flip(id) = action { state.todos[id: id]?.isComplete.toggle() }
    return .none
  }
}
