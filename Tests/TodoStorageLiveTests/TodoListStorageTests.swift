import ConcurrencyExtras
import Foundation
import GRDB
import Models
import TodoStorageClient
import Testing
@testable import TodoStorageLive

/// Lists, tags and parents in SQLite: the migration from a database of before lists keeps
/// every todo, each in its local list or its calendar's; filters, counts and families.
struct TodoListStorageTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)

  /// A database as the last version before lists left it: three calendars (two named
  /// "Tasks", in two accounts), a synced todo in each, and a todo that lives only here.
  @Test func theMigrationPutsEveryTodoInItsCalendarsListOrTheLocalOne() throws {
    let database = try DatabaseQueue()
    try AppDatabase.migrator.migrate(database, upTo: "v14: the list order's index follows the fields")
    try database.write { db in
      for (url, account, name) in [
        ("https://a.example/cal/tasks/", "personal", "Tasks"), ("https://b.example/dav/t/", "work", "Tasks"),
        ("https://b.example/dav/w/", "work", "Work"),
      ] {
        try db.execute(
          sql: "INSERT INTO sync_calendar (url, account, displayName) VALUES (?, ?, ?)", arguments: [url, account, name])
      }
      for (n, calendar) in [(1, "https://a.example/cal/tasks/"), (2, "https://b.example/dav/t/"), (3, "https://b.example/dav/w/"), (4, nil)] {
        let id = String(format: "00000000-0000-4000-8000-%012d", n)
        try db.execute(
          sql: "INSERT INTO todo (id, title, priority, isComplete, createdAt, revision) VALUES (?, ?, 1, 0, ?, 1)",
          arguments: [id, "todo \(n)", now.timeIntervalSince1970])
        if let calendar {
          try db.execute(
            sql: "INSERT INTO sync_object (calendar, href, todoID, etag, agreed, agreedRevision) VALUES (?, ?, ?, 'e', x'00', 1)",
            arguments: [calendar, "\(calendar)\(n).ics", id])
        }
      }
    }
    try AppDatabase.migrator.migrate(database)
    let storage = TodoStorageClient.live(try AppDatabase(writer: database, path: nil))
    let lists = try database.read { db in
      try Row.fetchAll(db, sql: "SELECT name, account, calendar FROM todo_list ORDER BY name").map { [$0[0], $0[1]] as [String] }
    }
    #expect(lists == [["Work", "work"], ["personal/Tasks", "personal"], ["work/Tasks", "work"]])
    let todos = try database.read { db in
      try TodoRows.fetchAll(db, sql: "SELECT \(TodoRows.columns) FROM todo ORDER BY id")
    }
    #expect(todos.map(\.list) == ["personal/Tasks", "work/Tasks", "Work", "Todos"])
    #expect(todos.allSatisfy { $0.tags.isEmpty && $0.parent == nil })
    _ = storage
  }

  @Test func calendarsWithOneNameInOneAccountStayTwoLists() {
    let names = CalendarLists.names([
      .init(account: "a", url: "https://x/cal/one/", displayName: "Tasks"),
      .init(account: "a", url: "https://x/cal/two/", displayName: "Tasks"),
      .init(account: "b", url: "https://y/cal/", displayName: ""),
      .init(account: "b", url: "https://y/long/", displayName: String(repeating: "é", count: 5_000)),
    ])
    #expect(names["https://x/cal/one/"] == "a/Tasks (one)" && names["https://x/cal/two/"] == "a/Tasks (two)")
    #expect(names["https://y/cal/"] == "cal", "no display name: the collection's")
    #expect(names["https://y/long/"]?.count == CalendarLists.maxNameLength)
  }

  @Test func filtersCountsAndFamiliesComeFromSQLite() async throws {
    let database = try AppDatabase.inMemory()
    let storage = TodoStorageClient.live(database)
    let parent = Todo(id: UUID(), title: "Groceries", createdAt: now, list: "Home", tags: ["errand"])
    let child = Todo(id: UUID(), title: "Milk", createdAt: now, list: "Home", tags: ["dairy", "errand"], parent: parent.id)
    let grandchild = Todo(id: UUID(), title: "Full-fat", createdAt: now, list: "Home", parent: child.id)
    let other = Todo(id: UUID(), title: "Report", isComplete: true, createdAt: now, completedAt: now, list: "Work", tags: ["errand"])
    // Two todos each the other's parent.
    let loopA = Todo(id: UUID(), title: "A", createdAt: now, parent: UUID(uuidString: "00000000-0000-4000-8000-00000000000b"))
    let loopB = Todo(id: UUID(uuidString: "00000000-0000-4000-8000-00000000000b")!, title: "B", createdAt: now, parent: loopA.id)
    try await storage.upsert([parent, child, grandchild, other, loopA, loopB])
    #expect(try await storage.load(TodoFilter(.all, list: "Home")).map(\.title).sorted() == ["Full-fat", "Groceries", "Milk"])
    #expect(try await storage.load(TodoFilter(.pending, tags: ["errand"])).map(\.title).sorted() == ["Groceries", "Milk"])
    #expect(try await storage.load(TodoFilter(.all, list: "Home", tags: ["errand", "dairy"])).map(\.title) == ["Milk"])
    let json = LockIsolated<[UInt8]>([])
    try await storage.exportJSON(TodoFilter(.all, tags: ["errand"])) { piece in json.withValue { $0 += piece } }
    let decoded = try JSONCoding.decoder().decode([Todo].self, from: Data(json.value))
    #expect(decoded.map(\.title).sorted() == ["Groceries", "Milk", "Report"])
    #expect(Set(try await storage.family(child.id).map(\.title)) == ["Groceries", "Full-fat"])
    #expect(Set(try await storage.family(loopA.id).map(\.title)) == ["B"], "a cycle ends")
    let lists = try await storage.lists()
    #expect(lists.map(\.name) == ["Home", "Todos", "Work"])
    #expect(lists.map(\.pending) == [3, 2, 0] && lists.map(\.total) == [3, 2, 1])
  }
}
