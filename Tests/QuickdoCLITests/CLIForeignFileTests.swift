import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A `--db` that is not a quickdo database is refused (74) before anything touches it: not
/// its bytes, not its mode, not through a symbolic link.
struct CLIForeignFileTests {
  @Test func aTextFileDirectOrThroughASymlinkKeepsItsBytesAndMode() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let file = q.directory.appendingPathComponent("notes.txt").path
    let link = q.directory.appendingPathComponent("link.sqlite").path
    #expect(FileManager.default.createFile(atPath: file, contents: Data("x\n".utf8)))
    chmod(file, 0o644)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    for path in [file, link] {
      let result = try q.run(["--db", path, "list"])
      #expect(result.status == 74, "\(path): \(result.stderr)")
      #expect(result.stderr.contains("is not a SQLite database"))
      #expect(try mode(file) == 0o644)
      #expect(FileManager.default.contents(atPath: file) == Data("x\n".utf8))
    }
  }

  @Test func aFIFOIsRefusedAtOnceAndNotOpened() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let fifo = q.directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let started = Date()
    let result = try q.run(["--db", fifo, "add", "x"], timeout: 10)
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr.contains("is not a regular file (a FIFO)"))
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(try mode(fifo) == 0o644)
  }

  @Test func aCharacterDeviceKeepsItsMode() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    // A device node of our own (as root, a copy of /dev/null); otherwise /dev/null itself,
    // which only root could have changed.
    var device = q.directory.appendingPathComponent("null").path
    if mknod(device, S_IFCHR | 0o666, (1 << 8) | 3) != 0 { device = "/dev/null" }  // makedev(1, 3)
    chmod(device, 0o666)
    let result = try q.run(["--db", device, "list"])
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr.contains("a character device"))
    #expect(try mode(device) == 0o666)
  }

  @Test func aQuickdoDatabaseThroughASymlinkWorksAndItsModeIsNotChangedThroughIt() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    #expect(try q.run("add", "kept").status == 0)
    chmod(q.database, 0o644)
    let link = q.directory.appendingPathComponent("link.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: q.database)
    let throughLink = try q.run(["--db", link, "list"])
    #expect(throughLink.status == 0 && throughLink.stdout.contains("kept"))
    #expect(try mode(q.database) == 0o644)
    // Named directly, a quickdo database is made private, and the user is told.
    let direct = try q.run("list")
    #expect(direct.status == 0)
    #expect(direct.stderr.contains("was readable by others (mode 644); it is 0600 now"))
    #expect(try mode(q.database) == 0o600)
  }

  @Test(arguments: [
    // Another GRDB app: its own migrations table.
    "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1'); CREATE TABLE player (id INTEGER);",
    // A table named like quickdo's.
    "CREATE TABLE todo (x);",
    // A view and nothing else.
    "CREATE VIEW v AS SELECT 1;",
    // Another program's application id, and nothing else yet.
    "PRAGMA application_id = 1234; CREATE TABLE t (x); DROP TABLE t;",
    // Another program's database in WAL mode.
    "PRAGMA journal_mode = WAL; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep');",
  ])
  func anotherProgramsSQLiteDatabaseIsRefusedUnchanged(_ sql: String) throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    try sqlite3(q.database, sql)
    chmod(q.database, 0o644)
    let bytes = FileManager.default.contents(atPath: q.database)
    let files = try FileManager.default.contentsOfDirectory(atPath: q.directory.path).sorted()
    for arguments in [["list"], ["add", "x"], ["import", "-"]] {
      let result = try q.run(arguments, stdin: "[]")
      #expect(result.status == 74, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("is a SQLite database of another program"))
      #expect(FileManager.default.contents(atPath: q.database) == bytes)
      #expect(try mode(q.database) == 0o644)
      // No file left beside it either (SQLite's -wal and -shm come and go).
      #expect(try FileManager.default.contentsOfDirectory(atPath: q.directory.path).sorted() == files)
    }
  }

  @Test func aDatabaseWrittenByANewerQuickdoIsRefusedForReadsAndWrites() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let id = try q.run("add", "from today", "--notes", "n").stdout.trimmingCharacters(in: .newlines)
    #expect(try q.run("done", id).status == 0)
    try sqlite3(
      q.database,
      "ALTER TABLE todo ADD COLUMN estimate INTEGER; INSERT INTO grdb_migrations VALUES ('v99: estimates');")
    let bytes = FileManager.default.contents(atPath: q.database)
    for arguments in [["list"], ["list", "--json"], ["undo", id], ["add", "x"]] {
      let result = try q.run(arguments)
      #expect(result.status == 74, "\(arguments)")
      #expect(result.stderr.contains("was written by a newer quickdo"), "\(result.stderr)")
      #expect(FileManager.default.contents(atPath: q.database) == bytes)
    }
  }

  @Test func anEmptyFileBecomesADatabase() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    #expect(FileManager.default.createFile(atPath: q.database, contents: Data()))
    #expect(try q.run("add", "x").status == 0)
    #expect(try q.listJSON().count == 1)
  }

  private func mode(_ path: String) throws -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
    return Int(info.st_mode & 0o7777)
  }
}

/// Runs SQL with the sqlite3 command-line shell, as another program would.
func sqlite3(_ path: String, _ sql: String) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
  process.arguments = [path, sql]
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
}
