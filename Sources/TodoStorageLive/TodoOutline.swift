import Foundation
import GRDB
import Models

/// `quickdo list`'s outline read as it is written: the selected todos stream in list order,
/// and a todo with selected subtasks has them read under it, depth first. Only the ids of
/// the selected parents are kept, never the list, so a list of 100,000 todos stays within
/// that command's memory budget (25 MiB). Only the columns of the fields asked for (and the
/// id and parent, which place a todo) are read. The result is ``TodoFamily/outline(_:)``'s: a
/// todo whose parent is not selected starts a branch, and what sits in a cycle of parents
/// (or under one) starts where the list order first meets it.
enum TodoOutline {
  static func read(
    _ db: Database, condition: String, arguments: StatementArguments, fields asked: [TodoField],
    each: (Todo, Int) throws -> Void
  ) throws {
    // In the order of `Todo.fields`, as the columns are named and read.
    let fields = Todo.fields.filter { field in
      field.name == "id" || field.name == "parent" || asked.contains { $0 === field }
    }
    let columns = TodoRows.columns(of: fields)
    let and = condition.isEmpty ? "WHERE" : condition + " AND"
    let parents = try selectedParents(db, and: and, arguments: arguments)
    // By the parent's index: the list order's would have SQLite walk every todo for each
    // parent (a chain of 10,000 subtasks took seconds).
    let childrenSQL = "SELECT \(columns) FROM todo INDEXED BY todo_by_parent \(and) parent = ? \(listOrder)"
    // Only a family's members can be met twice (a cycle); every other todo is met once.
    var placed: Set<Todo.ID> = []

    func place(_ root: Todo) throws {
      var stack = [(root, 0)]
      while let (todo, depth) = stack.popLast() {
        guard placed.insert(todo.id).inserted else { continue }
        try each(todo, depth)
        guard parents.contains(todo.id) else { continue }
        var childArguments = arguments
        _ = childArguments.append(contentsOf: [UUIDText.format(todo.id)])
        let children = try TodoRows.fetchAll(db, sql: childrenSQL, arguments: childArguments, fields: fields)
        for child in children.reversed() where !placed.contains(child.id) { stack.append((child, depth + 1)) }
      }
    }

    let rowsSQL = "SELECT \(columns) FROM todo \(condition) \(listOrder)"
    try forEachRow(db, sql: rowsSQL, arguments: arguments, fields: fields) { todo in
      if let parent = todo.parent, parents.contains(parent) { return }  // placed under it
      if parents.contains(todo.id) {
        try place(todo)
      } else {
        try each(todo, 0)
      }
    }
    // What is left sits in a cycle of parents, or under one (a chain that ends in a todo
    // that is its own parent): each starts where the list order first meets it.
    guard !parents.isSubset(of: placed) else { return }
    try forEachRow(db, sql: rowsSQL, arguments: arguments, fields: fields) { todo in
      let inFamily = parents.contains(todo.id) || todo.parent.map(parents.contains) ?? false
      if inFamily, !placed.contains(todo.id) { try place(todo) }
    }
  }

  /// The selected todos that have a selected subtask.
  static func selectedParents(_ db: Database, and: String, arguments: StatementArguments) throws -> Set<Todo.ID> {
    let candidates = try String.fetchAll(
      db, sql: "SELECT DISTINCT parent FROM todo \(and) parent IS NOT NULL", arguments: arguments)
    var parents: Set<Todo.ID> = []
    // In batches, under SQLite's limit on a statement's arguments.
    for start in stride(from: 0, to: candidates.count, by: 500) {
      let batch = candidates[start..<min(start + 500, candidates.count)]
      var batchArguments = arguments
      _ = batchArguments.append(contentsOf: StatementArguments(Array(batch)))
      let placeholders = Array(repeating: "?", count: batch.count).joined(separator: ", ")
      for id in try String.fetchAll(
        db, sql: "SELECT id FROM todo \(and) id IN (\(placeholders))", arguments: batchArguments)
      {
        if let id = UUID(uuidString: id) { parents.insert(id) }
      }
    }
    return parents
  }

  /// Each row of `sql` (the columns of `fields`) as a todo, read and let go one at a time.
  static func forEachRow(
    _ db: Database, sql: String, arguments: StatementArguments, fields: [TodoField], _ body: (Todo) throws -> Void
  ) throws {
    let statement = try db.makeStatement(sql: sql)
    try statement.setArguments(arguments)
    let rows = try Row.fetchCursor(statement)
    while try rows.next() != nil { try body(try TodoRows.todo(statement.sqliteStatement, fields: fields)) }
  }
}
