import Foundation
import GRDB
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
    capacity: Int = 0, fields: [TodoField] = Todo.fields
  ) throws -> [Todo] {
    let statement = try db.cachedStatement(sql: sql)
    try statement.setArguments(arguments)
    let rows = try Row.fetchCursor(statement)
    let sqlite = statement.sqliteStatement
    var todos: [Todo] = []
    todos.reserveCapacity(capacity)
    while try rows.next() != nil {
      todos.append(try todo(sqlite, fields: fields))
    }
    return todos
  }

  /// The columns every read names, in the order `todo(_:)` reads them: ``Todo/fields``. A
  /// query names its columns (never `SELECT *`), so a column added to the table cannot
  /// shift them.
  package static let columns = columns(of: Todo.fields)

  /// The columns of `fields`, in their order, for a read of only those.
  package static func columns(of fields: [TodoField]) -> String {
    fields.map(\.name).joined(separator: ", ")
  }

  /// `list --json`'s document of `sql`'s rows, whose columns are ``Todo/exportedFields`` in
  /// order, each written by its field's codec as it is read; handed to `sink` in pieces.
  static func exportJSON(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), to sink: ([UInt8]) throws -> Void
  ) throws {
    let statement = try db.cachedStatement(sql: sql)
    try statement.setArguments(arguments)
    let rows = try Row.fetchCursor(statement)
    let row = statement.sqliteStatement
    var document = TodoJSONDocument()
    while try rows.next() != nil {
      var column: Int32 = 0
      try document.append { field, out in
        do throws(UnreadableValue) {
          try field.writeJSON(from: StoredColumn(statement: row, index: column), to: &out)
        } catch {
          throw StorageError(error.reason)
        }
        column += 1
      }
      if document.isPieceFull { try sink(document.takePiece()) }
    }
    try sink(document.finish())
  }

  /// The current row, its columns `fields`' (``columns`` names them all) from column
  /// `offset` on, each read by its field's codec into a blank todo. A value a codec cannot
  /// read is an error that names it.
  package static func todo(_ row: OpaquePointer, offset: Int32 = 0, fields: [TodoField] = Todo.fields) throws -> Todo {
    var todo = Todo.blank
    var column = offset
    for field in fields {
      do {
        try field.read(into: &todo, from: StoredColumn(statement: row, index: column))
      } catch {
        throw StorageError(error.reason)
      }
      column += 1
    }
    return todo
  }
}
