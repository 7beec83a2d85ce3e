import Foundation
import GRDB
import Models

/// A row of the `todo` table. Kept apart from `Models.Todo` so that the domain model knows
/// nothing of SQL: priority is stored as its rank, dates as GRDB's sortable UTC text.
struct TodoRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "todo"

  var id: String
  var title: String
  var notes: String
  var priority: Int
  var isComplete: Bool
  var createdAt: Date
  var completedAt: Date?
  var due: Date?
  var url: String?
  var snoozedUntil: Date?
  var revision: Int64
}

extension TodoRecord {
  init(_ todo: Todo, revision: Int64) {
    self.init(
      id: todo.idString, title: todo.title, notes: todo.notes, priority: todo.priority.rank,
      isComplete: todo.isComplete, createdAt: todo.createdAt,
      completedAt: todo.isComplete ? (todo.completedAt ?? todo.createdAt) : nil, due: todo.due,
      url: todo.url?.absoluteString, snoozedUntil: todo.snoozedUntil, revision: revision)
  }

  var todo: Todo {
    Todo(
      id: UUID(uuidString: id) ?? UUID(),
      title: title, notes: notes,
      priority: Priority.allCases.first { $0.rank == priority } ?? .normal,
      isComplete: isComplete, createdAt: createdAt, completedAt: completedAt, due: due,
      url: url.flatMap(URL.init(string:)), snoozedUntil: snoozedUntil)
  }
}
