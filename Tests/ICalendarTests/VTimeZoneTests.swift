import Foundation
import ICalendar
import Testing

/// TZIDs that are not IANA names, resolved through the object's own VTIMEZONE.
struct VTimeZoneTests {
  /// As Outlook writes Central European Time: Windows name, yearly rules.
  static let outlook = """
    BEGIN:VCALENDAR\r
    PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN\r
    VERSION:2.0\r
    BEGIN:VTIMEZONE\r
    TZID:W. Europe Standard Time\r
    BEGIN:STANDARD\r
    DTSTART:16011028T030000\r
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
    TZOFFSETFROM:+0200\r
    TZOFFSETTO:+0100\r
    END:STANDARD\r
    BEGIN:DAYLIGHT\r
    DTSTART:16010325T020000\r
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
    TZOFFSETFROM:+0100\r
    TZOFFSETTO:+0200\r
    END:DAYLIGHT\r
    END:VTIMEZONE\r
    BEGIN:VTODO\r
    UID:outlook-1\r
    DUE;TZID=W. Europe Standard Time:20261203T170000\r
    END:VTODO\r
    END:VCALENDAR\r

    """

  func moment(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text)!
  }

  func due(_ object: CalendarObject, _ clock: String) throws -> Date? {
    let line = try #require(ContentLine(parsing: "DUE;TZID=W. Europe Standard Time:" + clock))
    let value = try #require(DateTimeValue(line))
    return object.date(of: value, local: TimeZone(identifier: "UTC")!)
  }

  @Test func winterAndSummerTimesAndTheirChanges() throws {
    let object = try CalendarObject(parsing: Self.outlook)
    #expect(try due(object, "20261203T170000") == moment("2026-12-03T16:00:00Z"))
    #expect(try due(object, "20260701T120000") == moment("2026-07-01T10:00:00Z"))
    // 2026's changes: 29 March (02:00 → 03:00) and 25 October (03:00 → 02:00).
    #expect(try due(object, "20260329T015959") == moment("2026-03-29T00:59:59Z"))
    #expect(try due(object, "20260329T030000") == moment("2026-03-29T01:00:00Z"))
    #expect(try due(object, "20260329T023000") == moment("2026-03-29T01:30:00Z"))  // skipped hour
    #expect(try due(object, "20261025T023000") == moment("2026-10-25T00:30:00Z"))  // the first of two
    #expect(try due(object, "20261025T030000") == moment("2026-10-25T02:00:00Z"))
    // The same as the system's Europe/Berlin, every hour of 2026.
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
    let zone = try #require(object.timeZone("W. Europe Standard Time"))
    var instant = moment("2026-01-01T00:00:00Z")
    while instant < moment("2027-01-01T00:00:00Z") {
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
      let clock = DateTimeValue.WallClock(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!, second: c.second!)
      #expect(zone.date(clock) == calendar.date(from: c), "\(clock)")
      instant.addTimeInterval(3600)
    }
  }

  @Test func anIANANameNeedsNoVTimeZone() throws {
    let object = try CalendarObject(parsing: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
    let value = DateTimeValue.zoned(.init(year: 2026, month: 12, day: 3, hour: 17, minute: 0, second: 0), timeZoneID: "Europe/Berlin")
    #expect(object.date(of: value, local: TimeZone(identifier: "UTC")!) == moment("2026-12-03T16:00:00Z"))
    let unknown = DateTimeValue.zoned(.init(year: 2026, month: 12, day: 3, hour: 17, minute: 0, second: 0), timeZoneID: "Nowhere Standard Time")
    #expect(object.date(of: unknown, local: TimeZone(identifier: "UTC")!) == nil)
  }

  @Test func aFixedOffsetWithoutRules() throws {
    let text = Self.outlook
      .replacingOccurrences(of: "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\n", with: "")
      .replacingOccurrences(of: "BEGIN:DAYLIGHT\r\nDTSTART:16010325T020000\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\n", with: "")
      .replacingOccurrences(of: "TZOFFSETTO:+0100", with: "TZOFFSETTO:+053000")
    let object = try CalendarObject(parsing: text)
    #expect(try due(object, "20260701T120000") == moment("2026-07-01T06:30:00Z"))
  }
}
