import ConcurrencyExtras
import Foundation
import GRDB
import Models
import TodoStorageClient
import Testing
@testable import TodoStorageLive

/// The SQLite storage against real SQLite: in memory, and in temp files.
struct TodoStorageLiveTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)

  func todo(_ n: Int, _ priority: Priority = .normal, due: Date? = nil, done: Bool = false) -> Todo {
    Todo(
      id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!,
      title: "todo \(n)", priority: priority, isComplete: done,
      createdAt: now.addingTimeInterval(Double(n)), completedAt: done ? now : nil, due: due)
  }

  @Test func upsertLoadsBackInPendingOrder() async throws {
    let storage = TodoStorageClient.live(try AppDatabase.inMemory())
    let todos = [
      todo(1, .low), todo(2, .high), todo(3, .normal, due: now), todo(4, .normal),
      todo(5, .high, done: true),
    ]
    try await storage.upsert(todos)
    #expect(try await storage.load(.pending).map(\.title) == ["todo 2", "todo 3", "todo 4", "todo 1"])
    #expect(try await storage.load(.completed).map(\.title) == ["todo 5"])
    #expect(try await storage.load(.all).count == 5)
    var edited = todos[0]
    edited.title = "edited"
    try await storage.upsert([edited])
    #expect(try await storage.load(.all).first { $0.id == edited.id } == edited)
  }

  @Test func everyFieldRoundTrips() async throws {
    let storage = TodoStorageClient.live(try AppDatabase.inMemory())
    let full = Todo(
      id: UUID(), title: "1 < 2 && 3 > 2 \u{202E}rtl 🎉", notes: "<b>x</b>\nline",
      priority: .high, isComplete: true, createdAt: now, completedAt: now.addingTimeInterval(5),
      due: now.addingTimeInterval(60), url: URL(string: "https://example.com/?q=a&b"),
      snoozedUntil: nil, reminderShownFor: now.addingTimeInterval(60), list: "Work \u{1B}[2J",
      tags: ["errand", "a \"quoted\", tag", "🛒"], parent: UUID(), acknowledgedUntil: now.addingTimeInterval(30))
    var repeating = full
    repeating.id = UUID()
    repeating.isComplete = false
    repeating.completedAt = nil
    repeating.repeatRule = RepeatRule(.monthly, byDay: [.init(.friday, ordinal: -1)], end: .until(LocalDateTime(2027, 12, 31, 9)))
    repeating.repeatFrom = .completion
    repeating.repeatZone = "America/New_York"
    // A series anchored at its start, without a due time (Thunderbird's).
    var started = repeating
    started.id = UUID()
    started.due = nil
    started.start = now.addingTimeInterval(3_600)
    try await storage.upsert([full, repeating, started])
    #expect(Set(try await storage.load(.all)) == [full, repeating, started])
  }

  /// A stored rule quickdo cannot read (only another program could write one) is an error
  /// that names it, never a todo read as a one-off that Done would then complete for good;
  /// a repeating todo without a due time is refused by the table.
  @Test func aRuleQuickdoCannotReadIsAnErrorThatNamesIt() async throws {
    let database = try AppDatabase.inMemory()
    let storage = TodoStorageClient.live(database)
    try await database.writer.write { db in
      try db.execute(sql: """
        INSERT INTO todo (id, title, priority, isComplete, createdAt, due, "repeat", revision)
        VALUES ('00000000-0000-4000-8000-000000000001', 'hourly', 1, 0, 1.0, 2.0, 'FREQ=HOURLY', 1)
        """)
    }
    await #expect {
      try await storage.load(.all)
    } throws: { "\($0)".contains("a todo's repeat is not a rule quickdo reads: \"FREQ=HOURLY\"") }
    #expect(throws: DatabaseError.self) {
      try database.writer.write { db in
        try db.execute(sql: """
          INSERT INTO todo (id, title, priority, isComplete, createdAt, "repeat", revision)
          VALUES ('00000000-0000-4000-8000-000000000002', 'no due', 1, 0, 1.0, 'FREQ=DAILY', 1)
          """)
      }
    }
  }

  @Test func prefixLookup() async throws {
    let storage = TodoStorageClient.live(try AppDatabase.inMemory())
    try await storage.upsert([todo(1), todo(2), todo(12)])
    #expect(try await storage.fetchByIDPrefix("00000000-0000-4000-8000-00000000001").map(\.title) == ["todo 12"])
    #expect(try await storage.fetchByIDPrefix("00000000").count == 3)
    #expect(try await storage.fetchByIDPrefix("ffff").isEmpty)
    #expect(try await storage.fetchByIDPrefix("x' OR 1=1 --").isEmpty)
  }

  @Test func changesSinceARevisionIncludeDeletions() async throws {
    let storage = TodoStorageClient.live(try AppDatabase.inMemory())
    try await storage.upsert([todo(1), todo(2)])
    let start = try await storage.changes(0)
    #expect(start.upserted.count == 2)
    try await storage.upsert([todo(3)])
    try await storage.delete([todo(1).id])
    let later = try await storage.changes(start.revision)
    #expect(later.upserted.map(\.title) == ["todo 3"])
    // Done: a change like any other; a first read leaves it out unless it is a subtask.
    var done = todo(2)
    done.isComplete = true
    var subtask = todo(4)
    subtask.isComplete = true
    subtask.parent = todo(3).id
    try await storage.upsert([done, subtask])
    #expect(try await storage.changes(later.revision).upserted.map(\.title) == ["todo 2", "todo 4"])
    #expect(try await storage.changes(0).upserted.map(\.title) == ["todo 3", "todo 4"])
    #expect(later.deleted == [todo(1).id])
    let last = try await storage.changes(later.revision).revision
    #expect(try await storage.changes(last) == TodoChanges(upserted: [], deleted: [], revision: last))
  }

  /// `list --json` is the writer's document of the loaded todos: it decodes to them, also
  /// for rows only another program could have written (text that is not UTF-8, a URL that
  /// `URL` refuses), which `load` reads repaired.
  @Test func theJSONOfLoadedTodosDecodesToThemAlsoForOddRows() async throws {
    let database = try AppDatabase.inMemory()
    let storage = TodoStorageClient.live(database)
    var todos = (1...300).map { n in
      todo(n, [.low, .normal, .high][n % 3], due: n % 4 == 0 ? now.addingTimeInterval(Double(n * 3600)) : nil,
           done: n % 5 == 0)
    }
    todos[0].title = "quote \" backslash \\ tab \t newline \n del \u{7F} nul \u{0} é 🎉 \u{202E}"
    todos[0].notes = "<b>x</b>\r\nline"
    todos[1].url = URL(string: "https://example.com/?q=a&b=\"c\"")
    todos[2].snoozedUntil = now.addingTimeInterval(90)
    try await storage.upsert(todos)
    try await database.writer.write { db in
      try db.execute(sql: """
        INSERT INTO todo (id, title, notes, priority, isComplete, createdAt, url, revision)
        VALUES ('00000000-0000-4000-8000-999999999999', CAST(x'41ff42' AS TEXT), '', 1, 0, 2.0, NULL, 1),
               ('00000000-0000-4000-8000-999999999998', 'bad url', '', 1, 0, 3.0, 'http://[', 1)
        """)
    }
    let pending = try await storage.load(.pending)
    let decoded = try JSONCoding.decoder().decode([Todo].self, from: Data(TodoJSONWriter.write(pending).utf8))
    #expect(decoded.count == 242)
    #expect(decoded.map(\.title) == pending.map(\.title))
    #expect(decoded.contains { $0.title == "A\u{FFFD}B" } && decoded.contains { $0.title == "bad url" && $0.url == nil })
    #expect(decoded.map(\.notes) == pending.map(\.notes) && decoded.map(\.url) == pending.map(\.url))
    #expect(decoded.contains { $0.notes == "<b>x</b>\r\nline" })
    // `list --json` writes the document from the rows as it reads them: the same bytes.
    for filter in TodoFilter.State.allCases.map({ TodoFilter($0) }) {
      let pieces = LockIsolated<[[UInt8]]>([])
      try await storage.exportJSON(filter) { piece in pieces.withValue { $0.append(piece) } }
      #expect(Array(pieces.value.joined()) == TodoJSONWriter.bytes(try await storage.load(filter)), "\(filter)")
    }
  }

  /// A row whose id is no UUID (only another program could write one: the schema checks the
  /// id's shape, not its digits) is an error that names it, never a todo with a made-up id
  /// that a press or a sync would then act on.
  @Test func aRowWhoseIdIsNoUUIDIsAnErrorThatNamesIt() async throws {
    let database = try AppDatabase.inMemory()
    let storage = TodoStorageClient.live(database)
    try await database.writer.write { db in
      try db.execute(sql: """
        INSERT INTO todo (id, title, notes, priority, isComplete, createdAt, url, revision)
        VALUES ('zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', 'not a uuid', '', 1, 0, 1.0, NULL, 1)
        """)
    }
    await #expect(throws: StorageError("a todo's id is not a UUID: \"zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz\"")) {
      try await storage.load(.all)
    }
    await #expect(throws: StorageError("a todo's id is not a UUID: \"zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz\"")) {
      try await storage.exportJSON(.all) { _ in }
    }
  }

  /// Each row breaks one rule of the schema (the first is valid, to show the others fail
  /// for their own reason).
  @Test(arguments: [
    ("'00000000-0000-4000-8000-000000000001'", "'ok'", "2", "1", "1.0", true),
    ("'x'", "'ok'", "1", "0", "NULL", false),
    ("'00000000-0000-4000-8000-00000000000A'", "'ok'", "1", "0", "NULL", false),
    ("'00000000-0000-4000-8000-000000000001'", "''", "1", "0", "NULL", false),
    ("'00000000-0000-4000-8000-000000000001'", "'ok'", "3", "0", "NULL", false),
    ("'00000000-0000-4000-8000-000000000001'", "'ok'", "-1", "0", "NULL", false),
    ("'00000000-0000-4000-8000-000000000001'", "'ok'", "1.5", "0", "NULL", false),
    ("'00000000-0000-4000-8000-000000000001'", "'ok'", "1", "2", "NULL", false),
    ("'00000000-0000-4000-8000-000000000001'", "'ok'", "1", "1", "NULL", false),
    ("'00000000-0000-4000-8000-000000000001'", "'ok'", "1", "0", "1.0", false),
  ])
  func constraintsRejectInvalidRows(
    id: String, title: String, priority: String, isComplete: String, completedAt: String,
    isValid: Bool
  ) throws {
    let database = try AppDatabase.inMemory()
    let insert = {
      try database.writer.write { db in
        try db.execute(sql: "INSERT INTO todo (id, title, priority, isComplete, completedAt, createdAt, revision) VALUES (\(id), \(title), \(priority), \(isComplete), \(completedAt), 0.0, 1)")
      }
    }
    if isValid {
      try insert()
    } else {
      #expect(throws: DatabaseError.self) { try insert() }
    }
  }

  /// A press's commit builds no temporary b-tree (an IN list in a CHECK, or `RETURNING`,
  /// does: a new page cache faulted in on every commit).
  @Test(arguments: WriteSQL.all)
  func theWritesBuildNoTemporaryBTree(sql: String) throws {
    let database = try AppDatabase.inMemory()
    let program = try database.writer.read { db in
      let statement = try db.makeStatement(sql: "EXPLAIN " + sql)
      let unbound = StatementArguments(Array(repeating: DatabaseValue.null, count: sql.filter { $0 == "?" }.count))
      return try Row.fetchAll(statement, arguments: unbound).map { $0["opcode"] as String }
    }
    #expect(!program.isEmpty)
    #expect(!program.contains("OpenEphemeral"), "\(program)")
  }

  @Test(arguments: [
    ("/a/b/todos.sqlite", "/a/b"), ("todos.sqlite", "."), ("/todos.sqlite", "/"),
    ("a/todos.sqlite", "a"), ("/a/b/", "/a"), ("/a//todos.sqlite", "/a/"),
  ])
  func theDatabaseDirectoryIsThePathsDirectoryPart(_ path: String, _ directory: String) {
    #expect(AppDatabase.directory(of: path) == directory)
  }

  @Test func fileIsCreatedPrivateInAPrivateDirectory() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-\(UUID())")
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("sub/todos.sqlite").path
    _ = try AppDatabase.openFile(at: path)
    let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    let dirMode = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("sub").path)[.posixPermissions] as? Int
    #expect(fileMode == 0o600)
    #expect(dirMode == 0o700)
  }

  @Test func anExistingFileOthersCanReadIsMadePrivateAndKeepsItsTodos() async throws {
    let path = ScratchDatabase.path()
    defer { ScratchDatabase.remove(path) }
    let todo = Todo(id: UUID(), title: "kept", createdAt: now)
    try await TodoStorageClient.live(try AppDatabase.openFile(at: path)).upsert([todo])
    chmod(path, 0o664)
    let reopened = TodoStorageClient.live(try AppDatabase.openFile(at: path))
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    #expect(try await reopened.load(.all) == [todo])
  }

  @Test(arguments: [Data("not a database at all, just text".utf8), Data([0x53, 0x51]), Data(repeating: 0xFF, count: 4096)])
  func aFileThatIsNotSQLiteIsRefusedAndLeftUntouched(_ contents: Data) throws {
    let path = ScratchDatabase.path()
    defer { ScratchDatabase.remove(path) }
    #expect(FileManager.default.createFile(atPath: path, contents: contents))
    #expect(throws: StorageError.self) { try AppDatabase.openFile(at: path) }
    #expect(FileManager.default.contents(atPath: path) == contents)
  }

  @Test(arguments: [AppDatabase.Connections.pool, .single])
  func anotherProgramsSQLiteDatabaseIsRefusedAndLeftUntouched(
    _ connections: AppDatabase.Connections
  ) throws {
    let path = ScratchDatabase.path()
    defer { ScratchDatabase.remove(path) }
    let other = try DatabaseQueue(path: path)
    try other.write { try $0.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')") }
    try other.close()
    let bytes = FileManager.default.contents(atPath: path)
    #expect(throws: StorageError.self) { try AppDatabase.openFile(at: path, connections: connections) }
    // Not a byte changed: not even the journal mode (WAL is written into the header).
    #expect(FileManager.default.contents(atPath: path) == bytes)
    let again = try DatabaseQueue(path: path)
    #expect(try again.read { try String.fetchOne($0, sql: "SELECT body FROM notes") } == "keep me")
    #expect(try again.read { try $0.tableExists("todo") } == false)
  }

  @Test func migrationsApplyToAnOlderSchemaAndKeepData() throws {
    let path = ScratchDatabase.path()
    defer { ScratchDatabase.remove(path) }
    // A database as the first release left it: migrated up to v1, with a row in it.
    let old = try DatabaseQueue(path: path)
    try AppDatabase.migrator.migrate(old, upTo: "v1: todos")
    try old.write { db in
      try db.execute(sql: "INSERT INTO todo (id, title, priority, isComplete, createdAt, revision) VALUES ('00000000-0000-4000-8000-000000000001', 'old', 1, 0, 1767225600.0, 1)")
    }
    try old.close()
    let reopened = try AppDatabase.openFile(at: path)
    let applied = try reopened.writer.read { try AppDatabase.migrator.appliedMigrations($0) }
    #expect(applied == AppDatabase.migrator.migrations)
    // Marked as quickdo's on the way, so later opens recognise it by its application id.
    #expect(try reopened.writer.read { try Int32.fetchOne($0, sql: "PRAGMA application_id") } == DatabaseIdentity.applicationID)
    #expect(try reopened.writer.read { try String.fetchAll($0, sql: "SELECT title FROM todo") } == ["old"])
  }

  /// The table rebuild of migration v4 keeps every column of every row, and the indexes.
  @Test func theCheckRebuildKeepsEveryColumn() throws {
    let old = try DatabaseQueue()
    try AppDatabase.migrator.migrate(old, upTo: "v3: the list order covers the exported columns")
    let rows = """
      ('00000000-0000-4000-8000-000000000001', 'all set', 'notes', 2, 1, 1.5, 2.5, 3.5, 'https://a.example', 4.5, 7, 5.5),
      ('00000000-0000-4000-8000-000000000002', 'bare', '', 0, 0, 1.0, NULL, NULL, NULL, NULL, 8, NULL)
      """
    try old.write { try $0.execute(sql: "INSERT INTO todo VALUES " + rows) }
    let before = try old.read { try Row.fetchAll($0, sql: "SELECT * FROM todo ORDER BY id") }
    try AppDatabase.migrator.migrate(old, upTo: "v6: the list order covers every column a read names")
    let after = try old.read { try Row.fetchAll($0, sql: "SELECT * FROM todo ORDER BY id") }
    #expect(after == before)
    #expect(after.first?.columnNames.last == "reminderShownFor")
    let indexes = try old.read {
      try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'todo' AND sql IS NOT NULL ORDER BY name")
    }
    #expect(indexes == ["todo_by_revision", "todo_in_order_all_columns"])
  }

  /// Every field a todo keeps has its column: a field added to `Todo.fields` needs its
  /// migration.
  @Test func theTableHasAColumnForEveryField() throws {
    let database = try AppDatabase.inMemory()
    let columns = try database.writer.read { db in
      try Row.fetchAll(db, sql: "PRAGMA table_info(todo)").map { $0["name"] as String }
    }
    #expect(Set(Todo.fields.map(\.name)).subtracting(columns).isEmpty)
    #expect(Todo.fields.count == Set(Todo.fields.map(\.name)).count)
  }

  /// `list` reads the todos in the index's order and from the index alone: no sort of the
  /// rows and no look-up in the table, for every filter (a dropped or reordered index
  /// column, or a column read that the index lacks, would bring one back).
  @Test(arguments: TodoFilter.State.allCases)
  func listingIsServedInTheIndexOrder(state: TodoFilter.State) throws {
    let database = try AppDatabase.inMemory()
    let plan = try database.writer.read { db in
      let (condition, _) = condition(TodoFilter(state))
      return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT \(TodoRows.columns) FROM todo \(condition) \(listOrder)")
        .map { $0["detail"] as String }
    }
    #expect(plan.count == 1)
    #expect(plan.first?.contains("USING COVERING INDEX todo_in_order") == true, "\(plan)")
  }

  /// The list order's index covers every field's column and `revision`, whatever fields
  /// there are: it is made from `Todo.fields`, and v13's hand-written one had the same
  /// columns.
  @Test func theListOrderIndexCoversEveryField() throws {
    let old = try DatabaseQueue()
    try AppDatabase.migrator.migrate(old, upTo: "v13: the zone a synced series runs in")
    let before = try old.read { try Row.fetchAll($0, sql: "PRAGMA index_xinfo(todo_in_order_with_repeat_zone)") }
    try AppDatabase.migrator.migrate(old)
    let after = try old.read { try Row.fetchAll($0, sql: "PRAGMA index_xinfo(todo_in_order)") }
    let columns = try old.read { try Row.fetchAll($0, sql: "PRAGMA index_info(todo_in_order)").map { $0["name"] as String? } }
    #expect(Set(Todo.fields.map(\.name) + ["revision"]).subtracting(columns.compactMap { $0 }).isEmpty)
    // The same order (key columns, directions), then the same covered columns.
    func key(_ rows: [Row]) -> [[Int]] { rows.prefix(6).map { [$0["cid"], $0["desc"]] } }
    func covered(_ rows: [Row]) -> Set<Int> { Set(rows.dropFirst(6).map { $0["cid"] }) }
    #expect(key(after) == key(before))
    // v13's columns, and the ones fields added since.
    let added = try old.read { db in
      try ["list", "tags", "parent", "start", "reminders", "acknowledgedUntil"].map { name in
        try Int.fetchOne(db, sql: "SELECT cid FROM pragma_table_info('todo') WHERE name = ?", arguments: [name])!
      }
    }
    #expect(covered(after) == covered(before).union(added))
    let indexes = try old.read {
      try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'todo' AND sql IS NOT NULL ORDER BY name")
    }
    #expect(indexes == ["todo_by_parent", "todo_by_revision", "todo_in_order"])
  }

  @Test func aSingleConnectionMakesAWALFileThatAPoolShares() async throws {
    let path = ScratchDatabase.path()
    defer { ScratchDatabase.remove(path) }
    let command = try AppDatabase.openFile(at: path, connections: .single)
    #expect(try await command.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    try await TodoStorageClient.live(command).upsert([todo(1)])
    let agent = TodoStorageClient.live(try AppDatabase.openFile(at: path))
    #expect(try await agent.load(.all) == [todo(1)])
    try await agent.upsert([todo(2)])
    #expect(try await TodoStorageClient.live(command).load(.all) == [todo(1), todo(2)])
  }

  /// The last connection to close checkpoints and empties the WAL but keeps it and the
  /// shared-memory file, so the next command creates neither: the main file alone holds
  /// every todo (a copy of it is a full backup), and the files stay private.
  @Test(arguments: [AppDatabase.Connections.pool, .single])
  func closingKeepsTheWALFileEmptyAndTheTodosInTheMainFile(
    _ connections: AppDatabase.Connections
  ) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/todos.sqlite"
    do {
      let database = try AppDatabase.openFile(at: path, connections: connections)
      try await TodoStorageClient.live(database).upsert([todo(1)])
    }
    let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")
    #expect(wal[.size] as? Int == 0)
    #expect((wal[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
    #expect(FileManager.default.fileExists(atPath: path + "-shm"))
    let copy = directory + "/copy.sqlite"
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let queue = try DatabaseQueue(path: copy)
    #expect(try await queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM todo") } == 1)
  }

  @Test(arguments: [AppDatabase.Connections.pool, .single])
  func externalCommitsAreNoticedFromAnotherConnection(
    _ writerConnections: AppDatabase.Connections
  ) async throws {
    let path = ScratchDatabase.path()
    defer { ScratchDatabase.remove(path) }
    let watched = TodoStorageClient.live(try AppDatabase.openFile(at: path))
    let writer = TodoStorageClient.live(
      try AppDatabase.openFile(at: path, connections: writerConnections))
    let commits = watched.externalCommits()
    try await writer.upsert([todo(1)])
    var iterator = commits.makeAsyncIterator()
    let event: Void? = await iterator.next()
    #expect(event != nil)
    #expect(try await watched.changes(0).upserted == [todo(1)])
  }
}

/// Several connections creating the same new database at once (agent + CLI on first run).
struct ConcurrentFirstOpenTests {
  @Test func concurrentFirstOpensAllSucceed() async throws {
    for _ in 0..<5 {
      let path = ScratchDatabase.path()
      defer { ScratchDatabase.remove(path) }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for n in 0..<4 {
          // The agent's pool and CLI commands' single connections, two of each.
          let connections: AppDatabase.Connections = n.isMultiple(of: 2) ? .pool : .single
          group.addTask { _ = try AppDatabase.openFile(at: path, connections: connections) }
        }
        try await group.waitForAll()
      }
    }
  }
}

/// How an existing file is recognised before anything writes to it.
struct DatabaseIdentityTests {
  @Test func aNewDatabaseIsEmptyThenMarkedAsQuickdos() throws {
    let queue = try DatabaseQueue()
    #expect(try queue.read(DatabaseIdentity.read) == .empty)
    try AppDatabase.migrator.migrate(queue)
    #expect(try queue.read(DatabaseIdentity.read) == .quickdo)
  }

  @Test func aDatabaseFromBeforeTheMarkIsQuickdos() throws {
    let queue = try DatabaseQueue()
    try AppDatabase.migrator.migrate(queue, upTo: "v4: checks without IN lists")
    #expect(try queue.read(DatabaseIdentity.read) == .unmarkedQuickdo)
  }

  @Test(arguments: [
    "CREATE TABLE notes (x)",
    "CREATE VIEW v AS SELECT 1",
    "CREATE TABLE grdb_migrations (identifier TEXT PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1'); CREATE TABLE todo (x)",
    "CREATE TABLE grdb_migrations (identifier TEXT PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1: todos'); CREATE TABLE todo (x)",
    "PRAGMA application_id = 7",
  ])
  func anythingElseIsForeign(_ sql: String) throws {
    let queue = try DatabaseQueue()
    try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
    #expect(try queue.read(DatabaseIdentity.read) == .foreign)
  }

  @Test func aMigrationThisBuildDoesNotKnowMeansANewerQuickdo() throws {
    let queue = try DatabaseQueue()
    try AppDatabase.migrator.migrate(queue)
    try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: later')") }
    #expect(throws: StorageError.self) {
      try queue.read { try DatabaseIdentity.check($0, path: "x", migrator: AppDatabase.migrator) }
    }
  }
}
