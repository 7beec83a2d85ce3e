import CalDAVRig
import Foundation
import Testing

/// The alarms other apps write, synced from a store that keeps each PUT byte for byte
/// (hostile.py's byte-store): each becomes the todo's reminders, what cannot be kept is
/// named in one line per todo, a reminder added here is written beside the others, and an
/// object nothing changed is never written.
@Suite(.serialized)
struct AlarmsEndToEndTests {
  static let names = [
    "thunderbird-alarms", "tasks-org-alarms", "nextcloud-alarms", "evolution-alarms", "rfc9074-snooze", "hostile-alarms",
  ]

  /// A todo with 10,000 alarms.
  static let crowded: [UInt8] = {
    let alarm = "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:-PT5M\r\nEND:VALARM\r\n"
    return Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VTODO\r\nUID:crowded\r\nSUMMARY:Crowded\r\n"
        + "DUE:20361201T090000Z\r\n" + String(repeating: alarm, count: 10_000) + "END:VTODO\r\nEND:VCALENDAR\r\n").utf8)
  }()

  /// A fixture ten years on (`OtherAppsEndToEndTests.fixture`), but for when a device dealt
  /// with its alarms, which stays in the past.
  static func fixture(_ name: String) throws -> [UInt8] {
    let lines = OtherAppsEndToEndTests.lines(try OtherAppsEndToEndTests.fixture(name)).map { line in
      line.hasPrefix("X-MOZ-LASTACK:2036") || line.hasPrefix("ACKNOWLEDGED:2036")
        ? line.replacingOccurrences(of: ":2036", with: ":2026") : line
    }
    return Array(lines.joined(separator: "\r\n").utf8)
  }

  func json(_ output: String) -> [[String: Any]] {
    (try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]) ?? []
  }

  @Test func everyClientsAlarmsAreRemindersAndOnlyWhatChangedIsWritten() throws {
    let server = try HostileServer("byte-store")
    defer { server.stop() }
    for name in Self.names {
      #expect(try server.request("PUT", "/cal/\(name).ics", body: Self.fixture(name)).status == 201)
    }
    #expect(try server.request("PUT", "/cal/crowded.ics", body: Self.crowded).status == 201)
    let desk = try HostileServerTests.Desk(url: server.url())

    let first = try desk.run(["sync"])
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.output.contains("7 new"), "\(first.output)")
    #expect(
      first.errors.contains(
        "alarms of \"Alarms no one can keep\": 1 acknowledged in the future, not counted; 2 with a trigger that does not read; 2 set more than ten years away; 1 repeating more than 20 times, rung 20 times here; kept on the server as written"),
      "\(first.errors)")
    #expect(
      first.errors.contains("alarms of \"Crowded\": more than 50, of which the first 50 are reminders here; kept on the server as written"),
      "\(first.errors)")
    #expect(first.errors.components(separatedBy: "alarms of").count == 3, "one line per todo: \(first.errors)")

    let todos = json(try desk.run(["list", "--all", "--json"]).output)
    func reminders(_ title: String) -> Int {
      (todos.first { $0["title"] as? String == title }?["reminders"] as? [Any])?.count ?? -1
    }
    #expect(reminders("Submit the grant report") == 4)
    #expect(reminders("Book the train") == 4)
    #expect(reminders("Pay the electricity bill") == 2)
    #expect(reminders("Renew the car insurance") == 2)
    #expect(reminders("Water the lemon tree") == 1)
    #expect(reminders("Alarms no one can keep") == 2)
    #expect(reminders("Crowded") == 50)

    // A reminder added here: one alarm more at the end, every other line as it was.
    let train = try #require(todos.first { $0["title"] as? String == "Book the train" }?["id"] as? String)
    let edited = try desk.run(["edit", train, "--remind", "2h", "--remind", "30m", "--remind", "0s", "--remind", "1d"])
    #expect(edited.status == 0, "\(edited.errors)")
    let second = try desk.run(["sync"])
    #expect(second.output.contains("1 sent"), "\(second.output)")
    #expect(!second.errors.contains("alarms of"), "said once: \(second.errors)")
    let stored = String(decoding: try server.request("GET", "/cal/tasks-org-alarms.ics").body, as: UTF8.self)
    let before = String(decoding: try Self.fixture("tasks-org-alarms"), as: UTF8.self)
    let absolute = "BEGIN:VALARM\r\nTRIGGER;VALUE=DATE-TIME:20361121T180000Z\r\nACTION:DISPLAY\r\nDESCRIPTION:Default Tasks.org description\r\nEND:VALARM\r\n"
    #expect(before.contains(absolute) && !stored.contains(absolute), "the absolute one was not asked for again")
    #expect(stored.contains("BEGIN:VALARM\r\nTRIGGER;RELATED=END:-P1D\r\nACTION:DISPLAY\r\nDESCRIPTION:Book the train\r\nUID:"))
    let kept = OtherAppsEndToEndTests.unstamped(Array(before.replacingOccurrences(of: absolute, with: "").utf8))
    let now = OtherAppsEndToEndTests.unstamped(Array(stored.utf8))
    #expect(kept.allSatisfy(now.contains), "every other line is kept")
    let writes = Set(server.requests().filter { $0.method == "PUT" && $0.headers["if-match"] != nil }.map(\.path))
    #expect(writes == ["/cal/tasks-org-alarms.ics"])
  }
}
