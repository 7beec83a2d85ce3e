import Foundation
import GRDB
import Models
import TodoStorageClient
import Localization

extension TodoStorageClient {
  /// The storage client over a quickdo database.
  public static func live(_ database: AppDatabase) -> TodoStorageClient {
    let writer = database.writer
    let ownCommits = OwnCommits()
    return TodoStorageClient(
      load: { filter in
        try await wrap {
          try await writer.read { db in
            let (condition, arguments) = condition(filter)
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM todo \(condition)", arguments: arguments) ?? 0
            return try TodoRows.fetchAll(
              db, sql: "SELECT \(TodoRows.columns) FROM todo \(condition) \(listOrder)", arguments: arguments,
              capacity: count)
          }
        }
      },
      exportJSON: { filter, sink in
        try await wrap {
          try await writer.read { db in
            let (condition, arguments) = condition(filter)
            try TodoRows.exportJSON(db, sql: exportSQL(condition), arguments: arguments, to: sink)
          }
        }
      },
      fetchByIDPrefix: { prefix in
        let prefix = prefix.lowercased()
        guard !prefix.isEmpty, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return [] }
        return try await wrap {
          try await writer.read { db in
            try TodoRows.fetchAll(
              db, sql: "SELECT \(TodoRows.columns) FROM todo WHERE id >= ? AND id < ? ORDER BY id",
              arguments: [prefix, prefix + "~"])
          }
        }
      },
      // Writes use GRDB's synchronous `write`, which runs on the calling thread (the write
      // chain's worker): a press's commit then takes no extra thread hops (press-to-close
      // latency, see scripts/bench-agent.py). A commit holds that thread for well under a ms.
      upsert: { todos in
        guard !todos.isEmpty else { return }
        try await wrap {
          try ownCommits.write {
            try writer.write { db in
              let revision = try nextRevision(db)
              for todo in todos {
                try TodoRecord.upsert(todo, revision: revision, db)
                try db.cachedStatement(sql: WriteSQL.forgetDeletion)
                  .execute(arguments: [todo.idString])
              }
              return revision
            }
          }
        }
      },
      delete: { ids in
        guard !ids.isEmpty else { return }
        try await wrap {
          try ownCommits.write {
            try writer.write { db in
              let revision = try nextRevision(db)
              for id in ids {
                let key = id.uuidString.lowercased()
                try db.execute(sql: WriteSQL.deleteTodo, arguments: [key])
                if db.changesCount > 0 {
                  try db.execute(
                    sql: WriteSQL.recordDeletion,
                    arguments: [key, revision])
                }
              }
              return revision
            }
          }
        }
      },
      changes: { since in
        try await wrap {
          try await writer.read { db in
            // A first read leaves out the done todos that are no subtask: the agent keeps
            // only pending todos and done subtasks, and reading the history it would drop
            // costs its memory budget (RSS ≤ 30 MB at 10,000 todos, half of them done).
            let settled = since == 0 ? " AND NOT (isComplete AND parent IS NULL)" : ""
            let upserted = try TodoRows.fetchAll(
              db, sql: "SELECT \(TodoRows.columns) FROM todo WHERE revision > ?\(settled) ORDER BY revision",
              arguments: [since])
            let deleted = try String.fetchAll(
              db, sql: "SELECT id FROM deletion WHERE revision > ?", arguments: [since]
            ).compactMap(UUID.init(uuidString:))
            let revision = try currentRevision(db)
            return TodoChanges(upserted: upserted, deleted: deleted, revision: revision)
          }
        }
      },
      externalCommits: {
        guard let path = database.path else { return AsyncStream { $0.finish() } }
        return CommitWatcher.commits(
          databasePath: path, writer: writer, ownCommits: ownCommits)
      },
      releaseMemory: { (writer as? DatabasePool)?.releaseMemory() },
      lists: {
        try await wrap {
          try await writer.read { db in try TodoLists.all(db) }
        }
      },
      family: { id in
        try await wrap {
          try await writer.read { db in
            try TodoRows.fetchAll(db, sql: familySQL, arguments: [UUIDText.format(id), UUIDText.format(id)])
          }
        }
      },
      outline: { filter, fields, each in
        try await wrap {
          try await writer.read { db in
            let (condition, arguments) = condition(filter)
            try TodoOutline.read(db, condition: condition, arguments: arguments, fields: fields, each: each)
          }
        }
      },
      listCount: { filter in
        try await wrap {
          try await writer.read { db in
            let (condition, arguments) = condition(filter)
            return try Int.fetchOne(db, sql: "SELECT count(DISTINCT list) FROM todo \(condition)", arguments: arguments) ?? 0
          }
        }
      }
    )
  }
}

/// The exported columns (`Todo.exportedFields`, in the JSON form's key order) of the todos
/// `condition` selects, in `TodoOrdering` order.
func exportSQL(_ condition: String) -> String {
  let columns = Todo.exportedFields.map(\.name.quotedDatabaseIdentifier).joined(separator: ", ")
  return "SELECT \(columns) FROM todo \(condition) \(listOrder)"
}

/// The list order (`TodoOrdering`): `ListOrderIndex`'s key, so SQLite does not sort.
let listOrder = "ORDER BY " + ListOrderIndex.order.joined(separator: ", ")

/// The `WHERE` clause of the todos a filter selects, and its arguments.
func condition(_ filter: TodoFilter) -> (String, StatementArguments) {
  var terms: [String] = []
  var arguments = StatementArguments()
  switch filter.state {
  case .pending: terms.append("isComplete = 0")
  case .completed: terms.append("isComplete = 1")
  case .all: break
  }
  if let list = filter.list {
    terms.append("list = ?")
    _ = arguments.append(contentsOf: [list])
  }
  for tag in filter.tags {
    terms.append("EXISTS (SELECT 1 FROM json_each(todo.tags) WHERE value = ?)")
    _ = arguments.append(contentsOf: [tag])
  }
  for word in filter.words {
    terms.append("\(TitleWords.function.name)(title, ?)")
    _ = arguments.append(contentsOf: [word.lowercased()])
  }
  return (terms.isEmpty ? "" : "WHERE " + terms.joined(separator: " AND "), arguments)
}

/// A todo's parents and subtasks at any depth (`?` twice: its id). `UNION` keeps each id
/// once, so a cycle of parents ends the walk instead of looping.
let familySQL = """
  WITH RECURSIVE
    below(id) AS (SELECT id FROM todo WHERE parent = ?1 UNION SELECT t.id FROM todo t JOIN below b ON t.parent = b.id),
    above(id) AS (SELECT parent FROM todo WHERE id = ?2 AND parent IS NOT NULL
      UNION SELECT t.parent FROM todo t JOIN above a ON t.id = a.id WHERE t.parent IS NOT NULL)
  SELECT \(TodoRows.columns) FROM todo WHERE (id IN below OR id IN above) AND id <> ?1
  """

/// Moves the revision counter on and returns it, with cached statements (the agent commits
/// on every press; preparing SQL costs more there than running it). An update, then a read:
/// `RETURNING` collects its rows in a temporary b-tree, a new page cache on every call.
package func nextRevision(_ db: Database) throws -> Int64 {
  try db.cachedStatement(sql: WriteSQL.nextRevision).execute()
  return try currentRevision(db)
}

/// The statements the writes run, besides `TodoRecord.upsertSQL`; named so that a test
/// can check each of them (`EXPLAIN`: none builds a temporary b-tree).
package enum WriteSQL {
  package static let nextRevision = "UPDATE counter SET value = value + 1 WHERE name = 'revision'"
  package static let forgetDeletion = "DELETE FROM deletion WHERE id = ?"
  package static let deleteTodo = "DELETE FROM todo WHERE id = ?"
  package static let recordDeletion = "INSERT OR REPLACE INTO deletion (id, revision) VALUES (?, ?)"
  package static let all = [TodoRecord.upsertSQL, nextRevision, forgetDeletion, deleteTodo, recordDeletion]
}

package func currentRevision(_ db: Database) throws -> Int64 {
  try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM counter WHERE name = 'revision'"))
    ?? 0
}

/// Turns GRDB's errors into `StorageError`s that say what failed.
package func wrap<T>(_ operation: () async throws -> T) async throws -> T {
  do {
    return try await operation()
  } catch let error as DatabaseError {
    throw StorageError(error)
  }
}

extension StorageError {
  /// What SQLite said.
  init(_ error: DatabaseError) {
    self.init(tr("database error: %s", error.message ?? "code \(error.resultCode)"))
  }
}
