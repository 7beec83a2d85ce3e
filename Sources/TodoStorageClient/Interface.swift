import Foundation
import Models

/// Where todos are kept: the interface features depend on. The live SQLite implementation is
/// in `TodoStorageLive`; tests override these closures. A struct of closures, isowords style.
public struct TodoStorageClient: Sendable {
  /// The todos matching a filter, in `TodoOrdering` order.
  public var load: @Sendable (_ filter: TodoFilter) async throws -> [Todo]
  /// The same todos as `list --json`'s document (`TodoJSONDocument`), written as the rows
  /// are read and handed to `sink` piece by piece: no todo is made in memory (that
  /// command's budget, 10,000 todos at least 5× faster than `task export`).
  public var exportJSON: @Sendable (_ filter: TodoFilter, _ sink: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> Void
  /// The todos `load` returns as `quickdo list` shows them, each subtask right under its
  /// parent (``TodoFamily/outline(_:)``), handed to `each` with its depth as the rows are
  /// read: the memory a list takes does not grow with it (that command's budget, 100,000
  /// todos in 25 MiB). Each todo has at least `fields` (and its id and parent) read; the
  /// rest may keep a blank todo's values: a line shows few of a todo's fields, and reading
  /// every column of every row cost that command's budget (10,000 todos in 20 ms).
  public var outline: @Sendable (
    _ filter: TodoFilter, _ fields: [TodoField],
    _ each: @escaping @Sendable (_ todo: Todo, _ depth: Int) throws -> Void
  ) async throws -> Void
  /// How many lists the todos a filter selects come from.
  public var listCount: @Sendable (_ filter: TodoFilter) async throws -> Int
  /// Every todo whose id starts with a prefix (lowercase hex), in id order, for resolving
  /// typed ids (and saying how many an ambiguous prefix matches).
  public var fetchByIDPrefix: @Sendable (_ prefix: String) async throws -> [Todo]
  /// Inserts or replaces the todos, in one transaction.
  public var upsert: @Sendable (_ todos: [Todo]) async throws -> Void
  /// Deletes the todos with these ids, in one transaction.
  public var delete: @Sendable (_ ids: [Todo.ID]) async throws -> Void
  /// The changes committed after `revision` (by any process), and the newest revision.
  /// From revision 0, the todos there are but done ones that are no subtask (the agent's
  /// first load: it keeps none of those).
  public var changes: @Sendable (_ since: Int64) async throws -> TodoChanges
  /// Frees what can be rebuilt (caches of database connections); a long-running process
  /// calls it after a big read.
  public var releaseMemory: @Sendable () -> Void
  /// An event each time another process (or connection) may have committed a change.
  public var externalCommits: @Sendable () -> AsyncStream<Void>
  /// Every list: each calendar's (as sync names it) and each local one a todo is in, by
  /// name, with how many todos it holds.
  public var lists: @Sendable () async throws -> [TodoList]
  /// The todos related to one as its parents or its subtasks, at any depth, the todo
  /// itself not among them: what a Done, an undo or a move of it may change too.
  public var family: @Sendable (_ id: Todo.ID) async throws -> [Todo]

  public init(
    load: @escaping @Sendable (TodoFilter) async throws -> [Todo],
    exportJSON: @escaping @Sendable (TodoFilter, @escaping @Sendable ([UInt8]) throws -> Void) async throws -> Void,
    fetchByIDPrefix: @escaping @Sendable (String) async throws -> [Todo],
    upsert: @escaping @Sendable ([Todo]) async throws -> Void,
    delete: @escaping @Sendable ([Todo.ID]) async throws -> Void,
    changes: @escaping @Sendable (Int64) async throws -> TodoChanges,
    externalCommits: @escaping @Sendable () -> AsyncStream<Void>,
    releaseMemory: @escaping @Sendable () -> Void,
    lists: @escaping @Sendable () async throws -> [TodoList] = { [] },
    family: @escaping @Sendable (Todo.ID) async throws -> [Todo] = { _ in [] },
    outline: (
      @Sendable (TodoFilter, [TodoField], @escaping @Sendable (Todo, Int) throws -> Void) async throws -> Void
    )? = nil,
    listCount: (@Sendable (TodoFilter) async throws -> Int)? = nil
  ) {
    // Without their own, both are derived from `load`.
    self.outline = outline ?? { filter, _, each in
      for (todo, depth) in TodoFamily.outline(try await load(filter)) { try each(todo, depth) }
    }
    self.listCount = listCount ?? { filter in Set(try await load(filter).map(\.list)).count }
    self.lists = lists
    self.family = family
    self.releaseMemory = releaseMemory
    self.load = load
    self.exportJSON = exportJSON
    self.fetchByIDPrefix = fetchByIDPrefix
    self.upsert = upsert
    self.delete = delete
    self.changes = changes
    self.externalCommits = externalCommits
  }
}

/// Which todos `load` returns: pending, completed or all, of one list and with some tags
/// if asked.
public struct TodoFilter: Equatable, Sendable {
  public enum State: String, Equatable, Sendable, CaseIterable {
    case pending, completed, all
  }

  public var state: State
  /// Only this list's todos.
  public var list: String?
  /// Only todos with every one of these tags.
  public var tags: [String]
  /// Only todos whose titles hold every one of these words, in any case.
  public var words: [String]

  public init(_ state: State, list: String? = nil, tags: [String] = [], words: [String] = []) {
    self.state = state
    self.list = list
    self.tags = tags
    self.words = words
  }

  public static let pending = TodoFilter(.pending)
  public static let completed = TodoFilter(.completed)
  public static let all = TodoFilter(.all)
}

/// A list as `quickdo lists` shows it: its name, the calendar it is (nil for a local
/// list), and its counts.
public struct TodoList: Equatable, Sendable {
  public var name: String
  /// A calendar's list: its account's name; nil for a local list.
  public var account: String?
  /// A calendar's list: the calendar's URL.
  public var url: String?
  public var pending: Int
  public var total: Int

  public init(name: String, account: String? = nil, url: String? = nil, pending: Int = 0, total: Int = 0) {
    self.name = name
    self.account = account
    self.url = url
    self.pending = pending
    self.total = total
  }
}

/// What changed since a revision: the rows written (inserted or updated) and the ids deleted.
public struct TodoChanges: Equatable, Sendable {
  public var upserted: [Todo]
  public var deleted: [Todo.ID]
  public var revision: Int64

  public init(upserted: [Todo], deleted: [Todo.ID], revision: Int64) {
    self.upserted = upserted
    self.deleted = deleted
    self.revision = revision
  }
}

/// Storage failures, each naming what is at fault; the CLI maps them to exit code 74.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
