import Foundation
import GRDB
import Models

/// A row of the `todo` table. Kept apart from `Models.Todo` so that the domain model knows
/// nothing of SQL: priority is stored as its rank, dates as Unix seconds (REAL): cheap to
/// read back (GRDB's date text goes through `Calendar`, ~10 µs a date) and sorted the same.
struct TodoRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "todo"

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
}

extension TodoRecord {
  /// Reads a row by column position (`SELECT *` order), which is several times faster than
  /// the `Codable` decoding `FetchableRecord` would otherwise use.
  init(row: Row) throws {
    self.init(
      id: row[0], title: row[1], notes: row[2], priority: row[3], isComplete: row[4],
      createdAt: row[5], completedAt: row[6], due: row[7], url: row[8], snoozedUntil: row[9],
      revision: row[10], reminderShownFor: row[11])
  }

  init(_ todo: Todo, revision: Int64) {
    self.init(
      id: todo.idString, title: todo.title, notes: todo.notes, priority: todo.priority.rank,
      isComplete: todo.isComplete, createdAt: todo.createdAt.timeIntervalSince1970,
      completedAt: todo.isComplete
        ? (todo.completedAt ?? todo.createdAt).timeIntervalSince1970 : nil,
      due: todo.due?.timeIntervalSince1970, url: todo.url?.absoluteString,
      snoozedUntil: todo.snoozedUntil?.timeIntervalSince1970, revision: revision,
      reminderShownFor: todo.reminderShownFor?.timeIntervalSince1970)
  }

  var todo: Todo {
    Todo(
      id: UUIDText.parse(id) ?? UUID(),
      title: title, notes: notes,
      priority: Priority.allCases.first { $0.rank == priority } ?? .normal,
      isComplete: isComplete, createdAt: Date(timeIntervalSince1970: createdAt),
      completedAt: completedAt.map(Date.init(timeIntervalSince1970:)),
      due: due.map(Date.init(timeIntervalSince1970:)), url: url.flatMap(URL.init(string:)),
      snoozedUntil: snoozedUntil.map(Date.init(timeIntervalSince1970:)),
      reminderShownFor: reminderShownFor.map(Date.init(timeIntervalSince1970:)))
  }
}
