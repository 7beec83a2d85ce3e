import Foundation
import GRDB
import Models

/// A row of the `todo` table as it is written. Kept apart from `Models.Todo` so that the
/// domain model knows nothing of SQL: priority is stored as its rank, dates as Unix seconds
/// (REAL): cheap to read back (GRDB's date text goes through `Calendar` for each date) and
/// sorted the same. Rows are read back by `TodoRows`.
struct TodoRecord {
  var id: String
  var title: String
  var notes: String
  var priority: Int
  var isComplete: Bool
  var createdAt: Double
  var completedAt: Double?
  var due: Double?
  var url: String?
  var snoozedUntil: Double?
  var revision: Int64
  /// Added by migration v2 (so it comes last in `SELECT *`).
  var reminderShownFor: Double?
  /// When this process wrote the row (migration v7): sync's merge gives a field changed on
  /// both sides to the side that changed it later.
  var modifiedAt: Double
}

extension TodoRecord {
  /// Inserts the row, or replaces every column of the row with its id. Hand-written: GRDB's
  /// `upsert` first reads the table's schema (its primary key, its columns) in every
  /// process, which costs a CLI command more than the write.
  func upsert(_ db: Database) throws {
    try db.cachedStatement(sql: Self.upsertSQL).execute(arguments: [
      id, title, notes, priority, isComplete, createdAt, completedAt, due, url, snoozedUntil,
      revision, reminderShownFor, modifiedAt,
    ])
  }

  static let upsertSQL = """
    INSERT INTO todo (
      id, title, notes, priority, isComplete, createdAt, completedAt, due, url, snoozedUntil,
      revision, reminderShownFor, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET
      title = excluded.title, notes = excluded.notes, priority = excluded.priority,
      isComplete = excluded.isComplete, createdAt = excluded.createdAt,
      completedAt = excluded.completedAt, due = excluded.due, url = excluded.url,
      snoozedUntil = excluded.snoozedUntil, revision = excluded.revision,
      reminderShownFor = excluded.reminderShownFor, modifiedAt = excluded.modifiedAt
    """

  init(_ todo: Todo, revision: Int64, modifiedAt: Date = Date()) {
    self.init(
      id: todo.idString, title: todo.title, notes: todo.notes, priority: todo.priority.rank,
      isComplete: todo.isComplete, createdAt: todo.createdAt.timeIntervalSince1970,
      completedAt: todo.isComplete
        ? (todo.completedAt ?? todo.createdAt).timeIntervalSince1970 : nil,
      due: todo.due?.timeIntervalSince1970, url: todo.url?.absoluteString,
      snoozedUntil: todo.snoozedUntil?.timeIntervalSince1970, revision: revision,
      reminderShownFor: todo.reminderShownFor?.timeIntervalSince1970,
      modifiedAt: modifiedAt.timeIntervalSince1970)
  }
}
