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
        == "alarms of \"x\": 1 acknowledged in the future, not counted; 2 with a trigger that does not read; 2 set more than ten years away; 1 repeating more than 20 times, rung 20 times here; kept on the server as written")
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

/// A snooze as the phones write and read it: Thunderbird's and tasks.org's
/// `X-MOZ-SNOOZE-TIME` and `X-MOZ-LASTACK`, RFC 9074's acknowledgement and snooze alarm.
struct SyncedFieldsSnoozeTests {
  let utc = TimeZone(identifier: "UTC")!

  func object(_ name: String) throws -> CalendarObject {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ICalendarTests/Fixtures")
    return try CalendarObject(parsing: try String(contentsOf: folder.appendingPathComponent("\(name).ics"), encoding: .utf8))
  }

  func moment(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  @Test func aPhonesSnoozeIsRead() throws {
    let now = moment("2026-11-21T11:00:00Z")
    #expect(try SyncedFields(object("tasks-org-alarms"), local: utc, now: now)?.snoozedUntil == moment("2026-11-21T12:00:00Z"))
    #expect(try SyncedFields(object("rfc9074-snooze"), local: utc, now: now)?.snoozedUntil == moment("2026-11-24T16:45:00Z"))
    #expect(try SyncedFields(object("evolution-alarms"), local: utc, now: now)?.snoozedUntil == nil)
  }

  @Test func aSnoozeHereIsWrittenInEveryFormAndTheRestStaysAsWritten() throws {
    // Evolution's todo is due on Dec 10; its alarm a week before rang on Dec 3, the one an
    // hour before has not.
    let now = moment("2026-12-05T10:00:00Z")
    var object = try object("evolution-alarms")
    let before = object.text
    var fields = try #require(SyncedFields(object, local: utc, now: now))
    let until = moment("2026-12-05T11:00:00Z")
    fields.snoozedUntil = until
    fields.write(into: &object, local: utc, now: now)
    let text = object.text
    #expect(try #require(SyncedFields(object, local: utc, now: now)).snoozedUntil == until)
    #expect(text.contains("X-MOZ-SNOOZE-TIME:20261205T110000Z\r\n"))
    #expect(text.contains("X-MOZ-LASTACK:20261205T100000Z\r\n"))
    // The alarm that rang is acknowledged, with a UID given, and a snooze alarm names it.
    let alarms = object.alarms()
    #expect(alarms.count == 3)
    let snooze = try #require(alarms.last)
    #expect(snooze.trigger == .absolute(until))
    #expect(snooze.snoozes != nil && snooze.snoozes == alarms[1].uid)
    #expect(alarms[1].uid != nil && text.contains("ACKNOWLEDGED:20261205T100000Z"))
    #expect(alarms[0].uid == nil, "the alarm that did not ring is left as it was")
    // Snoozed again: the earlier snooze alarm is replaced, not added to.
    var again = try #require(SyncedFields(object, local: utc, now: now))
    again.snoozedUntil = until.addingTimeInterval(3_600)
    again.write(into: &object, local: utc, now: now)
    #expect(object.alarms().filter { $0.snoozes != nil }.count == 1)
    // Every line the snooze does not own is still there, as written.
    let owned = ["X-MOZ-SNOOZE-TIME", "X-MOZ-LASTACK", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE"]
    for line in before.components(separatedBy: "\r\n") where !line.isEmpty && !owned.contains(where: line.hasPrefix) {
      #expect(object.text.contains(line), "\(line)")
    }
  }

  @Test func aSeriesIsSnoozedForItsOccurrenceAlone() throws {
    let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:s\r\nSUMMARY:Pills\r\nDUE:20261201T090000Z\r\nRRULE:FREQ=DAILY\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    var object = try CalendarObject(parsing: text)
    let now = moment("2026-12-01T09:05:00Z")
    var fields = try #require(SyncedFields(object, local: utc, now: now))
    fields.snoozedUntil = moment("2026-12-01T10:00:00Z")
    fields.write(into: &object, local: utc, now: now)
    #expect(object.text.contains("X-MOZ-SNOOZE-TIME-1796115600000000:20261201T100000Z\r\n"))
    #expect(try #require(SyncedFields(object, local: utc, now: now)).snoozedUntil == moment("2026-12-01T10:00:00Z"))
  }

  @Test func anAcknowledgementElsewhereIsReadAndOneInTheFutureIsNot() throws {
    let now = moment("2026-11-24T17:00:00Z")
    // RFC 9074's ACKNOWLEDGED on the alarm; Thunderbird's X-MOZ-LASTACK on the todo.
    #expect(try SyncedFields(object("rfc9074-snooze"), local: utc, now: now)?.acknowledged == moment("2026-11-24T16:35:00Z"))
    #expect(try SyncedFields(object("thunderbird-alarms"), local: utc, now: now)?.acknowledged == moment("2026-11-20T08:17:00Z"))
    #expect(try SyncedFields(object("evolution-alarms"), local: utc, now: now)?.acknowledged == nil)
    // The year 2999's is a clock gone wrong: it counts for nothing, and is named.
    #expect(try SyncedFields(object("hostile-alarms"), local: utc, now: now)?.acknowledged == nil)
    // A phone's clock a little ahead still counts.
    let ahead = try CalendarObject(
      parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:a\r\nX-MOZ-LASTACK:20261124T170030Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    #expect(SyncedFields(ahead, local: utc, now: now)?.acknowledged == moment("2026-11-24T17:00:30Z"))
    #expect(SyncedFields.alarmProblems(in: ahead, title: "a", now: now) == nil)
    // Read into the todo, and kept apart from what a merge compares.
    var fields = try #require(SyncedFields(object("rfc9074-snooze"), local: utc, now: now))
    let todo = fields.applied(to: Todo(id: UUID(), title: "", createdAt: now))
    #expect(todo.acknowledgedUntil == moment("2026-11-24T16:35:00Z"))
    #expect(SyncedFields(todo).acknowledged == todo.acknowledgedUntil)
    let read = fields
    fields.acknowledged = nil
    #expect(fields == read)
  }

  @Test func doneHereAcknowledgesSoNoDeviceRings() throws {
    let now = moment("2026-11-21T11:00:00Z")
    var object = try object("tasks-org-alarms")
    var fields = try #require(SyncedFields(object, local: utc, now: now))
    fields.completedAt = now
    fields.write(into: &object, local: utc, now: now)
    #expect(object.text.contains("X-MOZ-LASTACK:20261121T110000Z\r\n"))
  }
}
