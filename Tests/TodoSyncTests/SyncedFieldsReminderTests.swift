import Foundation
import ICalendar
import Models
import Testing

@testable import TodoSync

/// Reminders from the alarms real clients write (the fixtures in
/// Tests/ICalendarTests/Fixtures), and reminders set here written as alarms beside theirs.
struct SyncedFieldsReminderTests {
  let utc = TimeZone(identifier: "UTC")!
  let now = Date(timeIntervalSince1970: 1_795_600_000)

  func object(_ name: String) throws -> CalendarObject {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ICalendarTests/Fixtures")
    return try CalendarObject(parsing: try String(contentsOf: folder.appendingPathComponent("\(name).ics"), encoding: .utf8))
  }

  func reminders(_ name: String) throws -> [Reminder] {
    try #require(SyncedFields(try object(name), local: utc, now: now)).reminders
  }

  func moment(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  @Test func thunderbirdsAlarmsFromTheStartCountFromTheDueTimeAndItsEmailIsNoReminder() throws {
    // DTSTART is 14 days 8 hours (1,238,400 s) before DUE.
    let expected: [Reminder] = [
      .before(4_320_000), .before(1_239_300), .before(86_400), Reminder(.relative(.due, offset: 1_800)),
    ]
    #expect(try reminders("thunderbird-alarms") == expected)
  }

  @Test func tasksOrgsAtStartWhenDueAndAbsoluteAlarmsAreAllReminders() throws {
    #expect(try reminders("tasks-org-alarms") == [
      .before(7_200), .before(1_800), .before(0), Reminder(.absolute(moment("2026-11-21T18:00:00Z"))),
    ])
  }

  @Test func applesPlaceholderIsNoReminder() throws {
    #expect(try reminders("apple-alarms") == [Reminder(.absolute(moment("2026-12-03T08:00:00Z")))])
  }

  @Test func nextcloudsAndEvolutionsAlarmsKeepTheirRepeats() throws {
    #expect(try reminders("nextcloud-alarms") == [.before(172_800), Reminder(.relative(.due, offset: -3_600), repeatCount: 2, interval: 600)])
    #expect(try reminders("evolution-alarms") == [.before(604_800), .before(3_600)])
  }

  @Test func snoozeAndProximityAlarmsAreNoReminders() throws {
    #expect(try reminders("rfc9074-snooze") == [.before(1_800)])
  }

  @Test func alarmsNoOneCanKeepAreSkippedOrCapped() throws {
    #expect(try reminders("hostile-alarms") == [
      .before(600), Reminder(.relative(.due, offset: -300), repeatCount: Reminder.maxRepeats, interval: 1),
    ])
    #expect(
      SyncedFields.alarmProblems(in: try object("hostile-alarms"), title: "x", now: now)
        == "alarms of \"x\": 2 with a trigger that does not read; 2 set more than ten years away; 1 repeating more than 20 times, rung 20 times here; kept on the server as written")
    #expect(SyncedFields.alarmProblems(in: try object("tasks-org-alarms"), title: "x", now: now) == nil)
  }

  @Test func aReminderSetHereIsAnAlarmBesideTheOthersWhichStayAsWritten() throws {
    var object = try object("tasks-org-alarms")
    let before = object.text
    var fields = try #require(SyncedFields(object, local: utc, now: now))
    // The absolute one goes, a day before comes.
    fields.reminders = [.before(86_400), .before(7_200), .before(1_800), .before(0)]
    fields.write(into: &object, local: utc, now: now)
    #expect(try #require(SyncedFields(object, local: utc, now: now)).reminders == fields.reminders)
    let text = object.text
    let absolute = "BEGIN:VALARM\r\nTRIGGER;VALUE=DATE-TIME:20261121T180000Z\r\nACTION:DISPLAY\r\nDESCRIPTION:Default Tasks.org description\r\nEND:VALARM\r\n"
    #expect(before.contains(absolute) && !text.contains(absolute))
    let kept = before.replacingOccurrences(of: absolute, with: "")
    let start = try #require(kept.range(of: "BEGIN:VALARM"))
    let end = try #require(kept.range(of: "END:VALARM\r\nEND:VTODO", options: .backwards))
    #expect(text.contains(String(kept[start.lowerBound..<end.upperBound].dropLast("END:VTODO".count))), "the others, in place, byte for byte")
    let added = try #require(text.range(of: "BEGIN:VALARM\r\nTRIGGER;RELATED=END:-P1D\r\nACTION:DISPLAY\r\nDESCRIPTION:Book the train\r\nUID:"))
    let uid = String(text[added.upperBound...].prefix(36))
    #expect(UUID(uuidString: uid) != nil, "a UID of its own")
    #expect(text[added.upperBound...].dropFirst(36).hasPrefix("\r\nEND:VALARM\r\nEND:VTODO"), "at the end of the todo")
  }

  @Test func removingEveryReminderRemovesOnlyTheAlarmsThatWereReminders() throws {
    var object = try object("thunderbird-alarms")
    var fields = try #require(SyncedFields(object, local: utc, now: now))
    fields.reminders = []
    fields.write(into: &object, local: utc, now: now)
    #expect(object.alarms().map(\.action) == ["EMAIL"], "the email alarm is not a reminder here")
  }
}
