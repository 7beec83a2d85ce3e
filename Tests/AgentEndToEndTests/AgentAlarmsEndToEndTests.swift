import CalDAVRig
import Foundation
import Testing

/// The alarms phones write, end to end: the python caldav phone puts each client's shape
/// on Radicale and on the three sabre/dav setups, with one alarm a minute or so ahead; the
/// agent (python-dbusmock's notification server, one notification beyond the selected
/// "Top") shows each todo within 2 s of its alarm, never at `reminders.default`'s 15
/// minutes, and not for an alarm another device acknowledged. A snooze here reaches each
/// server in every form the phones read, with every other line as it was.
@Suite(.serialized)
struct AgentAlarmsEndToEndTests {
  static let servers: [CalDAVServer.Kind] = [.radicale, .sabredav, .nextcloud, .baikal]

  static func stamp(_ date: Date) -> String {
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "UTC")
    format.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return format.string(from: date)
  }

  /// A todo in one client's shape whose alarm rings at `at` (`name` tells whose, and on
  /// which server); an earlier alarm of Thunderbird's was acknowledged a minute ago, and
  /// each is due so that 15 minutes before it has passed.
  static func shapes(_ server: String, ringingFrom first: Date, now: Date) -> [(title: String, at: Date, ics: String)] {
    func at(_ k: Int, _ seconds: TimeInterval = 0) -> String { stamp(first.addingTimeInterval(TimeInterval(k) + seconds)) }
    let created = stamp(now.addingTimeInterval(-3_600))
    let shapes: [(String, String, String)] = [
      (
        "Thunderbird", "-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
        """
        CREATED:\(created)
        LAST-MODIFIED:\(created)
        DTSTAMP:\(created)
        DTSTART:\(at(0, -3_600))
        DUE:\(at(0, 600))
        X-MOZ-LASTACK:\(stamp(now.addingTimeInterval(-60)))
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DURATION;RELATED=END:-P1D
        DESCRIPTION:Default Mozilla Description
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DURATION:PT1H
        DESCRIPTION:Default Mozilla Description
        END:VALARM
        BEGIN:VALARM
        ACTION:EMAIL
        TRIGGER;VALUE=DURATION;RELATED=END:-PT20M
        ATTENDEE:mailto:me@example.com
        SUMMARY:Due soon
        DESCRIPTION:Due soon
        END:VALARM
        """
      ),
      (
        "Apple", "-//Apple Inc.//iOS 18.1//EN",
        """
        DTSTAMP:\(created)
        STATUS:NEEDS-ACTION
        DUE:\(at(1, 300))
        BEGIN:VALARM
        X-WR-ALARMUID:A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D
        UID:A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D
        TRIGGER;VALUE=DATE-TIME:\(at(1))
        ACTION:DISPLAY
        END:VALARM
        BEGIN:VALARM
        X-WR-ALARMUID:F0E1D2C3-B4A5-4968-8776-655443322110
        UID:F0E1D2C3-B4A5-4968-8776-655443322110
        TRIGGER;VALUE=DATE-TIME:19760401T005545Z
        ACTION:NONE
        X-APPLE-DEFAULT-ALARM:TRUE
        END:VALARM
        """
      ),
      (
        "tasks.org", "+//IDN tasks.org//android-130500//EN",
        """
        DTSTAMP:\(created)
        DTSTART:\(at(2))
        DUE:\(at(2, 3_600))
        BEGIN:VALARM
        TRIGGER;RELATED=START:PT0S
        ACTION:DISPLAY
        DESCRIPTION:Default Tasks.org description
        END:VALARM
        BEGIN:VALARM
        TRIGGER;RELATED=END:PT0S
        ACTION:DISPLAY
        DESCRIPTION:Default Tasks.org description
        END:VALARM
        """
      ),
      (
        "Nextcloud Tasks", "-//Nextcloud Tasks v0.16.1",
        """
        DTSTAMP:\(created)
        DUE:\(at(3, 120))
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;RELATED=END:-PT2M
        DESCRIPTION:Nextcloud Tasks
        END:VALARM
        """
      ),
      (
        "Evolution", "-//Ximian//NONSGML Evolution Calendar//EN",
        """
        DTSTAMP:\(created)
        DTSTART:\(at(4, 900))
        DUE:\(at(4, 1_800))
        BEGIN:VALARM
        X-EVOLUTION-ALARM-UID:20261123T101025Z-4242-1000-1-8@laptop
        ACTION:AUDIO
        TRIGGER;VALUE=DURATION;RELATED=START:-PT15M
        END:VALARM
        """
      ),
      (
        "RFC 9074", "-//Example Corp.//RFC 9074//EN",
        """
        DTSTAMP:\(created)
        DUE:\(at(5, 1_800))
        BEGIN:VALARM
        UID:8297C37D-BA2D-4476-91AE-C1EAA364F8E1
        TRIGGER;RELATED=END:-PT40M
        ACTION:DISPLAY
        DESCRIPTION:Snoozed on a phone
        ACKNOWLEDGED:\(stamp(now.addingTimeInterval(-30)))
        END:VALARM
        BEGIN:VALARM
        UID:DE7B5C34-83FF-47FE-BE9E-FF41AE6DD097
        TRIGGER;VALUE=DATE-TIME:\(at(5))
        RELATED-TO;RELTYPE=SNOOZE:8297C37D-BA2D-4476-91AE-C1EAA364F8E1
        ACTION:DISPLAY
        DESCRIPTION:Snoozed on a phone
        END:VALARM
        """
      ),
    ]
    return shapes.enumerated().map { k, shape in
      let (client, prodid, body) = shape
      let title = "\(client) on \(server)"
      let ics = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:\(prodid)\nBEGIN:VTODO\nUID:\(client)-\(server)@phone\nSUMMARY:\(title)\n\(body)\nEND:VTODO\nEND:VCALENDAR\n"
      return (title, first.addingTimeInterval(TimeInterval(k)), ics.replacingOccurrences(of: "\n", with: "\r\n"))
    }
  }

  @Test func eachClientsAlarmRingsWithinTwoSecondsAndASnoozeHereReachesEveryServer() async throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    var servers: [CalDAVServer] = []
    defer { servers.forEach { $0.stop() } }
    for kind in Self.servers { servers.append(try await CalDAVServer.started(kind)) }

    // The alarms ring from a minute after the phone puts the todos, one a second.
    let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    var expected: [(title: String, at: Date)] = []
    var hrefs: [String: String] = [:]
    for (s, server) in servers.enumerated() {
      let shapes = Self.shapes(server.kind.rawValue, ringingFrom: now.addingTimeInterval(60 + 6 * Double(s)), now: now)
      let files = try shapes.enumerated().map { k, shape in
        let path = rig.directory.appendingPathComponent("\(server.kind.rawValue)-\(k).ics").path
        try shape.ics.write(toFile: path, atomically: true, encoding: .utf8)
        return path
      }
      let created = try server.phone("create", ["Tasks"] + files)
      try #require(created.status == 0, "\(server.kind): \(created.output)")
      for (shape, href) in zip(shapes, created.output.split(separator: "\n")) { hrefs[shape.title] = String(href) }
      expected += shapes.map { ($0.title, $0.at) }
    }
    let last = try #require(expected.map(\.at).max())
    try #require(Date() < now.addingTimeInterval(55), "the servers took the minute")

    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig(
      "[notifications]\nmax = 1\n"
        + servers.map {
          "[[sync.caldav]]\nname = \"\($0.kind.rawValue)\"\nurl = \"\($0.url)\"\nusername = \"\($0.user)\"\npassword = \"\($0.password)\"\n"
        }.joined())
    #expect(try quickdo.cli("add", "Top", "--priority", "high").status == 0)
    try quickdo.startAgent()

    // Each title's first Notify, as seen polling the mock.
    var seen: [String: Date] = [:]
    while Date() < last.addingTimeInterval(4), seen.count < expected.count + 1 {
      let calls = try rig.notifyCalls()
      for title in expected.map(\.title) + ["Top"] where seen[title] == nil && calls.contains(where: { $0.contains("<'\(title)'>") }) {
        seen[title] = Date()
      }
      usleep(50_000)
    }
    #expect(seen["Top"] != nil, "\(quickdo.agentLog)")
    var errors: [TimeInterval] = []
    for (title, at) in expected {
      guard let shown = seen[title] else {
        Issue.record("\(title) was not shown by \(Self.stamp(last.addingTimeInterval(4)))\n\(quickdo.agentLog)")
        continue
      }
      let error = shown.timeIntervalSince(at)
      #expect(error >= -0.1 && error <= 2, "\(title) shown \(error) s from its alarm")
      errors.append(error)
    }
    errors.sort()
    if !errors.isEmpty {
      print(
        "alarms: \(errors.count), firing error p50 \(String(format: "%.2f", errors[errors.count / 2])) s, "
          + "max \(String(format: "%.2f", errors.last!)) s")
    }
    // Once each: neither the acknowledged alarm nor the default's moment rang before.
    try await Task.sleep(for: .seconds(1))
    let calls = try rig.notifyCalls()
    for (title, _) in expected {
      #expect(calls.count { $0.contains("<'\(title)'>") } == 1, "\(title): \(calls.filter { $0.contains(title) })")
    }

    // Snoozed here: each server's copy has the snooze in every form, the rest as it was.
    let todos = try quickdo.todos()
    for server in servers {
      let title = "Thunderbird on \(server.kind.rawValue)"
      let href = try #require(hrefs[title])
      let before = rig.directory.appendingPathComponent("\(server.kind.rawValue)-before.ics")
      let stored = try server.phone("get", [href])
      try #require(stored.status == 0, "\(server.kind): \(stored.output)\n\(quickdo.agentLog)")
      try stored.output.write(to: before, atomically: true, encoding: .utf8)
      let id = try #require(todos.first { $0["title"] as? String == title }?["id"] as? String)
      #expect(try quickdo.cli("snooze", id, "1h").status == 0)
      var checked = (status: Int32(1), output: "")
      try waitUntil("\(server.kind) has the snooze", timeout: 20) {
        checked = try server.phone("snoozed", [href, before.path])
        return !checked.output.contains("no X-MOZ-SNOOZE-TIME")
      }
      #expect(checked.status == 0, "\(server.kind): \(checked.output)\n\(quickdo.agentLog)")
    }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }
}
