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
  /// Every todo whose id starts with a prefix (lowercase hex), in id order, for resolving
  /// typed ids (and saying how many an ambiguous prefix matches).
  public var fetchByIDPrefix: @Sendable (_ prefix: String) async throws -> [Todo]
  /// Inserts or replaces the todos, in one transaction.
  public var upsert: @Sendable (_ todos: [Todo]) async throws -> Void
  /// Deletes the todos with these ids, in one transaction.
  public var delete: @Sendable (_ ids: [Todo.ID]) async throws -> Void
  /// The changes committed after `revision` (by any process), and the newest revision.
  public var changes: @Sendable (_ since: Int64) async throws -> TodoChanges
  /// Frees what can be rebuilt (caches of database connections); a long-running process
  /// calls it after a big read.
  public var releaseMemory: @Sendable () -> Void
  /// An event each time another process (or connection) may have committed a change.
  public var externalCommits: @Sendable () -> AsyncStream<Void>

  public init(
    load: @escaping @Sendable (TodoFilter) async throws -> [Todo],
    exportJSON: @escaping @Sendable (TodoFilter, @escaping @Sendable ([UInt8]) throws -> Void) async throws -> Void,
    fetchByIDPrefix: @escaping @Sendable (String) async throws -> [Todo],
    upsert: @escaping @Sendable ([Todo]) async throws -> Void,
    delete: @escaping @Sendable ([Todo.ID]) async throws -> Void,
    changes: @escaping @Sendable (Int64) async throws -> TodoChanges,
    externalCommits: @escaping @Sendable () -> AsyncStream<Void>,
    releaseMemory: @escaping @Sendable () -> Void
  ) {
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

/// Which todos `load` returns.
public enum TodoFilter: String, Sendable, CaseIterable {
  case pending, completed, all
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
