import Foundation
import GRDB
import TodoStorageClient

#if canImport(Glibc)
  import Glibc
#endif

extension AppDatabase {
  /// Opens (creating if needed) the database file at `path`. The directory is created with
  /// mode 0700 and the file with 0600. A file that is not a quickdo database — not SQLite,
  /// unreadable, or another program's SQLite database — is refused and left untouched.
  public static func openFile(at path: String) throws -> AppDatabase {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    try createPrivateDirectory(directory)
    try checkOrCreateFile(path)
    // Turning a new file to WAL takes an exclusive lock that SQLite does not wait for with
    // the busy timeout: when two processes create the database at once (the agent and a
    // `quickdo add` on first run), one gets SQLITE_BUSY. Retry for up to ~5 s.
    var attempt = 0
    while true {
      do {
        let pool = try DatabasePool(path: path, configuration: configuration())
        try refuseForeignSchema(pool, path: path)
        return try AppDatabase(writer: pool, path: path)
      } catch let error as StorageError {
        throw error
      } catch let error as DatabaseError {
        let isBusy = error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        if isBusy, attempt < 100 {
          attempt += 1
          usleep(50_000)
          continue
        }
        throw StorageError("cannot open database \(path): \(error.message ?? "\(error.resultCode)")")
      }
    }
  }

  static func createPrivateDirectory(_ directory: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw StorageError("cannot create database directory \(directory): a file is in the way")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw StorageError("cannot create database directory \(directory): \(error.localizedDescription)")
    }
  }

  /// Creates the file with 0600, or checks that an existing one is readable, writable, and
  /// SQLite (or empty).
  static func checkOrCreateFile(_ path: String) throws {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw StorageError("cannot open database \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    try tightenPermissions(fd, path: path)
    var header = [UInt8](repeating: 0, count: 16)
    let count = read(fd, &header, 16)
    guard count >= 0 else {
      throw StorageError("cannot read database \(path): \(String(cString: strerror(errno)))")
    }
    let magic = Array("SQLite format 3\0".utf8)
    if count > 0, Array(header.prefix(count)) != Array(magic.prefix(count)) || count < 16 {
      throw StorageError(
        "\(path) is not a SQLite database; quickdo left it untouched (move it away or pass --db)")
    }
  }

  /// Todos are private: a database file others may read or write (copied in, or made by an
  /// old version) is set back to 0600, with a note on stderr. Only a file we own is changed.
  static func tightenPermissions(_ fd: Int32, path: String) throws {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & 0o077 != 0, info.st_uid == getuid() else { return }
    let old = String(info.st_mode & 0o777, radix: 8)
    guard fchmod(fd, 0o600) == 0 else {
      throw StorageError(
        "database \(path) is readable by others (mode \(old)) and cannot be made private: \(String(cString: strerror(errno)))")
    }
    FileHandle.standardError.write(
      Data("quickdo: database \(path) was readable by others (mode \(old)); it is 0600 now\n".utf8))
  }

  /// A SQLite file with tables but no migration history is another program's database.
  static func refuseForeignSchema(_ pool: DatabasePool, path: String) throws {
    let (tables, migrated) = try pool.read { db in
      (
        try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0,
        try db.tableExists("grdb_migrations")
      )
    }
    if tables > 0, !migrated {
      throw StorageError(
        "\(path) is a SQLite database of another program; quickdo left it untouched")
    }
  }
}
