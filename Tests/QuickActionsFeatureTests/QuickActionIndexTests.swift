import Clocks
import Composable
import ConcurrencyExtras
import Foundation
import Models
import NotificationClient
import QuickActionsFeature
import Testing
import TodoStorageClient
import TodosFeature

/// The incremental index must always give what a full scan gives: random todo actions
/// through `quickActionable()`, checked against `QuickActionSelection` (the selected todos
/// and the reminders beyond them) after each one.
@MainActor
struct QuickActionIndexTests {
  typealias State = QuickActionableTests.State
  typealias Action = QuickActionableTests.Action

  let now = Date(timeIntervalSince1970: 1_795_338_000)

  func randomAction(_ rng: inout SplitMix64, todos: IdentifiedArrayOf<Todo>) -> TodosFeature.Action {
    let ids = todos.ids.elements
    let id = ids.isEmpty ? UUID() : ids[Int(rng.next() % UInt64(ids.count))]
    let priority = Priority.allCases[Int(rng.next() % 3)]
    let due = rng.next() % 2 == 0 ? nil : now.addingTimeInterval(Double(rng.next() % 10) * 3600)
    // A todo as another process may have changed it (or a new one), for the actions
    // that change several todos at once.
    func changed(_ id: Todo.ID) -> Todo {
      var todo = todos[id: id] ?? Todo(id: id, title: "x", createdAt: now)
      todo.priority = priority
      todo.due = due
      todo.isComplete = rng.next() % 4 == 0
      return todo
    }
    switch rng.next() % 12 {
    // Several todos, the same id twice among them: the index follows each todo once.
    case 10:
      return .applyChanges(TodoChanges(
        upserted: [changed(id), changed(UUID()), changed(id)], deleted: rng.next() % 2 == 0 ? [] : [id],
        revision: 0))
    case 11: return .imported([changed(id), changed(id)])
    case 0, 1, 2: return .add(NewTodo(title: "t\(rng.next() % 100)", priority: priority, due: due))
    case 3: return .edit(id: id, TodoEdit(priority: priority))
    case 4: return .edit(id: id, TodoEdit(due: due, clearDue: due == nil))
    case 5: return .markDone(id: id)
    case 6: return .markPending(id: id)
    case 7: return .snooze(id: id, until: now.addingTimeInterval(rng.next() % 2 == 0 ? -60 : 60))
    case 8: return .delete(ids: [id])
    default: return .clearCompleted
    }
  }

  @Test(arguments: [
    [SelectionCriterion.priority, .due, .created], [.due, .priority, .created], [.created],
  ])
  func agreesWithAFullScanAfterEveryAction(order: [SelectionCriterion]) {
    var rules = QuickActionRules()
    rules.order = order
    rules.max = 3
    rules.minPriority = order == [.created] ? .normal : .low
    rules.reminderLeadTime = 3 * 3600  // due within 3 h: reminded beyond `max`
    let store = Store<State, Action>(initialState: State(quickActionRules: rules)) {
      Scope(state: \.todosState, action: \.todos) { TodosFeature() }
        .quickActionable()
    } withDependencies: { [now] in
      $0.todoStorage = .noop
      $0.notifications = .noop
      $0.continuousClock = TestClock()  // wake-ups scheduled, never fired: `now` is fixed
      $0.uuid = .incrementing
      $0.date = .constant(now)
    }
    var rng = SplitMix64(seed: UInt64(order.count))
    for _ in 0..<1_500 {
      store.send(.todos(randomAction(&rng, todos: store.state.todos)))
      var expected = QuickActionSelection.select(from: store.state.todos, rules: rules, now: now)
      // This feature does not persist reminders shown, so every reminder due is shown.
      expected.append(contentsOf: QuickActionSelection.newReminders(
        from: store.state.todos, rules: rules, now: now, selected: expected))
      #expect(store.state.quickActions == expected)
      if store.state.quickActions != expected { return }
    }
    #expect(store.state.quickActionIndex.count == store.state.todos.filter(rules.isCandidate).count)
  }

  /// One todo changed at `now`, due times spread over the next three hours, minute by
  /// minute; none of the actions that re-index every todo (which walks the reminders again).
  func randomTimedAction(_ rng: inout SplitMix64, todos: IdentifiedArrayOf<Todo>, at now: Date) -> TodosFeature.Action {
    let ids = todos.ids.elements
    let id = ids.isEmpty ? UUID() : ids[Int(rng.next() % UInt64(ids.count))]
    let due = rng.next() % 3 == 0 ? nil : now.addingTimeInterval(Double(rng.next() % 180) * 60)
    switch rng.next() % 8 {
    case 0, 1: return .add(NewTodo(title: "t\(rng.next() % 100)", priority: Priority.allCases[Int(rng.next() % 3)], due: due))
    case 2: return .edit(id: id, TodoEdit(due: due, clearDue: due == nil))
    case 3: return .markDone(id: id)
    case 4: return .markPending(id: id)
    case 5: return .snooze(id: id, until: now.addingTimeInterval(Double(rng.next() % 30) * 60))
    case 6: return .edit(id: id, TodoEdit(title: "e\(rng.next() % 100)"))
    default: return .delete(ids: [id])
    }
  }

  /// The same as the time passes (up to a minute between actions, about 12 hours in all):
  /// reminders come due, snoozes end and due todos turn critical between actions, so the
  /// reminders patched in after a change meet the ones a walk finds when their time is up.
  @Test(arguments: [UInt64(1), 2, 3])
  func agreesWithAFullScanAsTimePasses(seed: UInt64) {
    var rules = QuickActionRules()
    rules.max = 2
    rules.reminderLeadTime = 2 * 3600
    let time = LockIsolated(now)
    let store = Store<State, Action>(initialState: State(quickActionRules: rules)) {
      Scope(state: \.todosState, action: \.todos) { TodosFeature() }
        .quickActionable()
    } withDependencies: {
      $0.todoStorage = .noop
      $0.notifications = .noop
      $0.continuousClock = TestClock()  // wake-ups never fire: each action reads the time
      $0.uuid = .incrementing
      $0.date = DateGenerator { time.value }
    }
    var rng = SplitMix64(seed: seed)
    for _ in 0..<1_500 {
      let step = Double(rng.next() % 60)
      time.withValue { $0.addTimeInterval(step) }
      store.send(.todos(randomTimedAction(&rng, todos: store.state.todos, at: time.value)))
      var expected = QuickActionSelection.select(from: store.state.todos, rules: rules, now: time.value)
      expected.append(contentsOf: QuickActionSelection.newReminders(
        from: store.state.todos, rules: rules, now: time.value, selected: expected))
      #expect(store.state.quickActions == expected)
      if store.state.quickActions != expected { return }
    }
  }

  /// A domain whose `.quietly` action changes a todo without saying so in its scope.
  struct SloppyState: QuickActionableState {
    var todos: IdentifiedArrayOf<Todo>
    var quickActions: IdentifiedArrayOf<QuickAction> = []
    var quickActionsRevision = 0
    var quickActionRules = QuickActionRules()
    var quickActionIndex = QuickActionIndex()
  }

  enum SloppyAction: QuickActionableAction {
    case quietly(Todo.ID, Priority)
    case reported(Todo.ID, Priority)
    case quickActions(QuickActionsAction)

    var quickActionsAction: QuickActionsAction? {
      if case let .quickActions(action) = self { action } else { nil }
    }
    var todoChangeScope: TodoChangeScope {
      switch self {
      case .quietly, .quickActions: .none  // wrong for .quietly, on purpose
      case let .reported(id, _): .todo(id)
      }
    }
    static func forwarded(_: ButtonKind, todo _: Todo, rules _: QuickActionRules, now _: Date) -> SloppyAction? { nil }
  }

  /// The index finds a todo's old rank from the todo's old value; when a change went
  /// unreported, that value is not what the index holds. It must then rebuild, not keep the
  /// stale entry (the todo shown at its old rank).
  @Test func aChangeThatWentUnreportedIsCaughtAtTheNextChange() {
    let todos = [Priority.high, .normal, .low].enumerated().map { i, priority in
      Todo(id: UUID(i), title: "\(i)", priority: priority, createdAt: now.addingTimeInterval(Double(i)))
    }
    var rules = QuickActionRules()
    rules.minPriority = .low
    let store = Store<SloppyState, SloppyAction>(
      initialState: SloppyState(todos: IdentifiedArray(uniqueElements: todos), quickActionRules: rules)
    ) {
      Reduce<SloppyState, SloppyAction> { state, action in
        switch action {
        case let .quietly(id, priority), let .reported(id, priority): state.todos[id: id]?.priority = priority
        case .quickActions: break
        }
        return .none
      }
      .quickActionable()
    } withDependencies: { [now] in
      $0.notifications = .noop
      $0.continuousClock = TestClock()
      $0.date = .constant(now)
    }
    store.send(.reported(UUID(0), .high))  // builds the index
    store.send(.quietly(UUID(2), .normal))  // still indexed as low
    store.send(.reported(UUID(2), .high))  // from normal, says the action: not indexed so
    let expected = QuickActionSelection.select(from: store.state.todos, rules: rules, now: now)
    #expect(expected.map(\.id) == [UUID(0), UUID(2), UUID(1)])
    #expect(store.state.quickActions.map(\.id) == expected.map(\.id))
    #expect(store.state.quickActionIndex.count == 3)
  }

  @Test func aRulesChangeRebuildsTheIndex() {
    let todos = (0..<10).map {
      Todo(id: UUID($0), title: "\($0)", priority: $0 % 2 == 0 ? .high : .low, createdAt: now.addingTimeInterval(Double(-$0)))
    }
    var index = QuickActionIndex()
    var rules = QuickActionRules()
    index.rebuild(from: IdentifiedArray(uniqueElements: todos), rules: rules)
    #expect(index.isCurrent(for: rules))
    rules.max = 9  // not part of the ranking
    #expect(index.isCurrent(for: rules))
    rules.order = [.created]
    #expect(!index.isCurrent(for: rules))
  }
}
