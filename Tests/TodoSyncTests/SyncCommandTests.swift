import CalDAVRig
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `quickdo sync` as users run it (the real binaries, a config file, a real server): its
/// output, exit codes, and a sync killed with SIGKILL at any moment.
@Suite(.serialized)
struct SyncCommandTests {
  static let binary: URL = {
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("quickdo"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("quickdo"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }()

  /// A temporary folder with a config for `server` (password `password`) and a database.
  final class Setup: @unchecked Sendable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-sync-cli-\(UUID())")
    var config: String { folder.appendingPathComponent("config.toml").path }
    var database: String { folder.appendingPathComponent("todos.sqlite").path }

    /// `extra`: more lines for the account's table.
    init(server: CalDAVServer, password: String, extra: String = "") throws {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try """
        [[sync.caldav]]
        name = "phone"
        url = "\(server.url)"
        username = "\(server.user)"
        password_command = ["echo", "\(password)"]
        \(extra)
        """.write(toFile: config, atomically: true, encoding: .utf8)
      chmod(config, 0o600)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Starts `quickdo ARGUMENTS --config … --db …`.
    func start(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
      let process = Process()
      process.executableURL = SyncCommandTests.binary
      process.arguments = arguments + ["--config", config, "--db", database]
      process.environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin"]
      let (output, errors) = (Pipe(), Pipe())
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      return (process, output, errors)
    }

    /// Runs it to the end: status, stdout, stderr.
    func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
      let (process, output, errors) = try start(arguments)
      let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, out, err)
    }
  }

  /// Radicale asks for Basic, sabre/dav as Baikal sets it for Digest.
  @Test(arguments: [CalDAVServer.Kind.radicale, .baikal])
  func aWrongPasswordExits77WithOneLine(_ kind: CalDAVServer.Kind) async throws {
    let server = try await RealServerTests().startedServer(kind)
    defer { server.stop() }
    let setup = try Setup(server: server, password: "not the password")
    let result = try setup.run(["sync"])
    #expect(result.status == 77)
    #expect(result.output.isEmpty)
    #expect(result.errors == "quickdo: sync phone: authentication refused: the server refused user \"\(server.user)\" and its password (401)\n")
    #expect(!result.errors.contains("not the password"))
  }

  /// A todo the server refuses: exit 2 ("partly done") with one line naming it, listed by
  /// `--status`, not sent again until `--retry`, which says so and tries it once more.
  @Test func aRefusedTodoExits2AndWaitsForRetry() async throws {
    let server = try CalDAVServer(.radicale, maxContentLength: 20_000)
    defer { server.stop() }
    try await server.ready()
    _ = try RealServerTests().create(on: server, [RealServerTests.fixtures[0]])
    let setup = try Setup(server: server, password: server.password, extra: "default_calendar = \"Tasks\"")
    #expect(try setup.run(["sync"]).status == 0)
    let added = try setup.run(["add", "Too big for this server", "--notes", String(repeating: "long notes ", count: 4_000)])
    #expect(added.status == 0)

    let first = try setup.run(["sync"])
    #expect(first.status == 2)
    #expect(first.output.contains("phone / Tasks: 1 refused by the server, set aside"), "\(first.output)")
    let lines = first.errors.split(separator: "\n")
    #expect(lines.count == 1, "\(first.errors)")
    #expect(first.errors.hasPrefix("quickdo: sync phone / Tasks: \"Too big for this server\": the server refused it (413 "))
    #expect(first.errors.contains("set aside until it changes here or `quickdo sync --retry`"))

    let status = try setup.run(["sync", "--status"])
    #expect(status.status == 0)
    #expect(status.output.contains("  set aside: \"Too big for this server\": the server refused it (413 "), "\(status.output)")

    let again = try setup.run(["sync"])
    #expect(again.status == 2)
    #expect(again.errors.isEmpty, "not sent again as it is: \(again.errors)")

    let retried = try setup.run(["sync", "--retry"])
    #expect(retried.status == 2)
    #expect(retried.errors.hasPrefix("quickdo: sending 1 refused todo again\n"), "\(retried.errors)")
    #expect(retried.errors.contains("(413 "))
  }

  /// A first sync of 30,000 todos: listed, then fetched 500 at a time, within the memory
  /// cap; every todo arrives once.
  @Test func aFirstSyncOfThirtyThousandTodosFromRadicale() async throws {
    let server = try await RealServerTests().startedServer(.radicale)
    defer { server.stop() }
    _ = try server.seedTodos(30_000)
    let setup = try Setup(server: server, password: server.password)
    let (process, output, errors) = try setup.start(["sync"])
    let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(err)")
    #expect(out == "phone / Tasks: 30000 fetched, 30000 new\n")
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    #expect(usage.ru_maxrss < 256 * 1024, "peak RSS of a child: \(usage.ru_maxrss / 1024) MB")
    let listed = try setup.run(["list", "--json"])
    let todos = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]] ?? []
    #expect(todos.count == 30_000)
    #expect(Set(todos.compactMap { $0["title"] as? String }).count == 30_000)
  }

  @Test func anUnreachableServerExits69() async throws {
    let server = try await RealServerTests().startedServer(.radicale)
    let setup = try Setup(server: server, password: server.password)
    server.stop()
    let result = try setup.run(["sync"])
    #expect(result.status == 69)
    #expect(result.errors.hasPrefix("quickdo: sync phone: server unreachable: cannot connect to 127.0.0.1:"), "\(result.errors)")
  }

  /// 120 todos from the phone, 40 of them then marked done here; syncs killed with SIGKILL
  /// at moments spread over a sync's length, then one left to finish. Every todo is here
  /// once, and the server holds each once, with the 40 done.
  @Test(arguments: CalDAVServer.Kind.tested)
  func aSyncKilledAtAnyMomentLosesAndDuplicatesNothing(_ kind: CalDAVServer.Kind) async throws {
    let server = try await RealServerTests().startedServer(kind)
    defer { server.stop() }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-phone-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = 120
    let files = try (1...count).map { number in
      let path = folder.appendingPathComponent("\(number).ics").path
      try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//phone//EN\r\nBEGIN:VTODO\r\nUID:todo-\(number)@phone\r\nDTSTAMP:20261120T090000Z\r\nSUMMARY:Todo \(number)\r\nX-PHONE-ONLY:kept \(number)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        .write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    let created = try server.phone("create", ["Tasks"] + files)
    try #require(created.status == 0, "\(created.output)")
    let setup = try Setup(server: server, password: server.password)

    func killedSyncs(_ delays: [Double]) async throws {
      for delay in delays {
        let (process, _, _) = try setup.start(["sync"])
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
    }
    try await killedSyncs([0.02, 0.05, 0.08, 0.12, 0.2, 0.3])
    #expect(try setup.run(["sync"]).status == 0)
    let listed = try setup.run(["list", "--json"])
    let titles = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
      .compactMap { $0["title"] as? String }
    #expect(titles.count == count)
    #expect(Set(titles) == Set((1...count).map { "Todo \($0)" }))

    let ids = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
      .compactMap { $0["id"] as? String }
    let done = try setup.run(["done"] + ids.prefix(40))
    try #require(done.status == 0, "\(done.errors)")
    try await killedSyncs([0.02, 0.05, 0.08, 0.12, 0.2])
    let last = try setup.run(["sync"])
    #expect(last.status == 0, "\(last.errors)")
    let status = try setup.run(["sync", "--status"])
    // SOGo's Personal Calendar takes todos too, so it has a line of its own.
    let lines = status.output.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("phone / Tasks: last sync ") }, "\(status.output)")
    #expect(lines.allSatisfy { $0.hasSuffix(" (ok), 0 changes waiting") }, "\(status.output)")

    // A second device sees what the server holds.
    let other = try Device(server: server)
    try await other.sync()
    let there = try await other.todos()
    #expect(there.count == count)
    #expect(there.filter(\.isComplete).count == 40)
    #expect(Set(there.map(\.title)).count == count)
  }
}
