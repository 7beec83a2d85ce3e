import Foundation
import GRDB
import GRDBSQLite
import Models
import TodoStorageClient

/// Reads `SELECT \(TodoRows.columns) FROM todo` rows straight into `Todo`s, each column as
/// its field in ``Todo/fields`` says. GRDB steps the statement (and reports its errors);
/// the columns are read with SQLite's own accessors into the domain type: no intermediate
/// record, no `String` for the id, no per-column generic decoding. `list --json` of 10,000
/// todos spends most of its time here.
package enum TodoRows {
  /// The todos of `sql`'s rows; `capacity` is how many to make room for at once (growing
  /// the array step by step copies it each time).
  package static func fetchAll(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
    capacity: Int = 0
  ) throws -> [Todo] {
    let statement = try db.cachedStatement(sql: sql)
    try statement.setArguments(arguments)
    let rows = try Row.fetchCursor(statement)
    let sqlite = statement.sqliteStatement
    var todos: [Todo] = []
    todos.reserveCapacity(capacity)
    while try rows.next() != nil {
      todos.append(try todo(sqlite))
    }
    return todos
  }

  /// The columns every read names, in the order `todo(_:)` reads them: ``Todo/fields``. A
  /// query names its columns (never `SELECT *`), so a column added to the table cannot
  /// shift them.
  package static let columns = Todo.fields.map(\.name).joined(separator: ", ")

  /// The current row, its columns as ``columns`` names them, from column `offset` on. A
  /// row whose id is no UUID is an error that names it: a made-up id would let a press or
  /// a sync act on a todo that is not there.
  package static func todo(_ row: OpaquePointer, offset: Int32 = 0) throws -> Todo {
    var todo = Todo.blank
    var column = offset
    for field in Todo.fields {
      switch field.value {
      case .id(_, let set):
        guard let id = uuid(row, column) else {
          throw StorageError("a todo's \(field.name) is not a UUID: \(quoted(text(row, column)))")
        }
        set(&todo, id)
      case .text(_, let set, _): set(&todo, text(row, column) ?? "")
      case .priority(_, let set): set(&todo, priority(row, column))
      case .flag(_, let set): set(&todo, sqlite3_column_int64(row, column) != 0)
      case .date(_, let set): set(&todo, Date(timeIntervalSince1970: sqlite3_column_double(row, column)))
      case .optionalDate(_, let set): set(&todo, date(row, column))
      case .link(_, let set): set(&todo, text(row, column).flatMap(URL.init(string:)))
      case .rule(_, let set):
        guard let stored = text(row, column) else { break }
        do {
          set(&todo, try RepeatRule(rrule: stored))
        } catch {
          throw StorageError("a todo's \(field.name) is not a rule quickdo reads: \(quoted(stored)) (\(error))")
        }
      case .repeatFrom(_, let set): set(&todo, text(row, column).flatMap(RepeatFrom.init(rawValue:)) ?? .due)
      }
      column += 1
    }
    return todo
  }

  /// The stored rank as a priority; an unknown rank reads as `.normal`.
  static func priority(_ row: OpaquePointer, _ column: Int32) -> Priority {
    let rank = Int(sqlite3_column_int64(row, column))
    return Priority.allCases.first { $0.rank == rank } ?? .normal
  }

  static func isNull(_ row: OpaquePointer, _ column: Int32) -> Bool {
    sqlite3_column_type(row, column) == SQLITE_NULL
  }

  static func date(_ row: OpaquePointer, _ column: Int32) -> Date? {
    isNull(row, column) ? nil : Date(timeIntervalSince1970: sqlite3_column_double(row, column))
  }

  static func bytes(_ row: OpaquePointer, _ column: Int32) -> UnsafeBufferPointer<UInt8>? {
    guard let start = sqlite3_column_text(row, column) else { return nil }
    return UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(row, column)))
  }

  static func text(_ row: OpaquePointer, _ column: Int32) -> String? {
    bytes(row, column).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Stored text as it may be shown in an error: quoted, made visible (`TerminalText`).
  package static func quoted(_ text: String?) -> String {
    text.map { "\"" + TerminalText.visible($0) + "\"" } ?? "NULL"
  }

  static func uuid(_ row: OpaquePointer, _ column: Int32) -> UUID? {
    bytes(row, column).flatMap { UUIDText.parse(utf8: $0) }
  }
}
