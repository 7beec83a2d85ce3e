import Foundation
import GRDB
import Models

/// A todo as the `todo` table stores it: each of ``Todo/fields`` in its stored form
/// (priority as its rank, dates as Unix seconds: cheap to read back and sorted the same),
/// then the row's `revision` and `modifiedAt`. Rows are read back by `TodoRows`.
package enum TodoRecord {
  /// Inserts the row, or replaces every column of the row with its id. Hand-written: GRDB's
  /// `upsert` first reads the table's schema (its primary key, its columns) in every
  /// process, which costs a CLI command more than the write. `modifiedAt` is when this
  /// process wrote the row: sync's merge gives a field changed on both sides to the side
  /// that changed it later.
  package static func upsert(_ todo: Todo, revision: Int64, modifiedAt: Date = Date(), _ db: Database) throws {
    var todo = todo
    // A done todo has a completion time; a pending one has none (the table checks it).
    todo.completedAt = todo.isComplete ? todo.completedAt ?? todo.createdAt : nil
    // Values, not `DatabaseValue`s: GRDB's initializer for a sequence of those builds a key
    // path on every call, and a press's commit waits for it.
    var values: [(any DatabaseValueConvertible)?] = Todo.fields.map { field in
      switch field.stored(todo) {
      case .null: nil
      case let .integer(value): value
      case let .real(value): value
      case let .text(value): value
      }
    }
    values += [revision, modifiedAt.timeIntervalSince1970]
    try db.cachedStatement(sql: upsertSQL).execute(arguments: StatementArguments(values))
  }

  package static let upsertSQL: String = {
    let columns = Todo.fields.map(\.name) + ["revision", "modifiedAt"]
    return """
      INSERT INTO todo (\(columns.joined(separator: ", ")))
      VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
      ON CONFLICT (id) DO UPDATE SET \
      \(columns.filter { $0 != "id" }.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
      """
  }()
}
