import GRDB
import TodoStorageClient
import Localization

/// What an existing SQLite file is to quickdo, told from reads alone, so that a file that is
/// not quickdo's is refused before anything writes to it (WAL mode, tables, a mode change).
enum DatabaseIdentity: Equatable {
  /// No schema at all: a new database, quickdo's to create.
  case empty
  /// Marked with quickdo's `application_id`.
  case quickdo
  /// Made by a quickdo from before the `application_id` mark: quickdo's tables and its
  /// first migration recorded (or, while another process creates it, its migration table
  /// alone, still empty).
  case unmarkedQuickdo
  /// Anything else: another program's database.
  case foreign

  /// `PRAGMA application_id` of every quickdo database ("qdo1"), set by migration v5.
  static let applicationID: Int32 = 0x7164_6F31

  /// The tables every quickdo database has had since its first migration.
  static let quickdoTables: Set<String> = ["todo", "deletion", "counter", "grdb_migrations"]

  static func read(_ db: Database) throws -> DatabaseIdentity {
    let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    if applicationID == Self.applicationID { return .quickdo }
    if applicationID != 0 { return .foreign }
    let objects = try Row.fetchAll(
      db, sql: "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
    if objects.isEmpty { return .empty }
    let tables = Set(objects.filter { $0["type"] == "table" }.map { $0["name"] as String })
    guard tables.contains("grdb_migrations") else { return .foreign }
    let identifiers = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
    if identifiers.isEmpty, objects.count == 1 { return .unmarkedQuickdo }
    if identifiers.contains(firstMigration), quickdoTables.isSubset(of: tables) {
      return .unmarkedQuickdo
    }
    return .foreign
  }

  /// The identifier of quickdo's first migration, which every quickdo database records.
  static let firstMigration = "v1: todos"

  /// What opening a file found, from one read: whose it is, whether every migration is
  /// applied, and whether it is in WAL mode.
  struct Check: Equatable {
    var identity: DatabaseIdentity
    var isMigrated: Bool
    var isWAL: Bool
  }

  /// The database's identity and state; throws unless it is quickdo's (or empty) and this
  /// build knows every migration applied to it. One read transaction for all of it: each
  /// of GRDB's reads is a transaction of its own, and every CLI command pays for them.
  static func check(_ db: Database, path: String, migrator: DatabaseMigrator) throws -> Check {
    let identity = try read(db)
    var isMigrated = false
    switch identity {
    case .foreign:
      throw StorageError(
        tr("%s is a SQLite database of another program; quickdo left it untouched", path))
    case .empty:
      break
    case .quickdo, .unmarkedQuickdo:
      let applied = try migrator.appliedIdentifiers(db)
      let known = migrator.migrations
      if applied.contains(where: { !known.contains($0) }) {
        throw StorageError(
          tr(
            "%s was written by a newer quickdo; this quickdo cannot read it safely and left it untouched (install the newer quickdo)",
            path))
      }
      isMigrated = known.allSatisfy(applied.contains)
    }
    let isWAL = try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal"
    return Check(identity: identity, isMigrated: isMigrated, isWAL: isWAL)
  }
}
