import Foundation
import GRDB
import TodoStorageClient
import Localization

#if canImport(Glibc)
  import Glibc
#endif

extension AppDatabase {
  /// How a process uses the database file; it decides the GRDB writer.
  public enum Connections: Sendable {
    /// A WAL `DatabasePool`: reads run beside a write. For the agent, which follows other
    /// processes' commits while it commits presses.
    case pool
    /// One connection (a `DatabaseQueue`) in WAL mode. For a CLI command, which reads or
    /// writes a few rows and exits: a pool opens a writer and a reader and, when no WAL file
    /// is left over (the last process to close deletes it), writes a throw-away table to
    /// create one — a write transaction even for `list`. One connection does neither.
    case single
  }

  /// Opens (creating if needed) the database file at `path`. The directory is created with
  /// mode 0700 and the file with 0600. Anything that is not a quickdo database — not a
  /// regular file, not SQLite, another program's SQLite database, or one written by a newer
  /// quickdo — is refused before anything writes to it: its bytes and mode stay as they are.
  public static func openFile(at path: String, connections: Connections = .pool) throws
    -> AppDatabase
  {
    try createPrivateDirectory(directory(of: path))
    let existed = try checkOrCreateFile(path)
    // Turning a new file to WAL takes an exclusive lock that SQLite does not wait for with
    // the busy timeout: when two processes create the database at once (the agent and a
    // `quickdo add` on first run), one gets SQLITE_BUSY. Retry for up to ~5 s.
    var attempt = 0
    while true {
      do {
        // The file is recognised before anything is written: switching a foreign file to
        // WAL (as a pool does on open) would already change it.
        let queue = try DatabaseQueue(path: path, configuration: configuration())
        let check = try queue.read { db in
          try DatabaseIdentity.check(db, path: path, migrator: migrator)
        }
        if existed, check.identity != .empty { try tightenPermissions(path) }
        if !check.isWAL { try turnOnWAL(queue, path: path) }
        let writer: any DatabaseWriter
        switch connections {
        case .single:
          try queue.inDatabase(keepWALFile)
          writer = queue
        case .pool:
          try queue.close()
          var configuration = configuration()
          configuration.prepareDatabase(keepWALFile)
          writer = try DatabasePool(path: path, configuration: configuration)
        }
        return try AppDatabase(writer: writer, path: path, isMigrated: check.isMigrated)
      } catch let error as StorageError {
        throw error
      } catch let error as DatabaseError {
        let isBusy = error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        if isBusy, attempt < 100 {
          attempt += 1
          usleep(50_000)
          continue
        }
        if error.resultCode == .SQLITE_NOTADB {
          throw StorageError(
            tr("%s is not a SQLite database; quickdo left it untouched (move it away or pass --db)", path))
        }
        throw StorageError(tr("cannot open database %s: %s", path, error.message ?? "\(error.resultCode)"))
      }
    }
  }

  /// The directory part of a file path, as `URL.deletingLastPathComponent` gives it (`.` for
  /// a bare name), without a `URL`: the first `URL.path` of a process sets up URL parsing,
  /// a cost every CLI command would pay under the CLI's budget.
  static func directory(of path: String) -> String {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let directory = trimmed[..<slash]
    return directory.isEmpty ? "/" : String(directory)
  }

  static func createPrivateDirectory(_ directory: String) throws {
    var info = stat()
    if stat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw StorageError(tr("cannot create database directory %s: a file is in the way", directory))
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw StorageError(tr("cannot create database directory %s: %s", directory, error.localizedDescription))
    }
  }

  /// Creates the file with 0600 (returns false), or checks that the existing one is a
  /// regular file, readable, and SQLite or empty (returns true). Opens nothing that could
  /// block (a FIFO) and changes nothing.
  static func checkOrCreateFile(_ path: String) throws -> Bool {
    let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if created >= 0 {
      close(created)
      return false
    }
    guard errno == EEXIST else {
      throw StorageError(tr("cannot create database %s: %s", path, String(cString: strerror(errno))))
    }
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw StorageError(
        tr("cannot open database %s: %s (a symbolic link to nothing?)", path, String(cString: strerror(errno))))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw StorageError(
        tr("%s is not a regular file (%s); quickdo left it untouched", path, fileKind(info.st_mode)))
    }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      throw StorageError(tr("cannot open database %s: %s", path, String(cString: strerror(errno))))
    }
    defer { close(fd) }
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw StorageError(tr("%s is not a regular file; quickdo left it untouched", path))
    }
    var header = [UInt8](repeating: 0, count: 16)
    let count = read(fd, &header, 16)
    guard count >= 0 else {
      throw StorageError(tr("cannot read database %s: %s", path, String(cString: strerror(errno))))
    }
    let magic = Array("SQLite format 3\0".utf8)
    if count > 0, Array(header.prefix(count)) != Array(magic.prefix(count)) || count < 16 {
      throw StorageError(
        tr("%s is not a SQLite database; quickdo left it untouched (move it away or pass --db)", path))
    }
    return true
  }

  /// What a file that is not a regular file is, for the error.
  static func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: tr("a character device")
    case S_IFBLK: tr("a block device")
    case S_IFSOCK: "a socket"
    default: tr("not a regular file")
    }
  }

  /// Todos are private: a quickdo database others may read or write (copied in, or made by
  /// an old version) is set back to 0600, with a note on stderr. Only a regular file we own,
  /// named directly (never through a symbolic link), already known to be quickdo's.
  ///
  /// By path, with no descriptor of its own: this runs while SQLite has the file open, and
  /// closing any other descriptor of it would drop SQLite's locks on it (POSIX locks are
  /// per process), so that another process could checkpoint and delete the WAL under it.
  static func tightenPermissions(_ path: String) throws {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 != 0,
      info.st_uid == getuid()
    else { return }
    let old = String(info.st_mode & 0o777, radix: 8)
    guard chmod(path, 0o600) == 0 else {
      throw StorageError(
        tr("database %s is readable by others (mode %s) and cannot be made private: %s", path, old, String(cString: strerror(errno))))
    }
    FileHandle.standardError.write(
      Data(tr("quickdo: database %s was readable by others (mode %s); it is 0600 now\n", path, old).utf8))
  }

  /// WAL mode, which the agent's pool needs: it is a property of the file, so only a new
  /// file is switched.
  static func turnOnWAL(_ queue: DatabaseQueue, path: String) throws {
    try queue.writeWithoutTransaction { db in
      guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
        throw StorageError(tr("cannot turn on WAL mode for database %s", path))
      }
    }
  }
}
