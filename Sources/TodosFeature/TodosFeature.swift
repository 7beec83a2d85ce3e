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
    /// The todos. The reducer changes them through ``update(_:)`` and ``remove(_:)``, which
    /// log each change; setting them as a whole logs that any may have changed.
    public var todos: IdentifiedArrayOf<Todo> {
      get { storedTodos }
      set {
        storedTodos = newValue
        family = TodoFamily(newValue)
        changeLog.noteAll()
      }
    }
    private var storedTodos: IdentifiedArrayOf<Todo>
    /// Who is whose subtask among the todos, kept with them, so that a Done finds the
    /// subtasks it completes without a pass over every todo (a press costs what it
    /// changes). Not part of the value: it follows from the todos.
    public private(set) var family: TodoFamily
    /// The id of the todo the last `.add` created (the CLI prints it).
    public var lastAddedID: Todo.ID?
    /// The last storage failure, if any (the CLI exits 74 with it).
    public var persistenceError: String?
    /// What changed among the todos since the agent's quick actions last looked. Not part
    /// of the state's value: `==` leaves it out.
    public var changeLog = TodoChangeLog()

    public init(todos: IdentifiedArrayOf<Todo> = []) {
      self.storedTodos = todos
      self.family = TodoFamily(todos)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.storedTodos == rhs.storedTodos && lhs.lastAddedID == rhs.lastAddedID
        && lhs.persistenceError == rhs.persistenceError
    }

    /// Adds `todo`, or replaces the one with its id, and logs it.
    public mutating func update(_ todo: Todo) {
      let old = storedTodos[id: todo.id]
      changeLog.note(todo.id, was: old)
      if old?.parent != todo.parent { family.link(todo.id, to: todo.parent) }
      storedTodos[id: todo.id] = todo
    }

    /// Removes the todo `id`, if it is there, and logs it.
    public mutating func remove(_ id: Todo.ID) {
      guard let old = storedTodos[id: id] else { return }
      changeLog.note(id, was: old)
      if old.parent != nil { family.link(id, to: nil) }
      storedTodos.remove(id: id)
    }

    /// Removes the todos `isRemoved` picks, each logged, rebuilding the index once.
    public mutating func removeAll(where isRemoved: (Todo) -> Bool) {
      for todo in storedTodos where isRemoved(todo) {
        changeLog.note(todo.id, was: todo)
        if todo.parent != nil { family.link(todo.id, to: nil) }
      }
      storedTodos.removeAll(where: isRemoved)
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
      state.update(todo)
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
        for child in state.family.descendants(of: id) {
          guard var moved = state.todos[id: child], moved.list != todo.list else { continue }
          moved.list = todo.list
          changed.append(moved)
        }
      }
      for todo in changed { state.update(todo) }
      return commit(.upsert(changed))

    case let .markDone(id):
      guard let todo = state.todos[id: id], !todo.isComplete else { return .none }
      // Its open subtasks are done with it, as tasks.org does.
      var changed = [todo.done(at: now, in: timeZone)]
      for child in state.family.descendants(of: id) {
        guard let subtask = state.todos[id: child], !subtask.isComplete else { continue }
        changed.append(subtask.done(at: now, in: timeZone))
      }
      for todo in changed { state.update(todo) }
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
      changed += reopenedRelatives(of: before.id, in: state)
      guard !changed.isEmpty else { return .none }
      for todo in changed { state.update(todo) }
      return commit(.upsert(changed))

    case let .markPending(id):
      guard let todo = state.todos[id: id]?.undone(in: timeZone) else { return .none }
      let changed = [todo] + reopenedRelatives(of: id, in: state)
      for todo in changed { state.update(todo) }
      return commit(.upsert(changed))

    case let .delete(ids):
      let present = ids.filter { state.todos[id: $0] != nil }
      guard !present.isEmpty else { return .none }
      for id in present { state.remove(id) }
      return remove(present)

    case .clearCompleted:
      let completed = state.todos.filter(\.isComplete).map(\.id)
      guard !completed.isEmpty else { return .none }
      state.removeAll(where: \.isComplete)
      return remove(completed)

    case let .snooze(id, until):
      guard var todo = state.todos[id: id], !todo.isComplete, todo.snoozedUntil != until else {
        return .none
      }
      todo.snoozedUntil = until
      state.update(todo)
      return save(todo)

    case let .markReminded(id, at):
      guard var todo = state.todos[id: id], todo.reminderShownFor != at else { return .none }
      todo.reminderShownFor = at
      state.update(todo)
      return save(todo)

    case let .loaded(todos):
      state.todos = IdentifiedArray(todos, uniquingIDsWith: { _, latest in latest })
      return .none

    case let .applyChanges(changes):
      for todo in changes.upserted where state.todos[id: todo.id] != todo {
        state.update(todo)
      }
      for id in changes.deleted { state.remove(id) }
      return .none

    case let .imported(todos):
      guard !todos.isEmpty else { return .none }
      for todo in todos { state.update(todo) }
      return commit(.upsert(todos))

    case let .persistenceFailed(message):
      state.persistenceError = message
      return .none
    }
  }

  private func save(_ todo: Todo) -> Effect<Action> { commit(.upsert([todo])) }

  /// What an undo of `id`'s Done opens again besides it, as tasks.org does: its done
  /// subtasks and its done parents (a pending subtask under a done parent would be hidden
  /// in most apps).
  private func reopenedRelatives(of id: Todo.ID, in state: State) -> [Todo] {
    let relations = state.family
    return (relations.descendants(of: id) + relations.ancestors(of: id)).compactMap { state.todos[id: $0] }
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
