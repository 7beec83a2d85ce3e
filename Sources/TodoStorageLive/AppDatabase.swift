import Foundation
import GRDB
import GRDBSQLite
import TodoStorageClient

/// The quickdo database: owns the GRDB writer (a WAL `DatabasePool` for files, a queue in
/// memory for tests) and the versioned migrator. Shipped migrations are never edited; a
/// new schema change is a new migration.
public struct AppDatabase: Sendable {
  package let writer: any DatabaseWriter
  /// The file, or nil in memory.
  public let path: String?

  /// `isMigrated`: what the caller has just read, or nil to read it here. When the schema
  /// is current (every run but the first), no write transaction is opened, so read-only
  /// commands never wait for a writer.
  init(writer: any DatabaseWriter, path: String?, isMigrated: Bool? = nil) throws {
    self.writer = writer
    self.path = path
    if !(isMigrated ?? Self.isMigrated(writer)) { try Self.migrate(writer) }
  }

  /// Applies the pending migrations, also when another process is applying them at the
  /// same moment (the agent and a `quickdo add` opening a new or older database at once):
  /// both see the same migrations pending, the second to get the write lock fails on the
  /// first one ("table todo already exists"). Migrating again then starts from what the
  /// other process has committed so far (each migration commits on its own), so a few
  /// attempts always finish, whoever applies each step.
  static func migrate(_ writer: any DatabaseWriter) throws {
    for attempt in 1... {
      do {
        try migrator.migrate(writer)
        return
      } catch {
        if isMigrated(writer) { return }
        if attempt == 5 { throw error }
      }
    }
  }

  /// Whether every migration is applied. A check that fails counts as "not yet": while
  /// another connection creates the database, the check itself can fail ("no such table:
  /// grdb_migrations" between GRDB's look for the table and its read of it), and the
  /// migration that follows either finishes the job or reports the real error.
  static func isMigrated(_ writer: any DatabaseWriter) -> Bool {
    (try? writer.read { try migrator.hasCompletedMigrations($0) }) ?? false
  }

  /// An empty database in memory, migrated: for tests.
  public static func inMemory() throws -> AppDatabase {
    try AppDatabase(writer: DatabaseQueue(configuration: configuration()), path: nil)
  }

  static func configuration() -> Configuration {
    var config = Configuration()
    // Concurrent writers (CLI processes, the agent) wait for each other instead of failing.
    config.busyMode = .timeout(15)
    config.foreignKeysEnabled = true
    config.prepareDatabase { db in
      // Per connection, as GRDB sets it for pools: a commit is made durable by the next
      // checkpoint, the WAL's usual setting.
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      db.add(function: TitleWords.function)
    }
    return config
  }

  /// Keeps the WAL and shared-memory files when the last connection closes, emptied
  /// (`journal_size_limit`) instead of deleted. For the CLI's budget: otherwise every command
  /// run while the agent is stopped creates both files, syncs the directory and deletes
  /// them again. Only for a file known to be quickdo's: beside anyone else's database,
  /// SQLite's files go away as they came.
  @Sendable static func keepWALFile(_ db: Database) throws {
    var persist: Int32 = 1
    // A database in memory has no files and answers SQLITE_NOTFOUND, which is fine.
    _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    try db.execute(sql: "PRAGMA journal_size_limit = \(walSizeLimit)")
  }

  /// What the WAL is cut back to after a checkpoint resets it: the size SQLite's automatic
  /// checkpoint (1,000 pages) lets it reach, so a busy agent does not regrow it each time.
  static let walSizeLimit = 4 * 1024 * 1024
}
