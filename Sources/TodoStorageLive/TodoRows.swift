import Foundation
import GRDB
import GRDBSQLite
import Models
import TodoStorageClient

/// Reads `SELECT \(TodoRows.columns) FROM todo` rows straight into `Todo`s. GRDB steps the statement (and
/// reports its errors); the columns are read with SQLite's own accessors, by position, into
/// the domain type: no intermediate record, no `String` for the id, no per-column generic
/// decoding. `list --json` of 10,000 todos spends most of its time here.
enum TodoRows {
  /// The todos of `sql`'s rows; `capacity` is how many to make room for at once (growing
  /// the array step by step copies it each time).
  static func fetchAll(
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

  /// The columns every read names, in the order `todo(_:)` reads them: a query names its
  /// columns (never `SELECT *`), so a column added to the table cannot shift them.
  static let columns =
    "id, title, notes, priority, isComplete, createdAt, completedAt, due, url, snoozedUntil, "
    + "revision, reminderShownFor"

  /// The current row, its columns as ``columns`` names them, from column `offset` on. A
  /// row whose id is no UUID is an error that names it: a made-up id would let a press or
  /// a sync act on a todo that is not there.
  static func todo(_ row: OpaquePointer, offset: Int32 = 0) throws -> Todo {
    guard let id = uuid(row, offset) else {
      throw StorageError("a todo's id is not a UUID: \(quoted(text(row, offset)))")
    }
    return Todo(
      id: id,
      title: text(row, offset + 1) ?? "",
      notes: text(row, offset + 2) ?? "",
      priority: priority(row, offset + 3),
      isComplete: sqlite3_column_int64(row, offset + 4) != 0,
      createdAt: Date(timeIntervalSince1970: sqlite3_column_double(row, offset + 5)),
      completedAt: date(row, offset + 6),
      due: date(row, offset + 7),
      url: text(row, offset + 8).flatMap(URL.init(string:)),
      snoozedUntil: date(row, offset + 9),
      reminderShownFor: date(row, offset + 11))
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
  static func quoted(_ text: String?) -> String {
    text.map { "\"" + TerminalText.visible($0) + "\"" } ?? "NULL"
  }

  static func uuid(_ row: OpaquePointer, _ column: Int32) -> UUID? {
    bytes(row, column).flatMap { UUIDText.parse(utf8: $0) }
  }
}
