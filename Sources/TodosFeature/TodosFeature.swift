import Composable
import Foundation
import Models
import TodoStorageClient

/// The todos domain: every change the CLI or the agent makes to todos goes through this
/// reducer, and every change it makes is committed to storage by an effect it returns. (A
/// sync commits what it received in its own transaction, with its objects and token; the
/// agent reads that back as another process's commit.)
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

  public enum Action: Equatable, Sendable {
    case add(NewTodo)
    case edit(id: Todo.ID, TodoEdit)
    /// Idempotent: a todo already done (or gone) is left as it is. A repeating todo moves
    /// to its next time instead, until its series ends.
    case markDone(id: Todo.ID)
    /// Undoes a Done: puts back the occurrence `before` was at (pending, its due time, rule
    /// and snooze), whatever else has changed since.
    case undoDone(before: Todo)
    /// Undoes the last Done where no `before` is at hand (`quickdo undo`, a link): a done
    /// todo is pending again, a repeating one back at the occurrence it completed.
    case markPending(id: Todo.ID)
    case delete(ids: [Todo.ID])
    case clearCompleted
    case snooze(id: Todo.ID, until: Date)
    /// The agent showed the reminder of this moment (persisted, so it is shown once).
    case markReminded(id: Todo.ID, at: Date)
    /// Replaces the todos in state (the initial load).
    case loaded([Todo])
    /// Applies what other processes committed.
    case applyChanges(TodoChanges)
    /// Adds or replaces todos by id, in one transaction (import; re-importing is harmless).
    case imported([Todo])
    case persistenceFailed(String)
  }

  @Dependency(\.date.now) var now
  @Dependency(\.timeZone) var timeZone
  @Dependency(\.todoStorage) var storage
  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .add(new):
      let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !title.isEmpty else { return .none }
      var todo = Todo(
        id: uuid(), title: title, notes: new.notes, priority: new.priority, createdAt: now,
        due: new.due, url: new.url, repeatRule: new.repeatRule, repeatFrom: new.repeatFrom,
        list: new.list, tags: new.tags, parent: new.parent, reminders: new.reminders)
      // A subtask is in its parent's list (as tasks.org and the CalDAV apps keep them).
      if let parent = new.parent.flatMap({ state.todos[id: $0] }) { todo.list = parent.list }
      alignToSeries(&todo)
      state.todos.append(todo)
      state.lastAddedID = todo.id
      return save(todo)

    case let .edit(id, edit):
      guard let old = state.todos[id: id] else { return .none }
      var todo = old
      edit.apply(to: &todo)
      alignToSeries(&todo)
      if todo.occurrence != old.occurrence || todo.repeatRule != old.repeatRule || todo.repeatFrom != old.repeatFrom {
        todo.doneOccurrence = nil  // a series edited has no Done left to undo
      }
      if let parent = todo.parent.flatMap({ state.todos[id: $0] }) {
        if edit.parent != nil {
          todo.list = parent.list
        } else if todo.list != parent.list {
          todo.parent = nil
        }
      }
      guard todo != old else { return .none }
      var changed = [todo]
      if todo.list != old.list {
        // Its subtasks go with it.
        for child in family(of: state.todos).descendants(of: id) {
          guard var moved = state.todos[id: child], moved.list != todo.list else { continue }
          moved.list = todo.list
          changed.append(moved)
        }
      }
      for todo in changed { state.todos[id: todo.id] = todo }
      return commit(.upsert(changed))

    case let .markDone(id):
      guard let todo = state.todos[id: id], !todo.isComplete else { return .none }
      // Its open subtasks are done with it, as tasks.org does.
      var changed = [todo.done(at: now, in: timeZone)]
      for child in family(of: state.todos).descendants(of: id) {
        guard let subtask = state.todos[id: child], !subtask.isComplete else { continue }
        changed.append(subtask.done(at: now, in: timeZone))
      }
      for todo in changed { state.todos[id: todo.id] = todo }
      return commit(.upsert(changed))

    case let .undoDone(before):
      guard var todo = state.todos[id: before.id] else { return .none }
      todo.isComplete = false
      todo.completedAt = nil
      todo.due = before.due
      todo.start = before.start
      todo.repeatRule = before.repeatRule
      todo.snoozedUntil = before.snoozedUntil
      todo.doneOccurrence = before.doneOccurrence
      var changed = todo != state.todos[id: before.id] ? [todo] : []
      changed += reopenedRelatives(of: before.id, in: state.todos)
      guard !changed.isEmpty else { return .none }
      for todo in changed { state.todos[id: todo.id] = todo }
      return commit(.upsert(changed))

    case let .markPending(id):
      guard let todo = state.todos[id: id]?.undone(in: timeZone) else { return .none }
      let changed = [todo] + reopenedRelatives(of: id, in: state.todos)
      for todo in changed { state.todos[id: todo.id] = todo }
      return commit(.upsert(changed))

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

    case let .snooze(id, until):
      guard var todo = state.todos[id: id], !todo.isComplete, todo.snoozedUntil != until else {
        return .none
      }
      todo.snoozedUntil = until
      state.todos[id: id] = todo
      return save(todo)

    case let .markReminded(id, at):
      guard var todo = state.todos[id: id], todo.reminderShownFor != at else { return .none }
      todo.reminderShownFor = at
      state.todos[id: id] = todo
      return save(todo)

    case let .loaded(todos):
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

  /// Who is whose subtask among `todos`, each todo's parent read in place: a press's Done
  /// passes over every todo the agent holds, and copying each would cost that budget.
  private func family(of todos: IdentifiedArrayOf<Todo>) -> TodoFamily {
    var links: [(child: Todo.ID, parent: Todo.ID)] = []
    for index in todos.indices {
      if let parent = todos[index].parent { links.append((todos[index].id, parent)) }
    }
    return TodoFamily(links: links)
  }

  /// What an undo of `id`'s Done opens again besides it, as tasks.org does: its done
  /// subtasks and its done parents (a pending subtask under a done parent would be hidden
  /// in most apps).
  private func reopenedRelatives(of id: Todo.ID, in todos: IdentifiedArrayOf<Todo>) -> [Todo] {
    let relations = family(of: todos)
    return (relations.descendants(of: id) + relations.ancestors(of: id)).compactMap { todos[id: $0] }
      .filter(\.isComplete).compactMap { $0.undone(in: timeZone) }
  }

  /// Keeps a repeating todo's due time (or start, without one) one of its series' times:
  /// the rule's first at or after it. A rule without either, or with no time left, is
  /// dropped (the CLI refuses both before they get here).
  private func alignToSeries(_ todo: inout Todo) {
    guard let rule = todo.repeatRule, !todo.isComplete else { return }
    guard let occurrence = todo.occurrence,
      let first = Todo.firstOccurrence(of: rule, from: occurrence, in: todo.seriesZone(else: timeZone))
    else {
      todo.repeatRule = nil
      return
    }
    todo.occurrence = first
  }

  private func remove(_ ids: [Todo.ID]) -> Effect<Action> { commit(.delete(ids)) }

  /// The effect that commits `write`. Commits run in one queue, so they reach the database
  /// in action order (done, then undo) though effects otherwise run as independent tasks.
  private func commit(_ write: TodoWrite) -> Effect<Action> {
    .run { [storage] _ in
      try await storage.commit(write)
    } catch: { error, send in
      await send(.persistenceFailed("\(error)"))
    }
    .queued(id: CommitQueue.commits)
  }
}

/// The queue of ``TodosFeature``'s commits.
enum CommitQueue: Hashable, Sendable { case commits }
