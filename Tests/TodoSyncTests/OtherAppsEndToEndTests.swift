import CalDAVRig
import Foundation
import ICalendar
import Models
import Testing
import TodoSync

/// Todos in the shapes other apps write (Synology, Thunderbird, Apple, eM Client; the
/// fixtures in Tests/ICalendarTests/Fixtures) on a plain store that keeps each PUT byte for
/// byte (hostile.py's byte-store), on Radicale and on Xandikos: every object becomes a todo
/// or is named in `sync --status`, Thunderbird's series anchored at its start repeats, and
/// an edit writes only what it changes.
@Suite(.serialized)
struct OtherAppsEndToEndTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ICalendarTests/Fixtures")
  static let names = ["synology", "thunderbird-daily", "thunderbird-weekdays", "apple-alarms", "emclient-series"]
  static let titles: Set<String> = ["File the tax return", "Water the plants", "Stand-up notes", "Call the dentist", "Team report"]

  /// A fixture's bytes with its dates ten years on, so that a Done pressed today moves a
  /// series rather than finishing it.
  static func fixture(_ name: String) throws -> [UInt8] {
    let text = try String(contentsOf: folder.appendingPathComponent("\(name).ics"), encoding: .utf8)
    return Array(text.replacingOccurrences(of: "2026", with: "2036").replacingOccurrences(of: "2027", with: "2037").utf8)
  }

  static func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
  }

  /// The lines of `bytes` but the stamps a write sets (LAST-MODIFIED, DTSTAMP, SEQUENCE).
  static func unstamped(_ bytes: [UInt8]) -> [String] {
    lines(bytes).filter { line in !["LAST-MODIFIED:", "DTSTAMP:", "SEQUENCE:"].contains { line.hasPrefix($0) } }
  }

  /// Two objects that are not todos quickdo can read.
  static let unclosed = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:cut-short\r\nSUMMARY:Cut short\r\nEND:VCALENDAR\r\n".utf8)
  static let empty = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nEND:VCALENDAR\r\n".utf8)

  func json(_ output: String) -> [[String: Any]] {
    (try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]) ?? []
  }

  @Test func onAStoreThatKeepsEveryByteEveryObjectIsATodoOrNamed() throws {
    let server = try HostileServer("byte-store")
    defer { server.stop() }
    for name in Self.names {
      #expect(try server.request("PUT", "/cal/\(name).ics", body: Self.fixture(name)).status == 201)
    }
    #expect(try server.request("PUT", "/cal/cut-short.ics", body: Self.unclosed).status == 201)
    #expect(try server.request("PUT", "/cal/empty.ics", body: Self.empty).status == 201)
    let desk = try HostileServerTests.Desk(url: server.url())

    let first = try desk.run(["sync"])
    #expect(first.status == 2, "\(first.errors)")
    #expect(first.output.contains("5 new, 2 not readable, set aside"), "\(first.output)")
    #expect(first.errors.contains("/cal/cut-short.ics: not read (line 6: END:VCALENDAR does not close VTODO)"), "\(first.errors)")
    #expect(first.errors.contains("/cal/empty.ics: not read (it holds no VTODO)"), "\(first.errors)")
    let status = try desk.run(["sync", "--status"]).output
    #expect(status.contains("set aside: /cal/cut-short.ics could not be read"), "\(status)")
    #expect(status.contains("set aside: /cal/empty.ics could not be read: it holds no VTODO"), "\(status)")

    let todos = json(try desk.run(["list", "--all", "--json"]).output)
    #expect(Set(todos.compactMap { $0["title"] as? String }) == Self.titles)
    func todo(_ title: String) -> [String: Any] { todos.first { $0["title"] as? String == title } ?? [:] }
    #expect(todo("File the tax return")["isComplete"] as? Bool == true)
    let plants = todo("Water the plants")
    #expect(plants["repeat"] as? String != nil && plants["due"] is NSNull, "\(plants)")
    #expect(plants["start"] as? String == "2036-12-01T07:00:00Z", "\(plants)")
    #expect(try desk.run(["list"]).output.contains("Water the plants  (starts "))

    // Done on the series moves its DTSTART; an edit of the completed todo writes its title.
    let plantsID = try #require(plants["id"] as? String)
    let taxID = try #require(todo("File the tax return")["id"] as? String)
    #expect(try desk.run(["done", plantsID]).status == 0)
    #expect(try desk.run(["edit", taxID, "--title", "File the 2036 tax return"]).status == 0)
    let second = try desk.run(["sync"])
    #expect(second.output.contains("2 sent"), "\(second.output)")
    #expect(!second.errors.contains("cut-short"), "read once, named in the status after: \(second.errors)")

    let daily = try server.request("GET", "/cal/thunderbird-daily.ics").body
    let dailyBefore = try Self.fixture("thunderbird-daily")
    #expect(Self.lines(daily).contains("DTSTART;TZID=Europe/Berlin:20361202T080000"))
    #expect(
      Self.unstamped(daily)
        == Self.unstamped(dailyBefore).map {
          $0 == "DTSTART;TZID=Europe/Berlin:20361201T080000" ? "DTSTART;TZID=Europe/Berlin:20361202T080000" : $0
        })
    let tax = try server.request("GET", "/cal/synology.ics").body
    let taxBefore = try Self.fixture("synology")
    #expect(
      Self.unstamped(tax)
        == Self.unstamped(taxBefore).map { $0 == "SUMMARY:File the tax return" ? "SUMMARY:File the 2036 tax return" : $0 },
      "no COMPLETED or PERCENT-COMPLETE written: \(String(decoding: tax, as: UTF8.self))")

    // Undo puts the series' start back, there too.
    #expect(try desk.run(["undo", plantsID]).status == 0)
    _ = try desk.run(["sync"])
    let undone = try server.request("GET", "/cal/thunderbird-daily.ics").body
    #expect(Self.unstamped(undone) == Self.unstamped(dailyBefore))

    // What quickdo did not change was never written.
    for name in ["thunderbird-weekdays", "apple-alarms", "emclient-series"] {
      #expect(try server.request("GET", "/cal/\(name).ics").body == Self.fixture(name), "\(name)")
    }
    let writes = Set(server.requests().filter { $0.method == "PUT" && $0.headers["if-match"] != nil }.map(\.path))
    #expect(writes == ["/cal/thunderbird-daily.ics", "/cal/synology.ics"])

    // An unreadable object put right is read at the next sync, and no longer named.
    let whole = Array(String(decoding: Self.unclosed, as: UTF8.self).replacingOccurrences(of: "END:VCALENDAR", with: "END:VTODO\r\nEND:VCALENDAR").utf8)
    #expect(try server.request("PUT", "/cal/cut-short.ics", body: whole).status == 204)
    let fixed = try desk.run(["sync"])
    #expect(fixed.output.contains("1 new, 1 not readable, set aside"), "\(fixed.output)")
    #expect(!(try desk.run(["sync", "--status"]).output.contains("cut-short")))
  }

  /// The same objects on Radicale and Xandikos, written as the other apps PUT them: read,
  /// and the start-anchored series moved where the phone reads it.
  @Test(arguments: SyncRepeatEndToEndTests.kinds)
  func onARealServerTheSameTodosAreRead(_ kind: CalDAVServer.Kind) async throws {
    let server = try await RealServerTests().startedServer(kind)
    defer { server.stop() }
    let first = server.scratchPath("thunderbird-weekdays.ics")
    try Data(try Self.fixture("thunderbird-weekdays")).write(to: URL(fileURLWithPath: first))
    let weekdays = try #require(try RealServerTests().create(on: server, [first]).first)
    let calendar = String(weekdays[...(try #require(weekdays.lastIndex(of: "/")))])
    var hrefs: [String: String] = [:]
    for name in Self.names where name != "thunderbird-weekdays" {
      hrefs[name] = calendar + name + ".ics"
      // Radicale (400) and Xandikos (207, storing nothing) refuse eM Client's unclosed
      // quote, as they would from eM Client: there the series goes without that line,
      // which the byte store keeps.
      var bytes = try Self.fixture(name)
      if name == "emclient-series" {
        bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "DESCRIPTION;LANGUAGE=\"en:weekly numbers for the team\r\n", with: "").utf8)
      }
      let put = try await server.request("PUT", calendar + name + ".ics", body: bytes, headers: ["If-None-Match": "*"])
      #expect([201, 204].contains(put.status), "\(kind) \(name): \(put.status)")
    }
    let device = try Device(server: server)
    let notes = try await device.sync().flatMap(\.notes)
    let titles = Set(try await device.todos().map(\.title))
    #expect(titles == Self.titles, "\(titles), \(notes)")
    #expect(try await device.todo(titled: "File the tax return")?.isComplete == true)
    let plants = try #require(try await device.todo(titled: "Water the plants"))
    #expect(plants.repeats && plants.due == nil)
    #expect(plants.start == Date(timeIntervalSince1970: 2_111_727_600), "2036-12-01 08:00 in Berlin")

    var tax = try #require(try await device.todo(titled: "File the tax return"))
    tax.title = "File the 2036 tax return"
    try await device.storage.upsert([plants.done(at: Date(), in: .current), tax])
    #expect(try await device.sync().map(\.sent) == [2])
    let seen = try server.phone("fields", [try #require(hrefs["thunderbird-daily"])])
    #expect(seen.output.contains("DTSTART 20361202T080000\n") && seen.output.contains("DUE -\n"), "\(seen.output)")
    #expect(seen.output.contains("RRULE FREQ=DAILY;UNTIL=20361231T070000Z\n"), "\(seen.output)")
    let done = try server.phone("fields", [try #require(hrefs["synology"])])
    #expect(done.output.contains("STATUS COMPLETED\n") && done.output.contains("COMPLETED -\n"), "\(done.output)")
    #expect(done.output.contains("SUMMARY File the 2036 tax return\n"), "\(done.output)")
  }
}
