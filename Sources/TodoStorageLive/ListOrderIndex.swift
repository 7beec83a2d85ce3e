import GRDB
import Models

/// The index `list` and the agent's load read todos from: in list order (`TodoOrdering`),
/// then every other column a read names (``Todo/fields`` and `revision`), so SQLite neither
/// sorts nor looks a row up in the table (the `list --json` budget). The price is those
/// columns stored twice; a write touches the same pages as before.
///
/// Its columns are derived from ``Todo/fields`` as the table has them when it runs: a
/// migration that adds a field's column calls ``replace(_:)`` after it, and the index
/// covers the new column. An earlier migration that called it covered the columns of its
/// own day, so shipped migrations keep doing what they did.
enum ListOrderIndex {
  static let name = "todo_in_order"
  /// The list order (`TodoOrdering`): the index's key, and the `ORDER BY` of every read
  /// in list order.
  static let order = ["isComplete", "priority DESC", "due IS NULL", "due", "createdAt", "id"]

  /// Drops every list-order index the table has and makes ``name`` over the columns the
  /// table has now.
  static func replace(_ db: Database) throws {
    let columns = Set(try db.columns(in: "todo").map(\.name))
    let ordered = Set(order.map { String($0.split(separator: " ")[0]) })
    let covered = (Todo.fields.map(\.name) + ["revision"])
      .filter { columns.contains($0) && !ordered.contains($0) }
    let existing = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'todo' AND name LIKE 'todo_in_order%'")
    for index in existing { try db.execute(sql: "DROP INDEX \(index.quotedDatabaseIdentifier)") }
    let list = order + covered.map(\.quotedDatabaseIdentifier)
    try db.execute(sql: "CREATE INDEX \(name) ON todo (\(list.joined(separator: ", ")))")
  }
}
