import Foundation
import ICalendar
import Testing

/// Objects in the shapes Thunderbird, Nextcloud Tasks, tasks.org (DAVx5), Apple
/// Reminders, Synology and eM Client write, read and written back.
struct CalendarObjectTests {
  static let fixtures = [
    "thunderbird", "nextcloud-tasks", "tasks-org", "apple-reminders", "synology", "thunderbird-daily",
    "thunderbird-weekdays", "apple-alarms", "emclient-series", "thunderbird-alarms", "tasks-org-alarms",
    "nextcloud-alarms", "evolution-alarms", "rfc9074-snooze", "hostile-alarms",
  ]

  func fixture(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "ics", subdirectory: "Fixtures"))
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test(arguments: fixtures)
  func anUntouchedObjectIsWrittenBackByteForByte(_ name: String) throws {
    let text = try fixture(name)
    let object = try CalendarObject(parsing: text)
    #expect(object.bytes == Array(text.utf8))
    // Setting every property to what it holds changes nothing either.
    var same = object
    same.update(try #require(object.todo))
    #expect(same.bytes == Array(text.utf8))
  }

  @Test func thunderbirdsTodoIsRead() throws {
    let todo = try #require(try CalendarObject(parsing: fixture("thunderbird")).todo)
    #expect(todo.uid == "0b6e7a2c-5f1d-4b8e-9c3a-2f4d6e8a1b3c")
    #expect(todo.summary == "Renew passport")
    #expect(todo.description == "Bring the old passport, two photos and the form.\nAppointment: Bürgeramt Mitte; ask for the express option if it is offered at the counter.")
    #expect(todo.status == .needsAction)
    #expect(todo.priority == 1)
    #expect(todo.percentComplete == 0)
    #expect(todo.sequence == 2)
    #expect(todo.due == .zoned(.init(year: 2026, month: 12, day: 3, hour: 17, minute: 0, second: 0), timeZoneID: "Europe/Berlin"))
    #expect(todo.due?.date(local: TimeZone(identifier: "UTC")!) == Date(timeIntervalSince1970: 1_796_313_600))
    #expect(todo.lastModified == Date(timeIntervalSince1970: 1_794_735_012))
  }

  @Test func nextcloudsWholeDayDueAndAppleCompletionAreRead() throws {
    let nextcloud = try #require(try CalendarObject(parsing: fixture("nextcloud-tasks")).todo)
    #expect(nextcloud.due == .day(year: 2026, month: 12, day: 5))
    #expect(nextcloud.status == .inProcess)
    // Written without the Z RFC 5545 asks for: read as UTC.
    #expect(nextcloud.lastModified == Date(timeIntervalSince1970: 1_795_020_120))
    let apple = try #require(try CalendarObject(parsing: fixture("apple-reminders")).todo)
    #expect(apple.status == .completed)
    #expect(apple.completed == Date(timeIntervalSince1970: 1_795_165_512))
    #expect(apple.url == "https://example.com/receipt?id=42")
    #expect(apple.summary == "Pick up the dry cleaning")
  }

  /// "Mark done" from quickdo: the owned properties change; every other line keeps its text
  /// and its place, the VALARM's DESCRIPTION included.
  @Test(arguments: fixtures)
  func completingChangesOnlyTheOwnedProperties(_ name: String) throws {
    let text = try fixture(name)
    let before = try CalendarObject(parsing: text)
    var object = before
    var todo = try #require(object.todo)
    let now = Date(timeIntervalSince1970: 1_795_600_000)
    todo.status = .completed
    todo.completed = now
    todo.percentComplete = 100
    todo.lastModified = now
    todo.dtstamp = now
    todo.sequence = (todo.sequence ?? 0) + 1
    object.update(todo)

    let reread = try CalendarObject(parsing: object.text)
    #expect(reread.todo == todo)
    let owned: Set<String> = ["STATUS", "COMPLETED", "PERCENT-COMPLETE", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE"]
    func foreign(_ object: CalendarObject) -> [String] {
      let todoLines = Set(object.todoComponent.map { object.properties(of: $0) } ?? [])
      return object.lines.indices.filter { index in
        !(todoLines.contains(index) && owned.contains(object.lines[index].content.name.uppercased()))
      }.map { object.lines[$0].original.map { String(decoding: $0, as: UTF8.self) } ?? "changed: \(object.lines[$0].content.text)" }
    }
    #expect(foreign(object) == foreign(before))
    if let alarm = object.components("VALARM").first {
      #expect(object.property("ACTION", of: alarm) != nil)
      #expect(object.property("COMPLETED", of: alarm) == nil)
    }
  }

  /// A property the todo lacks is added before its first nested component.
  @Test func anAddedPropertyGoesBeforeTheAlarm() throws {
    var object = try CalendarObject(parsing: fixture("thunderbird"))
    var todo = try #require(object.todo)
    todo.completed = Date(timeIntervalSince1970: 1_795_168_800)
    object.update(todo)
    let component = try #require(object.todoComponent)
    let completed = try #require(object.properties(of: component).first { object.lines[$0].content.is("COMPLETED") })
    let alarm = try #require(object.components("VALARM").first)
    #expect(completed == alarm.lowerBound - 1)
    #expect(object.lines[completed].content.text == "COMPLETED:20261120T100000Z")
  }

  /// A recurring todo: only the master VTODO is read and changed; the override for one
  /// occurrence (RECURRENCE-ID) stays as it was.
  @Test func aRecurringTodosOverrideIsLeftAlone() throws {
    let before = try CalendarObject(parsing: fixture("tasks-org"))
    #expect(before.isRecurring)
    #expect(before.todo?.summary == "Water the plants 🌱")
    var object = before
    var todo = try #require(object.todo)
    todo.summary = "Water the plants 🌱 and the herbs"
    object.update(todo)
    let overrides = { (object: CalendarObject) in
      object.components("VTODO").filter { object.property("RECURRENCE-ID", of: $0) != nil }
        .map { object.lines[$0].map(\.original) }
    }
    #expect(overrides(object) == overrides(before))
    #expect(overrides(object).count == 1)
    #expect(try CalendarObject(parsing: object.text).todo?.summary == "Water the plants 🌱 and the herbs")
  }

  /// Blank lines, and text after the last line break, are written back as they came.
  @Test func blankLinesAndAMissingLastLineBreakAreKept() throws {
    let text = "BEGIN:VCALENDAR\r\n\r\nBEGIN:VTODO\r\nUID:1\r\nEND:VTODO\r\n\r\nEND:VCALENDAR"
    #expect(try CalendarObject(parsing: text).bytes == Array(text.utf8))
  }

  @Test func removingAPropertyDropsItsLine() throws {
    var object = try CalendarObject(parsing: fixture("nextcloud-tasks"))
    var todo = try #require(object.todo)
    todo.due = nil
    object.update(todo)
    #expect(!object.text.contains("DUE"))
    #expect(object.text.contains("RELATED-TO;RELTYPE=PARENT:8e7d6c5b-4a39-4281-9706-f5e4d3c2b1a0\r\n"))
  }

  @Test func synologysUnderscoreNameIsKeptAndTheTodoRead() throws {
    let text = try fixture("synology")
    var object = try CalendarObject(parsing: text)
    var todo = try #require(object.todo)
    #expect(todo.summary == "File the tax return")
    #expect(todo.status == .completed)
    #expect(todo.completed == nil)
    #expect(todo.percentComplete == nil)
    todo.summary = "File the 2026 tax return"
    object.update(todo)
    #expect(object.text == text.replacingOccurrences(of: "SUMMARY:File the tax return", with: "SUMMARY:File the 2026 tax return"))
  }

  @Test func aLineThatIsNotAContentLineIsKeptAndTheRestRead() throws {
    let text = try fixture("emclient-series")
    var object = try CalendarObject(parsing: text)
    var todo = try #require(object.todo)
    #expect(todo.summary == "Team report")
    #expect(todo.description == nil)
    #expect(object.lines.contains { $0.content.isUnreadable })
    todo.status = .inProcess
    object.update(todo)
    #expect(object.text.contains("\r\nDESCRIPTION;LANGUAGE=\"en:weekly numbers for the team\r\n"))
    #expect(object.text.contains("STATUS:IN-PROCESS\r\n"))
    #expect(!object.repeatsByOneRuleAlone)
  }

  @Test func thunderbirdsStartAnchoredSeriesHasNoDue() throws {
    let todo = try #require(try CalendarObject(parsing: fixture("thunderbird-daily")).todo)
    #expect(todo.due == nil)
    #expect(todo.dtstart == .zoned(.init(year: 2026, month: 12, day: 1, hour: 8, minute: 0, second: 0), timeZoneID: "Europe/Berlin"))
    #expect(todo.rrule == "FREQ=DAILY;UNTIL=20261231T070000Z")
  }

  @Test(arguments: [
    ("BEGIN:VTODO\r\nEND:VTODO\r\n", 1),
    ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VCALENDAR\r\n", 3),
    ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VTODO\r\n", 0),
    ("\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", 1),
  ])
  func malformedObjectsAreRefusedWithTheLine(_ text: String, _ line: Int) {
    #expect(throws: ICalendarError.self) { try CalendarObject(parsing: text) }
    do {
      _ = try CalendarObject(parsing: text)
    } catch {
      #expect(error.line == line, "\(error)")
    }
  }
}
