import Foundation
import Models
import Testing

/// `RepeatRule`'s text both ways, its refusals, and the calendar's edges RFC 5545 defines.
struct RepeatRuleTests {
  let utc = TimeZone(identifier: "UTC")!

  func times(_ text: String, from start: LocalDateTime, _ count: Int = 4) throws -> [String] {
    try RepeatRule(rrule: text, timeZone: utc).occurrences(from: start).prefix(count).map(\.description)
  }

  @Test(arguments: [
    "FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;WKST=SU",
    "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=YEARLY;COUNT=3;BYMONTHDAY=29;BYMONTH=2",
    "FREQ=MONTHLY;UNTIL=20271231T090000;BYMONTHDAY=31",
  ])
  func readsAndWritesRRuleText(_ text: String) throws {
    let rule = try RepeatRule(rrule: text, timeZone: utc)
    #expect(rule.rruleText == text)
  }

  @Test(arguments: [
    ("FREQ=HOURLY", "FREQ=HOURLY is not supported"),
    ("FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU", "BYSETPOS is not supported"),
    ("FREQ=YEARLY;BYWEEKNO=20", "BYWEEKNO is not supported"),
    ("FREQ=DAILY;COUNT=2;UNTIL=20270101", "COUNT and UNTIL do not go together"),
    ("FREQ=WEEKLY;BYDAY=2MO", "needs FREQ=MONTHLY or YEARLY"),
    ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY '32' is not a number from -31 to 31"),
    ("FREQ=MONTHLY;BYDAY=XX", "BYDAY 'XX' is not a weekday"),
    ("BYDAY=MO", "the rule has no FREQ"),
    ("FREQ=DAILY;INTERVAL=0", "INTERVAL '0' is not a number from 1"),
    ("FREQ=DAILY;UNTIL=20270230", "UNTIL '20270230' is not a date"),
    ("FREQ=DAILY;FREQ=WEEKLY", "FREQ is given twice"),
    ("FREQ=DAILY;COLOUR=red", "'COLOUR' is not a part of a repeat rule"),
  ])
  func refusesWhatItDoesNotSupportByName(_ text: String, _ message: String) {
    #expect(throws: RepeatRuleError.self) { try RepeatRule(rrule: text) }
    do {
      _ = try RepeatRule(rrule: text)
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func theThirtyFirstSkipsShorterMonths() throws {
    #expect(try times("FREQ=MONTHLY", from: LocalDateTime(2027, 1, 31, 9)) == [
      "2027-01-31T09:00:00", "2027-03-31T09:00:00", "2027-05-31T09:00:00", "2027-07-31T09:00:00",
    ])
  }

  @Test func theTwentyNinthOfFebruaryComesInLeapYearsOnly() throws {
    #expect(try times("FREQ=YEARLY", from: LocalDateTime(2024, 2, 29, 8), 3) == [
      "2024-02-29T08:00:00", "2028-02-29T08:00:00", "2032-02-29T08:00:00",
    ])
  }

  @Test func theLastFridayOfEachMonth() throws {
    #expect(try times("FREQ=MONTHLY;BYDAY=-1FR", from: LocalDateTime(2026, 11, 1, 18), 3) == [
      "2026-11-27T18:00:00", "2026-12-25T18:00:00", "2027-01-29T18:00:00",
    ])
  }

  @Test func everyOtherFridayCountsWeeksFromTheStart() throws {
    #expect(try times("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", from: LocalDateTime(2026, 11, 27, 19), 3) == [
      "2026-11-27T19:00:00", "2026-12-11T19:00:00", "2026-12-25T19:00:00",
    ])
  }

  @Test func countAndUntilEndTheSeries() throws {
    #expect(try times("FREQ=DAILY;COUNT=2", from: LocalDateTime(2026, 11, 26, 9), 5).count == 2)
    #expect(try times("FREQ=DAILY;UNTIL=20261128", from: LocalDateTime(2026, 11, 26, 9), 5).count == 3)
  }

  /// A UTC end is the wall-clock time it is in the todo's zone: 8:00 UTC is 9:00 in Berlin
  /// in winter, so the 9:00 occurrence of that day is the last.
  @Test func aUTCEndIsReadInTheTodosZone() throws {
    let rule = try RepeatRule(rrule: "FREQ=DAILY;UNTIL=20261128T080000Z", timeZone: TimeZone(identifier: "Europe/Berlin")!)
    #expect(rule.occurrences(from: LocalDateTime(2026, 11, 26, 9)).map(\.description).last == "2026-11-28T09:00:00")
  }

  /// A rule that matches no day (the 30th of February) ends instead of searching forever.
  @Test func aRuleThatMatchesNothingEnds() throws {
    #expect(try times("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", from: LocalDateTime(2026, 1, 1)).isEmpty)
    #expect(try times("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", from: LocalDateTime(2026, 1, 1)).isEmpty)
  }

  @Test func nextIsTheFirstOccurrenceAfterAMoment() throws {
    let rule = try RepeatRule(rrule: "FREQ=DAILY", timeZone: utc)
    let start = LocalDateTime(2026, 11, 20, 9)
    #expect(rule.next(after: LocalDateTime(2026, 11, 26, 12), start: start) == LocalDateTime(2026, 11, 27, 9))
    #expect(rule.next(after: LocalDateTime(2026, 11, 26, 8), start: start) == LocalDateTime(2026, 11, 26, 9))
  }
}
