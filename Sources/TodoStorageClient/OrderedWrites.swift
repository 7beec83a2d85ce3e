import Foundation
import Models
import Synchronization

/// A write to commit.
public enum TodoWrite: Equatable, Sendable {
  case upsert([Todo])
  case delete([Todo.ID])
}

/// Runs writes one after another in the order they were requested.
///
/// Effects run as independent tasks, so two commits returned by consecutive actions
/// (mark done, then undo) could reach the database in either order. The reducer therefore
/// requests its writes synchronously, in action order, through ``TodoStorageClient/write(_:)``,
/// and its effect only awaits the commit.
public final class WriteChain: Sendable {
  private let last = Mutex<Task<Void, Never>?>(nil)

  public init() {}

  func enqueue(_ operation: @escaping @Sendable () async throws -> Void) -> Task<Void, any Error> {
    last.withLock { last in
      let previous = last
      let task = Task<Void, any Error> {
        await previous?.value
        try await operation()
      }
      last = Task { _ = await task.result }
      return task
    }
  }
}

extension TodoStorageClient {
  /// Starts `write` after every write requested before it (through this client); the task
  /// completes when it is committed. Call it synchronously from a reducer.
  public func write(_ write: TodoWrite) -> Task<Void, any Error> {
    let upsert = self.upsert
    let delete = self.delete
    return writeChain.enqueue {
      switch write {
      case let .upsert(todos): try await upsert(todos)
      case let .delete(ids): try await delete(ids)
      }
    }
  }
}
