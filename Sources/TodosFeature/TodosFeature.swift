import Composable
import Foundation
import Models
import TodoStorageClient

/// The todos domain: every change to todos goes through this reducer, in the CLI as in the
/// agent, and every change it makes is committed to storage by an effect it returns.
public struct TodosFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var todos: IdentifiedArrayOf<Todo>
    /// The id of the todo the last `.add` created (the CLI prints it).
    public var lastAddedID: Todo.ID?
    /// The last storage failure, if any (the CLI exits 74 with it).
    public var persistenceError: String?

    public init(todos: IdentifiedArrayOf<Todo> = []) {
      self.todos = todos
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case add(NewTodo)
    case edit(id: Todo.ID, TodoEdit)
    /// The checkbox: flips completion; completed todos sink one second after the last toggle.
    case toggle(id: Todo.ID)
    /// Idempotent: a todo already done (or gone) is left as it is.
    case markDone(id: Todo.ID)
    case markPending(id: Todo.ID)
    case delete(ids: [Todo.ID])
    case clearCompleted
    case move(fromOffsets: IndexSet, toOffset: Int)
    case snooze(id: Todo.ID, until: Date)
    /// The agent showed the reminder for this due time (persisted, so it is shown once).
    case markReminded(id: Todo.ID, due: Date)
    case sortCompletedTodos
    /// Replaces the todos in state (the initial load).
    case loaded([Todo])
    /// Applies what other processes committed.
    case applyChanges(TodoChanges)
    /// Adds or replaces todos by id, in one transaction (import; re-importing is harmless).
    case imported([Todo])
    case persistenceFailed(String)
  }

  enum CancelID { case sort }

  @ReducerDependency(\.continuousClock) var clock
  @ReducerDependency(\.date) var date
  var now: Date { date.now }
  @ReducerDependency(\.todoStorage) var storage
  @ReducerDependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .add(new):
      let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !title.isEmpty else { return .none }
      let todo = Todo(
        id: uuid(), title: title, notes: new.notes, priority: new.priority, createdAt: now,
        due: new.due, url: new.url)
      state.todos.append(todo)
      state.lastAddedID = todo.id
      return save(todo)

    case let .edit(id, edit):
      guard var todo = state.todos[id: id] else { return .none }
      edit.apply(to: &todo)
      guard todo != state.todos[id: id] else { return .none }
      state.todos[id: id] = todo
      return save(todo)

    case let .toggle(id):
      guard var todo = state.todos[id: id] else { return .none }
      todo.isComplete.toggle()
      todo.completedAt = todo.isComplete ? now : nil
      if todo.isComplete { todo.snoozedUntil = nil }
      state.todos[id: id] = todo
      return .merge(
        save(todo),
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.sortCompletedTodos)
        }
        .cancellable(id: CancelID.sort, cancelInFlight: true)
      )

    case let .markDone(id):
      // By position: one id lookup, the todo changed in place (`[id:]` looks it up again,
      // and its setter a third time). A press in the agent is this action.
      guard let index = state.todos.index(id: id), !state.todos[index].isComplete else {
        return .none
      }
      let completedAt = now
      Self.update(&state.todos[index]) { todo in
        todo.isComplete = true
        todo.completedAt = completedAt
        todo.snoozedUntil = nil
      }
      return save(state.todos[index])

    case let .markPending(id):
      guard let index = state.todos.index(id: id), state.todos[index].isComplete else {
        return .none
      }
      Self.update(&state.todos[index]) { todo in
        todo.isComplete = false
        todo.completedAt = nil
      }
      return save(state.todos[index])

    case let .delete(ids):
      let present = ids.filter { state.todos[id: $0] != nil }
      guard !present.isEmpty else { return .none }
      for id in present { state.todos.remove(id: id) }
      return remove(present)

    case .clearCompleted:
      let completed = state.todos.filter(\.isComplete).map(\.id)
      guard !completed.isEmpty else { return .none }
      state.todos.removeAll(where: \.isComplete)
      return remove(completed)

    case let .move(source, destination):
      state.todos.move(fromOffsets: source, toOffset: destination)
      return .none

    case let .snooze(id, until):
      guard var todo = state.todos[id: id], !todo.isComplete, todo.snoozedUntil != until else {
        return .none
      }
      todo.snoozedUntil = until
      state.todos[id: id] = todo
      return save(todo)

    case let .markReminded(id, due):
      guard var todo = state.todos[id: id], todo.reminderShownFor != due else { return .none }
      todo.reminderShownFor = due
      state.todos[id: id] = todo
      return save(todo)

    case .sortCompletedTodos:
      let pending = state.todos.filter { !$0.isComplete }
      let completed = state.todos.filter(\.isComplete)
      state.todos = IdentifiedArray(uniqueElements: pending + completed)
      return .none

    case let .loaded(todos):
      // The Identifiable initializer: it reads ids with `$0.id`. The one taking `id: \.id`
      // keeps the key path and projects it on every id read afterwards, each `[id:]` and
      // element change (~500 instructions each, in the agent's every action).
      state.todos = IdentifiedArray(todos, uniquingIDsWith: { _, latest in latest })
      return .none

    case let .applyChanges(changes):
      for todo in changes.upserted where state.todos[id: todo.id] != todo {
        state.todos[id: todo.id] = todo
      }
      for id in changes.deleted { state.todos.remove(id: id) }
      return .none

    case let .imported(todos):
      guard !todos.isEmpty else { return .none }
      for todo in todos { state.todos[id: todo.id] = todo }
      return commit(.upsert(todos))

    case let .persistenceFailed(message):
      state.persistenceError = message
      return .none
    }
  }

  private func save(_ todo: Todo) -> Effect<Action> { commit(.upsert([todo])) }

  private func remove(_ ids: [Todo.ID]) -> Effect<Action> { commit(.delete(ids)) }

  /// Changes a todo with one access to it (`IdentifiedArray` checks the id after each).
  @inline(__always)
  private static func update(_ todo: inout Todo, _ change: (inout Todo) -> Void) {
    change(&todo)
  }

  /// Requests the write now, so writes reach the database in action order, and returns an
  /// effect that waits for the commit and reports a failure.
  private func commit(_ write: TodoWrite) -> Effect<Action> {
    let pending = storage.write(write)
    return .run { _ in
      try await pending.value
    } catch: { error, send in
      await send(.persistenceFailed("\(error)"))
    }
  }
}
