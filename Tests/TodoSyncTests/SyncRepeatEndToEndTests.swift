import CalDAVRig
import Foundation
import ICalendar
import Models
import Testing
import TodoSync

/// Repeating todos end to end on Radicale and Xandikos, the python caldav library as the
/// phone: a tasks.org-style daily todo made on the phone, Done here moving it there, the
/// phone completing an occurrence or changing the rule and the desktop following.
@Suite(.serialized)
struct SyncRepeatEndToEndTests {
  static let kinds: [CalDAVServer.Kind] = [.radicale, .xandikos]

  /// A daily todo at 9:00 Vienna time, starting at 8:30, as tasks.org writes one, due
  /// `days` days from now.
  func daily(dueIn days: Int, on server: CalDAVServer) throws -> String {
    let zone = TimeZone(identifier: "Europe/Vienna")!
    let day = LocalDateTime(Date().addingTimeInterval(Double(days) * 86_400), in: zone)
    let date = String(format: "%04d%02d%02d", day.year, day.month, day.day)
    let text = SyncedFieldsRepeatTests.daily
      .replacingOccurrences(of: "20261126T09", with: "\(date)T09")
      .replacingOccurrences(of: "20261126T08", with: "\(date)T08")
      .replacingOccurrences(of: "RRULE:FREQ=DAILY;COUNT=30", with: "RRULE:FREQ=DAILY")
    let path = server.scratchPath("daily.ics")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: kinds)
  func doneHereMovesItOnThePhoneAndThePhonesCompletionMovesItHere(_ kind: CalDAVServer.Kind) async throws {
    let server = try await RealServerTests().startedServer(kind)
    defer { server.stop() }
    let href = try #require(try RealServerTests().create(on: server, [try daily(dueIn: 2, on: server)]).first)
    let device = try Device(server: server)
    try await device.sync()
    let pills = try #require(try await device.todo(titled: "Take the pills"))
    #expect(pills.repeatRule == RepeatRule(.daily))
    let before = try RealServerTests().saved(try await server.request("GET", href).body, on: server)

    // Done here, early: the next time is the day after.
    let moved = pills.done(at: Date(), in: .current)
    #expect(!moved.isComplete && moved.due == pills.due.map { $0.addingTimeInterval(86_400) })
    try await device.storage.upsert([moved])
    #expect(try await device.sync().map(\.sent) == [1])
    let seen = try server.phone("occurrence", [href, before])
    #expect(seen.status == 0, "\(seen.output)")
    let next = try #require(moved.due.map { LocalDateTime($0, in: TimeZone(identifier: "Europe/Vienna")!) })
    #expect(seen.output.contains("DUE \(next.basicText)"), "\(seen.output)")
    #expect(seen.output.contains("DTSTART \(next.basicText.prefix(9))083000"), "\(seen.output)")

    // The phone completes that occurrence: the desktop's todo moves with it.
    let completed = try server.phone("complete-occurrence", [href])
    try #require(completed.status == 0, "\(completed.output)")
    try await device.sync()
    let followed = try #require(try await device.todo(titled: "Take the pills"))
    #expect(followed.due == moved.due.map { $0.addingTimeInterval(86_400) })
    #expect(!followed.isComplete)
    #expect(followed.repeatRule == RepeatRule(.daily))

    // The phone changes the rule: the desktop repeats by the new one.
    let changed = try server.phone("set-rule", [href, "FREQ=WEEKLY;BYDAY=MO,TH"])
    try #require(changed.status == 0, "\(changed.output)")
    try await device.sync()
    let weekly = try #require(try await device.todo(titled: "Take the pills"))
    #expect(weekly.repeatRule == RepeatRule(.weekly, byDay: [.init(.monday), .init(.thursday)]))
  }

  /// A series quickdo does not follow (an override from tasks.org) stays as the server has
  /// it, byte for byte, though Done was pressed here.
  @Test(arguments: kinds)
  func aSeriesLeftToTheServerStaysByteForByte(_ kind: CalDAVServer.Kind) async throws {
    let server = try await RealServerTests().startedServer(kind)
    defer { server.stop() }
    let tasksOrg = try #require(RealServerTests.fixtures.first { $0.hasSuffix("tasks-org.ics") })
    let href = try #require(try RealServerTests().create(on: server, [tasksOrg]).first)
    let device = try Device(server: server)
    try await device.sync()
    let before = try await server.request("GET", href).body
    var todo = try #require(try await device.todos().first)
    #expect(todo.repeatRule == nil)
    todo = todo.done(at: Date(), in: .current)
    try await device.storage.upsert([todo])
    let report = try #require(try await device.sync().first)
    #expect(report.keptHere == 1)
    #expect(report.notes.contains { $0.contains("kept here, not sent: its series has exceptions") }, "\(report.notes)")
    #expect(try await server.request("GET", href).body == before)
  }
}
