import Foundation
import ICalendar
import Models
import Testing
@testable import TodoSync

/// Repeating todos as tasks.org writes them through DAVx5: a series quickdo follows is read
/// with its rule, and Done here moves DUE and DTSTART to the next time in their own zone,
/// keeping RRULE and everything else as written. Any other series is left to the server.
struct SyncedFieldsRepeatTests {
  let local = TimeZone(identifier: "Europe/Vienna")!
  let now = Date(timeIntervalSince1970: 1_795_600_000)

  /// tasks.org's daily todo at 9:00 Vienna time, with its alarm and sort order.
  static let daily = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:+//IDN tasks.org//android-130804//EN\r
    BEGIN:VTODO\r
    DTSTAMP:20261125T071533Z\r
    UID:7204163930287736411\r
    CREATED:20261102T190021Z\r
    LAST-MODIFIED:20261125T071530Z\r
    SUMMARY:Take the pills\r
    PRIORITY:9\r
    DUE;TZID=Europe/Vienna:20261126T090000\r
    DTSTART;TZID=Europe/Vienna:20261126T083000\r
    RRULE:FREQ=DAILY;COUNT=30\r
    X-APPLE-SORT-ORDER:-1020412\r
    BEGIN:VALARM\r
    TRIGGER;RELATED=END:PT0S\r
    ACTION:DISPLAY\r
    DESCRIPTION:Default Tasks.org description\r
    END:VALARM\r
    END:VTODO\r
    END:VCALENDAR\r

    """

  func at(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int = 0) -> Date {
    LocalDateTime(y, m, d, h, min).date(in: local)
  }

  @Test func aSeriesQuickdoFollowsIsReadWithItsRule() throws {
    let fields = try #require(SyncedFields(try CalendarObject(parsing: Self.daily), local: local, now: now))
    #expect(fields.repeatRule == RepeatRule(.daily, end: .count(30)))
    #expect(fields.due == at(2026, 11, 26, 9))
    #expect(fields.completedAt == nil)
  }

  @Test func doneMovesDueAndStartInTheirZoneAndKeepsTheRest() throws {
    var object = try CalendarObject(parsing: Self.daily)
    let fields = try #require(SyncedFields(object, local: local, now: now))
    // Done at 10:00 on the 26th: due at 9:00 on the 27th, 29 times left.
    let todo = fields.applied(to: Todo(id: UUID(), title: "", createdAt: now))
      .done(at: at(2026, 11, 26, 10), in: local)
    SyncedFields(todo).write(into: &object, local: local, now: now)
    let text = object.text
    #expect(text.contains("DUE;TZID=Europe/Vienna:20261127T090000\r\n"), "\(text)")
    #expect(text.contains("DTSTART;TZID=Europe/Vienna:20261127T083000\r\n"))
    #expect(text.contains("RRULE:FREQ=DAILY;COUNT=29\r\n"))
    #expect(!text.contains("STATUS:COMPLETED"))
    for kept in ["X-APPLE-SORT-ORDER:-1020412", "TRIGGER;RELATED=END:PT0S", "CREATED:20261102T190021Z", "PRIORITY:9"] {
      #expect(text.contains(kept + "\r\n"), "\(kept)")
    }
    let read = try #require(SyncedFields(try CalendarObject(parsing: text), local: local, now: now))
    #expect(read == SyncedFields(todo))
  }

  /// Across the clock change at the end of March, 9:00 stays 9:00 Vienna time.
  @Test func theWallClockTimeStaysAcrossDaylightSaving() throws {
    let march = Self.daily.replacingOccurrences(of: "20261126T09", with: "20270327T09")
      .replacingOccurrences(of: "20261126T08", with: "20270327T08")
    var object = try CalendarObject(parsing: march)
    let fields = try #require(SyncedFields(object, local: local, now: now))
    let todo = fields.applied(to: Todo(id: UUID(), title: "", createdAt: now)).done(at: at(2027, 3, 27, 10), in: local)
    SyncedFields(todo).write(into: &object, local: local, now: now)
    #expect(object.text.contains("DUE;TZID=Europe/Vienna:20270328T090000\r\n"))
    #expect(object.text.contains("DTSTART;TZID=Europe/Vienna:20270328T083000\r\n"))
  }

  /// The phone's series is in Vienna time and this computer in New York's, in the weeks
  /// when only America has moved its clocks: Done here keeps it at 9:00 Vienna time, as
  /// the phone expands it. A DUE in UTC, as quickdo writes the todos made here, keeps
  /// following this computer's zone.
  @Test func aSeriesRunsInTheZoneItsDueIsWrittenIn() throws {
    let newYork = TimeZone(identifier: "America/New_York")!
    let march = Self.daily.replacingOccurrences(of: "20261126T09", with: "20270313T09")
      .replacingOccurrences(of: "20261126T08", with: "20270313T08")
    var object = try CalendarObject(parsing: march)
    let vtodo = try #require(object.todo)
    let fields = SyncedFields(vtodo, in: object, local: newYork, now: now)
    let todo = fields.applied(to: Todo(id: UUID(), title: "", createdAt: now), from: vtodo)
    #expect(todo.repeatZone == "Europe/Vienna")
    SyncedFields(todo.done(at: at(2027, 3, 13, 10), in: newYork)).write(into: &object, local: newYork, now: now)
    #expect(object.text.contains("DUE;TZID=Europe/Vienna:20270314T090000\r\n"), "\(object.text)")
    #expect(object.text.contains("DTSTART;TZID=Europe/Vienna:20270314T083000\r\n"))

    let utc = try CalendarObject(parsing: march.replacingOccurrences(
      of: "DUE;TZID=Europe/Vienna:20270313T090000", with: "DUE:20270313T080000Z"))
    let inUTC = SyncedFields(try #require(utc.todo), in: utc, local: newYork, now: now)
      .applied(to: Todo(id: UUID(), title: "", createdAt: now), from: try #require(utc.todo))
    #expect(inUTC.repeatZone == nil)
    #expect(inUTC.done(at: at(2027, 3, 13, 10), in: newYork).due == LocalDateTime(2027, 3, 14, 3).date(in: newYork))
    let oneOff = SyncedFields(vtodo, in: object, local: newYork, now: now)
    var plain = oneOff
    plain.repeatRule = nil
    #expect(plain.applied(to: todo, from: vtodo).repeatZone == nil, "a todo that does not repeat has no zone")
  }

  @Test(arguments: [
    ("RRULE:FREQ=DAILY;COUNT=30\r\n", "RRULE:FREQ=DAILY;BYSETPOS=1\r\n"),
    ("RRULE:FREQ=DAILY;COUNT=30\r\n", "RRULE:FREQ=HOURLY\r\n"),
    ("RRULE:FREQ=DAILY;COUNT=30\r\n", "RRULE:FREQ=DAILY\r\nEXDATE;TZID=Europe/Vienna:20261127T090000\r\n"),
    ("RRULE:FREQ=DAILY;COUNT=30\r\n", "RRULE:FREQ=DAILY\r\nRDATE;TZID=Europe/Vienna:20261129T120000\r\n"),
    ("END:VTODO\r\nEND:VCALENDAR", "END:VTODO\r\nBEGIN:VTODO\r\nUID:7204163930287736411\r\nRECURRENCE-ID;TZID=Europe/Vienna:20261127T090000\r\nSUMMARY:Take two\r\nEND:VTODO\r\nEND:VCALENDAR"),
  ])
  func anyOtherSeriesIsLeftToTheServer(_ original: String, _ replacement: String) throws {
    let object = try CalendarObject(parsing: Self.daily.replacingOccurrences(of: original, with: replacement))
    #expect(SyncedFields.isLeftToTheServer(object, local: local))
    #expect(SyncedFields(object, local: local, now: now)?.repeatRule == nil)
  }

  @Test func aRuleAddedHereStartsAtTheDueTimeWithItsUntilInUTC() throws {
    let oneOff = Self.daily.replacingOccurrences(of: "RRULE:FREQ=DAILY;COUNT=30\r\n", with: "")
      .replacingOccurrences(of: "DTSTART;TZID=Europe/Vienna:20261126T083000\r\n", with: "")
    var object = try CalendarObject(parsing: oneOff)
    var fields = try #require(SyncedFields(object, local: local, now: now))
    fields.repeatRule = RepeatRule(.weekly, end: .until(LocalDateTime(2026, 12, 31, 23, 59, 59)))
    fields.write(into: &object, local: local, now: now)
    #expect(object.text.contains("RRULE:FREQ=WEEKLY;UNTIL=20261231T225959Z\r\n"), "\(object.text)")
    #expect(object.text.contains("DTSTART;TZID=Europe/Vienna:20261126T090000\r\n"))
  }

  /// Counting from completion is this computer's: iCalendar has no property for it, and
  /// tasks.org writes its rule without one too. A phone's change to the series keeps it
  /// here, and Done here writes the rule as it was, with nothing added.
  @Test func countingFromCompletionStaysHereAcrossThePhonesChanges() throws {
    let weekly = Self.daily.replacingOccurrences(of: "RRULE:FREQ=DAILY;COUNT=30", with: "RRULE:FREQ=WEEKLY")
    var object = try CalendarObject(parsing: weekly)
    let fields = try #require(SyncedFields(object, local: local, now: now))
    var todo = Todo(id: UUID(), title: "", createdAt: now, repeatFrom: .completion)
    todo = fields.applied(to: todo)
    #expect(todo.repeatRule == RepeatRule(.weekly))
    #expect(todo.repeatFrom == .completion)

    // Done at 10:00 on the 28th: a week from that day, at the due time of day.
    todo = todo.done(at: at(2026, 11, 28, 10), in: local)
    #expect(todo.due == at(2026, 12, 5, 9))
    SyncedFields(todo).write(into: &object, local: local, now: now)
    #expect(object.text.contains("RRULE:FREQ=WEEKLY\r\n"), "\(object.text)")
    #expect(object.text.contains("DUE;TZID=Europe/Vienna:20261205T090000\r\n"))
  }

  /// Thunderbird's daily task: anchored at DTSTART, no DUE, an UNTIL.
  static let thunderbirdDaily = """
    BEGIN:VCALENDAR\r
    PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
    VERSION:2.0\r
    BEGIN:VTODO\r
    CREATED:20261120T071500Z\r
    LAST-MODIFIED:20261120T071500Z\r
    DTSTAMP:20261120T071500Z\r
    UID:3c2b1a09-8f7e-4d6c-b5a4-93827160f5e4\r
    SUMMARY:Water the plants\r
    RRULE:FREQ=DAILY;UNTIL=20261231T070000Z\r
    DTSTART;TZID=Europe/Vienna:20261201T080000\r
    SEQUENCE:0\r
    X-MOZ-GENERATION:1\r
    BEGIN:VALARM\r
    ACTION:DISPLAY\r
    TRIGGER;VALUE=DURATION:-PT15M\r
    DESCRIPTION:Default Mozilla Description\r
    END:VALARM\r
    END:VTODO\r
    END:VCALENDAR\r

    """

  @Test func aSeriesAnchoredAtItsStartIsFollowed() throws {
    let object = try CalendarObject(parsing: Self.thunderbirdDaily)
    let fields = try #require(SyncedFields(object, local: local, now: now))
    #expect(fields.due == nil)
    #expect(fields.start == at(2026, 12, 1, 8))
    #expect(fields.repeatRule?.frequency == .daily)
    #expect(SyncedFields.whyLeftToTheServer(object, local: local) == nil)
    let todo = fields.applied(to: Todo(id: UUID(), title: "", createdAt: now), from: try #require(object.todo))
    #expect(todo.repeats && todo.start == at(2026, 12, 1, 8) && todo.due == nil)
    #expect(todo.repeatZone == "Europe/Vienna")
  }

  @Test func doneMovesTheStartOfASeriesWithoutADueAndUndoPutsItBack() throws {
    var object = try CalendarObject(parsing: Self.thunderbirdDaily)
    let fields = try #require(SyncedFields(object, local: local, now: now))
    let pending = fields.applied(to: Todo(id: UUID(), title: "", createdAt: now), from: try #require(object.todo))
    let done = pending.done(at: at(2026, 12, 1, 9), in: local)
    #expect(!done.isComplete && done.due == nil && done.start == at(2026, 12, 2, 8))
    SyncedFields(done).write(into: &object, local: local, now: now)
    let text = object.text
    #expect(text.contains("DTSTART;TZID=Europe/Vienna:20261202T080000\r\n"), "\(text)")
    #expect(!text.contains("DUE") && !text.contains("STATUS:COMPLETED"))
    #expect(text.contains("RRULE:FREQ=DAILY;UNTIL=20261231T070000Z\r\n"))
    #expect(text.contains("TRIGGER;VALUE=DURATION:-PT15M\r\nDESCRIPTION:Default Mozilla Description\r\n"))
    #expect(try #require(SyncedFields(try CalendarObject(parsing: text), local: local, now: now)) == SyncedFields(done))
    let undone = try #require(done.undone(in: local))
    #expect(undone.start == at(2026, 12, 1, 8))
    SyncedFields(undone).write(into: &object, local: local, now: now)
    #expect(object.text.contains("DTSTART;TZID=Europe/Vienna:20261201T080000\r\n"))
    // The last day of its UNTIL completes it for good.
    var last = pending
    last.start = at(2026, 12, 31, 8)
    #expect(last.done(at: at(2026, 12, 31, 9), in: local).isComplete)
  }

  /// Thunderbird's weekday series in UTC: Done on Friday moves it to Monday.
  @Test func aWeekdaySeriesAnchoredAtItsStartSkipsTheWeekend() throws {
    let text = Self.thunderbirdDaily
      .replacingOccurrences(of: "RRULE:FREQ=DAILY;UNTIL=20261231T070000Z", with: "RRULE:FREQ=WEEKLY;UNTIL=20270131T093000Z;BYDAY=MO,TU,WE,TH,FR")
      .replacingOccurrences(of: "DTSTART;TZID=Europe/Vienna:20261201T080000", with: "DTSTART:20261204T093000Z")
    var object = try CalendarObject(parsing: text)
    let fields = try #require(SyncedFields(object, local: local, now: now))
    let todo = fields.applied(to: Todo(id: UUID(), title: "", createdAt: now), from: try #require(object.todo))
      .done(at: Date(timeIntervalSince1970: 1_796_376_600 + 3_600), in: local)
    SyncedFields(todo).write(into: &object, local: local, now: now)
    #expect(object.text.contains("DTSTART:20261207T093000Z\r\n"), "\(object.text)")
  }
}
