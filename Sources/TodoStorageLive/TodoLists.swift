import GRDB
import TodoStorageClient

/// `quickdo lists`: the calendars' lists and the local lists todos are in, with counts.
enum TodoLists {
  static func all(_ db: Database) throws -> [TodoList] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT l.name, l.account, l.calendar, count(t.id), coalesce(sum(t.isComplete = 0), 0)
        FROM todo_list l LEFT JOIN todo t ON t.list = l.name GROUP BY l.name
        UNION ALL
        SELECT list, NULL, NULL, count(*), sum(isComplete = 0) FROM todo
        WHERE list NOT IN (SELECT name FROM todo_list) GROUP BY list
        ORDER BY 1
        """
    ).map { TodoList(name: $0[0], account: $0[1], url: $0[2], pending: $0[4], total: $0[3]) }
  }
}
