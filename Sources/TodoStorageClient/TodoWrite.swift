import Foundation
import Models

/// A change to commit, as a reducer returns it in its commit effect.
public enum TodoWrite: Equatable, Sendable {
  case upsert([Todo])
  case delete([Todo.ID])
}

extension TodoStorageClient {
  /// Commits `write` in one transaction.
  public func commit(_ write: TodoWrite) async throws {
    switch write {
    case let .upsert(todos): try await upsert(todos)
    case let .delete(ids): try await delete(ids)
    }
  }
}
