import CalDAVRig
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `quickdo sync` against a server that answers discovery plausibly and then misbehaves
/// (Tests/CalDAVRig/hostile.py): the password and the writes stay inside the account, and
/// whatever the server sends ends in one line and an exit code, within bounded time,
/// memory and CPU. Every request the server's listeners received is checked.
@Suite(.serialized)
struct HostileServerTests {
  /// A config and a database in a temporary folder, and `quickdo` run under GNU time.
  final class Desk: @unchecked Sendable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-hostile-desk-\(UUID())")
    var config: String { folder.appendingPathComponent("config.toml").path }
    var database: String { folder.appendingPathComponent("todos.sqlite").path }
    static let password = "s3cret-only-for-the-account"

    init(url: String, extra: String = "", passwordCommand: String? = nil) throws {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try """
        [[sync.caldav]]
        name = "acct"
        url = "\(url)"
        username = "me"
        password_command = \(passwordCommand ?? "[\"echo\", \"\(Self.password)\"]")
        \(extra)
        """.write(toFile: config, atomically: true, encoding: .utf8)
      chmod(config, 0o600)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    struct Result {
      var status: Int32
      var output: String
      var errors: String
      /// Peak resident memory of the process, in MB, and its CPU seconds.
      var peakMB: Double
      var cpuSeconds: Double
      var seconds: Double
    }

    func run(_ arguments: [String]) throws -> Result {
      let measures = folder.appendingPathComponent("time-\(UUID())").path
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
      process.arguments =
        ["-f", "%M %U %S", "-o", measures, SyncCommandTests.binary.path] + arguments + ["--config", config, "--db", database]
      process.environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin"]
      let (output, errors) = (Pipe(), Pipe())
      process.standardOutput = output
      process.standardError = errors
      let start = Date()
      try process.run()
      let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let figures = ((try? String(contentsOfFile: measures, encoding: .utf8)) ?? "")
        .split(separator: "\n").last.map { $0.split(separator: " ").compactMap { Double($0) } } ?? []
      return Result(
        status: process.terminationStatus, output: out,
        // GNU time's own note on a non-zero exit is not quickdo's.
        errors: err.split(separator: "\n", omittingEmptySubsequences: false)
          .filter { !$0.hasPrefix("Command exited with non-zero status") }.joined(separator: "\n"),
        peakMB: (figures.first ?? 0) / 1024, cpuSeconds: figures.count == 3 ? figures[1] + figures[2] : 0,
        seconds: Date().timeIntervalSince(start))
    }

    /// Marks every todo done.
    func completeAll() throws {
      let listed = try run(["list", "--json"])
      let ids = try (JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]] ?? [])
        .compactMap { $0["id"] as? String }
      #expect(!ids.isEmpty)
      #expect(try run(["done"] + ids).status == 0)
    }
  }

  /// The password reached no listener but the account's, and only over its origin.
  func passwordStayed(on server: HostileServer) {
    for request in server.requests() where request.headers["authorization"] != nil {
      #expect(request.listener == "main", "\(request.method) \(request.path) on \(request.listener) had the password")
    }
  }

  @Test func hrefsOutsideTheCalendarAreNeitherReadNorWritten() throws {
    let server = try HostileServer("foreign-hrefs")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    let first = try desk.run(["sync"])
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.errors.components(separatedBy: "outside the calendar").count - 1 == 5, "\(first.errors)")
    let listed = try desk.run(["list"])
    #expect(listed.output.contains("good"))
    #expect(!listed.output.contains("other host") && !listed.output.contains("dot dot") && !listed.output.contains("home"))
    try desk.completeAll()
    let second = try desk.run(["sync"])
    #expect(second.status == 0, "\(second.errors)")
    let writes = server.requests().filter { ["PUT", "DELETE"].contains($0.method) }
    #expect(writes.map { "\($0.listener) \($0.method) \($0.path)" } == ["main PUT /cal/good.ics"])
    #expect(server.requests().allSatisfy { $0.listener == "main" })
    passwordStayed(on: server)
  }

  @Test func aCalendarOnAnotherHostIsSkippedAndNamed() throws {
    let server = try HostileServer("foreign-calendar")
    defer { server.stop() }
    let desk = try Desk(url: server.url("/"))
    let result = try desk.run(["sync"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.contains("calendar \"Evil\" skipped: it is on http://127.0.0.2:\(server.port)"), "\(result.errors)")
    #expect(result.output.contains("acct / Tasks:"))
    #expect(server.requests().allSatisfy { $0.listener == "main" })
    passwordStayed(on: server)
  }

  /// A push subscription in the database, as the agent makes one once the distributor
  /// gave an endpoint: the next sync registers it at the server.
  func subscribe(_ desk: Desk, calendar: String) throws {
    let (status, output) = try CalDAVServer.run(
      "/usr/bin/sqlite3",
      [
        desk.database,
        """
        INSERT INTO push_subscription (calendar, account, token, privateKey, authSecret, endpoint)
        VALUES ('\(calendar)', 'acct', 'token-1',
          X'ab5757a70dd4a53e553a6bbf71ffefea2874ec07a6b379e3c48f895a02dc33de', X'05305932a1c7eabe13b6cec9fda48882', 'https://127.0.0.1:9/push/token-1');
        """,
      ])
    #expect(status == 0, "\(output)")
  }

  func sql(_ desk: Desk, _ query: String) throws -> String {
    try CalDAVServer.run("/usr/bin/sqlite3", [desk.database, query]).output.trimmingCharacters(in: .newlines)
  }

  @Test func aPushSubscriptionPutOnAnotherHostIsNotKept() throws {
    let server = try HostileServer("push-elsewhere")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    #expect(try desk.run(["sync"]).status == 0)
    #expect(try sql(desk, "SELECT pushTopic FROM sync_calendar") == "topic-1")
    try subscribe(desk, calendar: server.url())
    let result = try desk.run(["sync"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.errors.contains("no instant sync: the server put the push subscription on http://127.0.0.2:\(server.port), not the account's server; not used"),
      "\(result.errors)")
    #expect(try sql(desk, "SELECT registration IS NULL FROM push_subscription") == "1")
    #expect(server.requests().contains { $0.method == "POST" && $0.body.contains("<p:push-resource>https://127.0.0.1:9/push/token-1") })
    #expect(server.requests().allSatisfy { $0.listener == "main" })
    passwordStayed(on: server)
  }

  @Test func aHugeTopicIsNoPushAndMalformedAnswersAreRefused() throws {
    let huge = try HostileServer("push-huge")
    defer { huge.stop() }
    let desk = try Desk(url: huge.url())
    let first = try desk.run(["sync"])
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.peakMB < 200)
    #expect(try sql(desk, "SELECT pushTopic IS NULL FROM sync_calendar") == "1")

    let malformed = try HostileServer("push-malformed")
    defer { malformed.stop() }
    let other = try Desk(url: malformed.url())
    #expect(try other.run(["sync"]).status == 0)
    try subscribe(other, calendar: malformed.url())
    let result = try other.run(["sync"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.contains("no instant sync: the server made a push subscription without saying where"), "\(result.errors)")
    #expect(try sql(other, "SELECT registration IS NULL FROM push_subscription") == "1")
    passwordStayed(on: malformed)
  }

  @Test func aRedirectToAnotherHostCarriesNoPassword() throws {
    let server = try HostileServer("redirect-elsewhere")
    defer { server.stop() }
    let result = try Desk(url: server.url()).run(["sync"])
    #expect(result.status == 65)
    #expect(result.errors == "quickdo: sync acct: no calendar at \(server.url()) holds todos\n")
    #expect(server.requests().contains { $0.listener == "other_host" })
    passwordStayed(on: server)
  }

  @Test func aRedirectFromHTTPSToHTTPIsNotFollowed() throws {
    let server = try HostileServer("downgrade", tls: true)
    defer { server.stop() }
    let desk = try Desk(url: server.url("/"), extra: "ca_file = \"\(server.caFile)\"")
    let result = try desk.run(["sync"])
    #expect(result.status == 76)
    #expect(result.errors.contains("redirected from https to http://127.0.0.1:"), "\(result.errors)")
    #expect(server.requests().filter { $0.listener == "plain" }.isEmpty)
    passwordStayed(on: server)
  }

  @Test func aPrivateCAIsTrustedOnlyThroughCAFile() throws {
    let server = try HostileServer("plain-calendar", tls: true)
    defer { server.stop() }
    let without = try Desk(url: server.url())
    let refused = try without.run(["sync"])
    #expect(refused.status == 69)
    #expect(
      refused.errors == "quickdo: sync acct: server unreachable: the TLS certificate of 127.0.0.1:\(server.port) is not trusted; if the server uses a private CA, name its certificate in ca_file\n")
    let with = try Desk(url: server.url(), extra: "ca_file = \"\(server.caFile)\"")
    let synced = try with.run(["sync"])
    #expect(synced.status == 0, "\(synced.errors)")
    #expect(synced.output.contains("1 new"))
  }

  @Test func theLargestSequenceDoesNotTrap() throws {
    let server = try HostileServer("big-sequence")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    #expect(try desk.run(["sync"]).status == 0)
    try desk.completeAll()
    let result = try desk.run(["sync"])
    #expect(result.status == 0, "\(result.errors)")
    let put = try #require(server.requests().first { $0.method == "PUT" })
    #expect(put.body.contains("SEQUENCE:9223372036854775807"))
    #expect(put.body.contains("STATUS:COMPLETED"))
  }

  @Test func aDueInYearZeroIsKeptThereAndShownWithoutIt() throws {
    let server = try HostileServer("year-zero")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    let synced = try desk.run(["sync"])
    #expect(synced.status == 0)
    #expect(synced.errors.contains("DUE of \"year zero\" is outside the years 1900–9999"), "\(synced.errors)")
    let listed = try desk.run(["list", "--json"])
    #expect(listed.status == 0, "\(listed.errors)")
    #expect(listed.output.contains("\"due\":null"), "\(listed.output)")
    #expect(try desk.run(["list"]).status == 0)
    try desk.completeAll()
    #expect(try desk.run(["sync"]).status == 0)
    let put = try #require(server.requests().first { $0.method == "PUT" })
    #expect(put.body.contains("DUE:00000101T000000Z"))
  }

  /// A megabyte calendar name, 100,000 categories, two todos each the other's parent and a
  /// chain of 10,000 subtasks: names and tags are capped (the tag cap named once), and
  /// `list`, `lists` and `list --json` end, in order, without a crash.
  @Test func hostileNamesTagsAndParentsAreCappedAndCyclesAreHarmless() throws {
    let server = try HostileServer("family")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    let synced = try desk.run(["sync"])
    #expect(synced.status == 0, "\(synced.errors)")
    #expect(synced.errors.components(separatedBy: "has 100000 categories").count == 2, "named once: \(synced.errors)")
    let lists = try desk.run(["lists", "--json"])
    #expect(lists.status == 0, "\(lists.errors)")
    let names = try #require(try JSONSerialization.jsonObject(with: Data(lists.output.utf8)) as? [[String: Any]])
      .compactMap { $0["name"] as? String }
    let calendar = try #require(names.first { $0.hasPrefix("Tasks n") })
    #expect(calendar.count == 200 && calendar.hasSuffix("…"))
    let listed = try desk.run(["list"])
    #expect(listed.status == 0, "\(listed.errors)")
    #expect(listed.seconds < 10)
    let lines = listed.output.split(separator: "\n")
    #expect(lines.count == 10_003, "every todo once")
    #expect(lines.contains { $0.contains("cycle a") } && lines.contains { $0.contains("cycle b") })
    // The chain's last todo is indented no deeper than the cap.
    let last = try #require(lines.first { $0.hasSuffix("chain 9999") })
    #expect(last.contains(String(repeating: " ", count: 16) + "chain 9999"))
    let many = try #require(lines.first { $0.contains("many tags") })
    #expect(many.contains("#t0 ") && many.contains("(+90 tags)"), "\(many.prefix(200))")
    let json = try desk.run(["list", "--json"])
    #expect(json.status == 0)
    let todos = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    let tagged = try #require(todos.first { $0["title"] as? String == "many tags" })
    #expect((tagged["tags"] as? [String])?.count == 100)
    let a = try #require(todos.first { $0["title"] as? String == "cycle a" })
    let b = try #require(todos.first { $0["title"] as? String == "cycle b" })
    #expect(a["parent"] as? String == b["id"] as? String && b["parent"] as? String == a["id"] as? String)
    // Done on a todo of the cycle completes both, once.
    #expect(try desk.run(["done", try #require(a["id"] as? String)]).status == 0)
    #expect(try desk.run(["list", "--completed"]).output.split(separator: "\n").count == 2)
  }

  @Test func anAnswerNestedTooDeepIsOneLineNotACrash() throws {
    let server = try HostileServer("deep-xml")
    defer { server.stop() }
    let result = try Desk(url: server.url()).run(["sync"])
    #expect(result.status == 76)
    #expect(result.errors == "quickdo: sync acct: the server's answer to REPORT /cal/ nests elements more than 64 deep (line 1)\n")
  }

  @Test func anAnswerThatIsNotXMLSaysWhereItBreaks() throws {
    let server = try HostileServer("not-xml")
    defer { server.stop() }
    let result = try Desk(url: server.url()).run(["sync"])
    #expect(result.status == 76)
    #expect(result.errors == "quickdo: sync acct: the server's answer to REPORT /cal/ is not valid XML (line 3)\n")
  }

  @Test func aTrickledAnswerEndsAtTheTimeout() throws {
    let server = try HostileServer("trickle")
    defer { server.stop() }
    let result = try Desk(url: server.url(), extra: "timeout = \"2s\"").run(["sync"])
    #expect(result.status == 69)
    #expect(result.errors.contains("did not answer REPORT /cal/ within 2 s"), "\(result.errors)")
    #expect(result.seconds < 10)
  }

  @Test func aSilentServerIsWaitedForWithoutSpendingCPU() throws {
    let server = try HostileServer("silent")
    defer { server.stop() }
    let result = try Desk(url: server.url(), extra: "timeout = \"3s\"").run(["sync"])
    #expect(result.status == 69)
    #expect(result.errors.contains("within 3 s"), "\(result.errors)")
    #expect(result.cpuSeconds < 0.5, "\(result.cpuSeconds) CPU seconds in a 3 s wait")
  }

  /// A 1 MB gzip answer that expands to 1 GiB, and a plain 200 MB answer.
  @Test(arguments: ["gzip-bomb", "huge"])
  func anOversizedAnswerIsCutOffInBoundedMemory(_ scenario: String) throws {
    let server = try HostileServer(scenario)
    defer { server.stop() }
    let result = try Desk(url: server.url()).run(["sync"])
    #expect(result.status == 76)
    #expect(result.errors == "quickdo: sync acct: the answer to REPORT /cal/ is larger than 64 MB\n")
    #expect(result.peakMB < 256, "peak RSS \(result.peakMB) MB")
  }

  @Test func anHrefRepeatedInOneAnswerIsOneTodo() throws {
    let server = try HostileServer("duplicates")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    #expect(try desk.run(["sync"]).status == 0)
    let listed = try desk.run(["list", "--json"])
    let todos = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]]
    #expect(todos?.count == 1)
  }

  @Test func aServerThatRefusesEveryWriteEndsInWords() throws {
    let server = try HostileServer("always-412")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    #expect(try desk.run(["sync"]).status == 0)
    try desk.completeAll()
    let result = try desk.run(["sync"])
    #expect(result.status == 76)
    #expect(result.errors == "quickdo: sync acct: Tasks: the server kept changing the todo (4 tries); try again later\n")
  }

  /// A server that asks for a scheme quickdo does not speak says so; it is not called a
  /// wrong password.
  @Test func anAuthenticationSchemeQuickdoDoesNotSpeakIsNamed() throws {
    let server = try HostileServer("negotiate")
    defer { server.stop() }
    let result = try Desk(url: server.url()).run(["sync"])
    #expect(result.status == 77)
    #expect(
      result.errors
        == "quickdo: sync acct: authentication refused: the server asks for Negotiate authentication, which quickdo does not support\n")
  }

  /// SOGo's surrogate references: the pair reads as the emoji; half a pair reads as
  /// U+FFFD with one line naming that todo; the calendar syncs.
  @Test func surrogateReferencesAsSOGoWritesThemDoNotStopTheCalendar() throws {
    let server = try HostileServer("sogo-emoji")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    let result = try desk.run(["sync"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("2 new"), "\(result.output)")
    #expect(
      result.errors == "quickdo: sync acct / Tasks: \"Broken \u{FFFD} here\" held characters the server wrote in a form XML "
        + "does not allow; they read as U+FFFD\n")
    let titles = try desk.run(["list", "--json"]).output
    #expect(titles.contains("\"Buy 🍎s\""), "\(titles)")
    #expect(titles.contains("\"Broken \u{FFFD} here\""), "\(titles)")
  }

  /// One object refused (403 with sabre/dav's error body): one line with the server's
  /// words and no terminal escape; the other todo is sent, and the exit says partly done.
  @Test func anObjectTheServerRefusesIsNamedAndTheRestIsSent() throws {
    let server = try HostileServer("refuse-one")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    #expect(try desk.run(["sync"]).status == 0)
    try desk.completeAll()
    let result = try desk.run(["sync"])
    #expect(result.status == 2)
    #expect(
      result.errors == "quickdo: sync acct / Tasks: \"refused\": the server refused it (403 Forbidden: no-uid-conflict, "
        + "Calendar object with uid already exists in this calendar collection.\u{FFFD}[31m); kept here and set aside until it "
        + "changes here or `quickdo sync --retry`\n")
    #expect(result.output.contains("1 sent"), "\(result.output)")
    let writes = server.requests().filter { $0.method == "PUT" }.map(\.path)
    #expect(writes.sorted() == ["/cal/kept.ics", "/cal/refused.ics"])
  }

  @Test func aFirstSyncOfThirtyThousandTodosSucceedsInBoundedMemory() throws {
    let server = try HostileServer("big-account")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    let result = try desk.run(["sync"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("30000 new"), "\(result.output)")
    #expect(result.peakMB < 256, "peak RSS \(result.peakMB) MB")
    // Asked with the objects first, then listed and fetched 500 at a time.
    let reports = server.requests().filter { $0.method == "REPORT" }
    #expect(reports.filter { $0.body.contains("sync-collection") }.count == 2)
    #expect(reports.filter { $0.body.contains("calendar-multiget") }.count == 60)
  }

  @Test func aServerThatNamesItselfDAViCalIsAskedForChangesWithoutObjects() throws {
    let server = try HostileServer("davical")
    defer { server.stop() }
    let desk = try Desk(url: server.url())
    let result = try desk.run(["sync"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("2 new"), "\(result.output)")
    // ETags alone, then the objects: DAViCal takes a query per object to refuse their data.
    let reports = server.requests().filter { $0.method == "REPORT" }.map(\.body)
    #expect(reports.count == 2)
    #expect(reports.first?.contains("sync-collection") == true)
    #expect(reports.first?.contains("calendar-data") == false)
    #expect(reports.last?.contains("calendar-multiget") == true)
    // The next sync finds the calendar where discovery kept it, and asks the same way.
    #expect(try desk.run(["sync"]).status == 0)
    let again = server.requests().filter { $0.method == "REPORT" }.map(\.body).dropFirst(2)
    #expect(again.count == 1)
    #expect(again.first?.contains("http://hostile/sync/1") == true)
    #expect(again.first?.contains("calendar-data") == false)
  }

  @Test(arguments: ["close-after-put", "reset-after-put"])
  func aConnectionClosedAfterAWriteIsOpenedAgain(_ scenario: String) throws {
    let server = try HostileServer(scenario)
    defer { server.stop() }
    let desk = try Desk(url: server.url(), extra: "default_calendar = \"Tasks\"")
    #expect(try desk.run(["sync"]).status == 0)
    for title in ["one", "two", "three"] { #expect(try desk.run(["add", title]).status == 0) }
    let result = try desk.run(["sync"])
    #expect(result.status == 0, "\(result.errors)")
    // Each PUT after the first finds its connection closed or reset, and is sent again on a
    // new one.
    let puts = server.requests().filter { $0.method == "PUT" }
    #expect(puts.count == 5)
    #expect(Set(puts.map(\.path)).count == 3)
  }

  @Test func aPasswordCommandThatNeverEndsIsStopped() throws {
    let desk = try Desk(url: "http://127.0.0.1:9/cal/", extra: "timeout = \"2s\"", passwordCommand: "[\"sleep\", \"1000\"]")
    let result = try desk.run(["sync"])
    #expect(result.status == 65)
    #expect(result.errors == "quickdo: sync acct: sync.caldav[1].password_command: sleep did not finish within 2s\n")
    #expect(result.seconds < 8)
  }

  @Test func aPasswordCommandThatPrintsTenMegabytesIsStopped() throws {
    let desk = try Desk(
      url: "http://127.0.0.1:9/cal/",
      passwordCommand: "[\"/usr/bin/python3\", \"-c\", \"import sys; sys.stdout.write('x' * 10_000_000)\"]")
    let result = try desk.run(["sync"])
    #expect(result.status == 65)
    #expect(result.errors.contains("printed more than 64 KiB"), "\(result.errors)")
  }
}
