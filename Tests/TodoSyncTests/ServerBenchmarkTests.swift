import CalDAVRig
import Foundation
import Testing

/// The first sync of 1,000 todos on every server the sync tests run, quickdo against
/// vdirsyncer in the same run, with each server's own time for one answer holding every
/// todo. A benchmark, run by scripts/bench-sync-servers.sh, which sets
/// QUICKDO_BENCH_BINARY to a release build; it prints a table and fails when quickdo is not
/// 5× vdirsyncer on Radicale, sabre/dav and Cyrus, or not ahead of it elsewhere.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["QUICKDO_BENCH_BINARY"] != nil))
struct ServerBenchmarkTests {
  static let todos = 1_000
  static let runs = 5

  /// What the budget asks of each server: at least this many times vdirsyncer's time.
  static func budget(_ kind: CalDAVServer.Kind) -> Double {
    [.radicale, .nextcloud, .baikal, .sabredav, .cyrus].contains(kind) ? 5 : 1
  }

  @Test(arguments: CalDAVServer.Kind.tested)
  func aFirstSyncOfAThousandTodos(_ kind: CalDAVServer.Kind) async throws {
    let binary = try #require(ProcessInfo.processInfo.environment["QUICKDO_BENCH_BINARY"])
    let server = try await CalDAVServer.started(kind)
    defer { server.stop() }
    let filled = try server.phone("fill", ["Tasks", "\(Self.todos)"])
    try #require(filled.status == 0, "\(filled.output)")
    let calendar = try #require(filled.output.split(separator: "\n").last.map(String.init))
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-bench-\(UUID())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }

    var quickdo: [Double] = []
    var vdirsyncer: [Double] = []
    var vdirsyncerFailures: [String] = []
    var alone: [Double] = []
    // One round each before the timed ones, so that neither pays for the server's first
    // reading of the todos the phone just wrote.
    _ = try quickdoFirstSync(binary, server, work)
    if !server.kind.usesDigest { _ = try vdirsyncerFirstSync(server, work) }
    for _ in 0..<Self.runs {
      quickdo.append(try quickdoFirstSync(binary, server, work))
      // Debian 12's vdirsyncer (0.19) fails every Digest login ("BasicAuth() tuple is
      // required"): there it is checked to fail, and not timed.
      if server.kind.usesDigest {
        #expect(try vdirsyncerDiscovers(server, work.appendingPathComponent("vdirsyncer-\(UUID())")) == false)
      } else {
        switch try vdirsyncerFirstSync(server, work) {
        case let .success(seconds): vdirsyncer.append(seconds)
        case let .failure(failure): vdirsyncerFailures.append(failure.line)
        }
      }
      alone.append(try serverAlone(server, calendar: calendar))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let (q, s) = (median(quickdo), median(alone))
    if let line = vdirsyncerFailures.first {
      print(
        String(
          format: "| %@ | %.0f | fails in %d of %d runs: %@ | — | %.0f |", kind.title, q * 1000,
          vdirsyncerFailures.count, Self.runs, line, s * 1000))
      // Where quickdo need only be ahead, a vdirsyncer that fails leaves it ahead.
      #expect(Self.budget(kind) == 1, "vdirsyncer failed on \(kind.title): \(line)")
      return
    }
    guard !vdirsyncer.isEmpty else {
      print(String(format: "| %@ | %.0f | cannot log in (Digest) | — | %.0f |", kind.title, q * 1000, s * 1000))
      return
    }
    let v = median(vdirsyncer)
    print(
      String(
        format: "| %@ | %.0f | %.0f | %.1f× | %.0f |", kind.title, q * 1000, v * 1000, v / q, s * 1000))
    #expect(v / q >= Self.budget(kind), "\(kind.title): quickdo \(q) s, vdirsyncer \(v) s")
  }

  /// Seconds for `quickdo sync` into an empty database; every todo arrives.
  func quickdoFirstSync(_ binary: String, _ server: CalDAVServer, _ work: URL) throws -> Double {
    let config = work.appendingPathComponent("quickdo.toml").path
    try """
      [[sync.caldav]]
      name = "bench"
      url = "\(server.url)"
      username = "\(server.user)"
      password = "\(server.password)"
      calendars = ["Tasks"]
      """.write(toFile: config, atomically: true, encoding: .utf8)
    chmod(config, 0o600)
    let database = work.appendingPathComponent("todos-\(UUID()).sqlite").path
    let seconds = try timed(binary, ["sync", "--config", config, "--db", database])
    let listed = try CalDAVServer.run(binary, ["list", "--db", database, "--json"]).output
    #expect(listed.components(separatedBy: "\"id\"").count - 1 == Self.todos)
    return seconds
  }

  /// A `vdirsyncer sync` that failed: the first line of its output that says so.
  struct VdirsyncerFailed: Error {
    var line: String
  }

  /// Seconds for `vdirsyncer sync` into an empty folder, after its discovery (not timed).
  func vdirsyncerFirstSync(_ server: CalDAVServer, _ work: URL) throws -> Result<Double, VdirsyncerFailed> {
    let base = work.appendingPathComponent("vdirsyncer-\(UUID())")
    try #require(try vdirsyncerDiscovers(server, base))
    let config = base.appendingPathComponent("config").path
    let start = ContinuousClock.now
    let (status, output) = try CalDAVServer.run("/usr/bin/env", ["VDIRSYNCER_CONFIG=\(config)", "vdirsyncer", "sync"])
    let seconds = Self.seconds(ContinuousClock.now - start)
    guard status == 0 else {
      // "error: Unknown error occurred for bench/…: [Errno 32] Broken pipe" → the cause.
      let line = output.split(separator: "\n").first { $0.contains("error:") } ?? output.split(separator: "\n").last ?? ""
      let cause = line.components(separatedBy: ": ").last ?? String(line)
      return .failure(VdirsyncerFailed(line: cause.trimmingCharacters(in: .whitespaces)))
    }
    let files = try FileManager.default.subpathsOfDirectory(atPath: base.appendingPathComponent("tasks").path)
      .filter { $0.hasSuffix(".ics") }
    #expect(files.count == Self.todos)
    return .success(seconds)
  }

  /// Writes vdirsyncer's config for `server` in `base` and runs its discovery; whether it
  /// succeeded.
  func vdirsyncerDiscovers(_ server: CalDAVServer, _ base: URL) throws -> Bool {
    try FileManager.default.createDirectory(at: base.appendingPathComponent("tasks"), withIntermediateDirectories: true)
    let config = base.appendingPathComponent("config").path
    try """
      [general]
      status_path = "\(base.path)/status/"

      [pair bench]
      a = "bench_local"
      b = "bench_remote"
      collections = ["from b"]

      [storage bench_local]
      type = "filesystem"
      path = "\(base.path)/tasks/"
      fileext = ".ics"

      [storage bench_remote]
      type = "caldav"
      url = "\(server.url)"
      username = "\(server.user)"
      password = "\(server.password)"
      auth = "\(server.kind.usesDigest ? "digest" : "basic")"
      item_types = ["VTODO"]
      """.write(toFile: config, atomically: true, encoding: .utf8)
    let discovered = try CalDAVServer.run(
      "/bin/sh", ["-c", "yes | VDIRSYNCER_CONFIG='\(config)' vdirsyncer discover"])
    return discovered.status == 0 && !discovered.output.contains("error:")
  }

  /// The server's own time for one answer with every todo of the calendar and its ETag:
  /// sync-collection from no token where its answers carry the objects, else
  /// calendar-query.
  func serverAlone(_ server: CalDAVServer, calendar: String) throws -> Double {
    let body =
      server.kind.sendsObjectsWithChanges
      ? #"<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:calendar-data/></d:prop></d:sync-collection>"#
      : #"<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>"#
    let (status, output) = try CalDAVServer.run(
      "/usr/bin/curl",
      [
        "--silent", "--output", "/dev/null", "--write-out", "%{http_code} %{time_total}",
        server.kind.usesDigest ? "--digest" : "--basic", "--user", "\(server.user):\(server.password)",
        "--request", "REPORT", "--header", "Depth: 1", "--header", "Content-Type: application/xml",
        "--data", body, calendar,
      ])
    let parts = output.split(separator: " ")
    try #require(status == 0 && parts.first == "207", "\(output)")
    return Double(parts[1]) ?? 0
  }

  func timed(_ program: String, _ arguments: [String]) throws -> Double {
    let start = ContinuousClock.now
    let (status, output) = try CalDAVServer.run(program, arguments)
    try #require(status == 0, "\(program) \(arguments): \(output)")
    return Self.seconds(ContinuousClock.now - start)
  }

  static func seconds(_ elapsed: Duration) -> Double {
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
