import Foundation
import GRDB
import GRDBSQLite
import Models

extension TodoRows {
  /// The columns the document needs, the first ten of ``columns``:
  /// all of them are in the `todo_in_order_covering` index, so SQLite reads each row from
  /// the index alone (all of ``columns`` would look every row up in the table).
  static let jsonColumns =
    "id, title, notes, priority, isComplete, createdAt, completedAt, due, url, snoozedUntil"

  /// Writes the rows of `sql` (a `SELECT` of ``jsonColumns`` from `todo`) as the
  /// `list --json` document, in chunks handed to `sink`, with each row's columns copied as
  /// they are stored: no `Todo`, no `String` and no id parsing per row. A row whose stored
  /// text is not what quickdo writes (an id not in canonical form, text that is not valid
  /// UTF-8, a URL that `URL` does not give back unchanged) goes through `Todo`, as
  /// `fetchAll` would read it, so the document is the same as `TodoJSONWriter`'s of the
  /// loaded todos either way.
  static func streamJSON(
    _ db: Database, sql: String, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    let statement = try db.cachedStatement(sql: sql)
    let rows = try Row.fetchCursor(statement)
    let row = statement.sqliteStatement
    try TodoJSONWriter.stream(to: sink) { emit in
      while try rows.next() != nil {
        if let entry = storedEntry(row) {
          try emit(entry)
        } else {
          try todo(row).withJSONEntry(emit)
        }
      }
    }
  }

  /// The current row as an entry over SQLite's own column buffers (valid until the next
  /// step), or nil when a column needs `Todo`'s reading (see ``streamJSON(_:sql:to:)``).
  static func storedEntry(_ row: OpaquePointer) -> TodoJSONEntry? {
    guard let id = bytes(row, 0), UUIDText.isCanonical(id),
      let title = bytes(row, 1), isValidUTF8(title)
    else { return nil }
    let notes = bytes(row, 2) ?? UnsafeBufferPointer(start: nil, count: 0)
    guard isValidUTF8(notes) else { return nil }
    let url = bytes(row, 8)
    if let url {
      guard isValidUTF8(url) else { return nil }
      let text = String(decoding: url, as: UTF8.self)
      guard URL(string: text)?.absoluteString == text else { return nil }
    }
    return TodoJSONEntry(
      id: id, title: title, notes: notes, priority: priority(row, 3),
      isComplete: sqlite3_column_int64(row, 4) != 0,
      createdAt: Date(timeIntervalSince1970: sqlite3_column_double(row, 5)),
      completedAt: date(row, 6), due: date(row, 7), url: url, snoozedUntil: date(row, 9))
  }

  /// ASCII is checked a word at a time; anything else through the standard library.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    ByteWords.isASCII(bytes) || String(validating: bytes, as: UTF8.self) != nil
  }
}
