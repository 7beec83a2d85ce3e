import Foundation
import Models
import Testing

/// Done on a repeating todo: where it moves, what it skips, when its series ends, and that
/// its times stay wall-clock times across daylight-saving changes.
struct TodoRepeatTests {
  let berlin = TimeZone(identifier: "Europe/Berlin")!

  func at(_ text: String) -> Date { LocalDateTime(parsing: text).date(in: berlin) }
  func local(_ date: Date?) -> String? { date.map { LocalDateTime($0, in: berlin).description } }

  func todo(_ rule: String, due: String, from: RepeatFrom = .due) throws -> Todo {
    Todo(
      id: UUID(), title: "Take pills", createdAt: at("2026-01-01T00:00:00"), due: at(due),
      snoozedUntil: at("2026-01-01T00:00:00"), repeatRule: try RepeatRule(rrule: rule, timeZone: berlin),
      repeatFrom: from)
  }

  @Test func doneOnTimeMovesToTheNextOccurrenceAndEndsTheSnooze() throws {
    let done = try todo("FREQ=DAILY", due: "2026-11-26T09:00:00").done(at: at("2026-11-26T09:05:00"), in: berlin)
    #expect(local(done.due) == "2026-11-27T09:00:00")
    #expect(!done.isComplete && done.completedAt == nil)
    #expect(done.snoozedUntil == nil)
    #expect(done.repeatRule == RepeatRule(.daily))
  }

  @Test func doneEarlyMovesToTheNextOccurrenceNotTheSameOne() throws {
    let done = try todo("FREQ=WEEKLY;BYDAY=SA", due: "2026-11-28T10:00:00").done(at: at("2026-11-26T18:00:00"), in: berlin)
    #expect(local(done.due) == "2026-12-05T10:00:00")
  }

  @Test func missedOccurrencesAreSkippedNotQueued() throws {
    // Due 1 November, done on the 26th at 10:00: every day between is skipped at once.
    let done = try todo("FREQ=DAILY", due: "2026-11-01T09:00:00").done(at: at("2026-11-26T10:00:00"), in: berlin)
    #expect(local(done.due) == "2026-11-27T09:00:00")
  }

  @Test func aCountCountsWhatIsLeftAndTheLastOneEndsTheSeries() throws {
    var pills = try todo("FREQ=DAILY;COUNT=3", due: "2026-11-26T09:00:00")
    pills = pills.done(at: at("2026-11-26T09:01:00"), in: berlin)
    #expect(pills.repeatRule?.end == .count(2))
    #expect(local(pills.due) == "2026-11-27T09:00:00")
    // Two days missed: the 27th and the 28th were the last two.
    let late = pills.done(at: at("2026-11-29T12:00:00"), in: berlin)
    #expect(late.isComplete)
    #expect(late.completedAt == at("2026-11-29T12:00:00"))
    #expect(local(late.due) == "2026-11-27T09:00:00", "a finished series keeps the time it was due")
  }

  @Test func untilEndsTheSeries() throws {
    let rent = try todo("FREQ=MONTHLY;UNTIL=20261231T235959;BYMONTHDAY=1", due: "2026-12-01T09:00:00")
    #expect(rent.done(at: at("2026-12-01T10:00:00"), in: berlin).isComplete)
  }

  @Test func fromCompletionCountsFromTheDayItWasDone() throws {
    let plants = try todo("FREQ=DAILY;INTERVAL=7", due: "2026-11-20T10:00:00", from: .completion)
    let done = plants.done(at: at("2026-11-26T18:00:00"), in: berlin)
    #expect(local(done.due) == "2026-12-03T10:00:00", "7 days after the watering, at its time of day")
    let early = plants.done(at: at("2026-11-26T08:00:00"), in: berlin)
    #expect(local(early.due) == "2026-12-03T10:00:00")
    let counted = try todo("FREQ=DAILY;INTERVAL=7;COUNT=1", due: "2026-11-20T10:00:00", from: .completion)
    #expect(counted.done(at: at("2026-11-26T18:00:00"), in: berlin).isComplete)
  }

  /// 9:00 stays 9:00 on both sides of a clock change, though the days between are 23 and
  /// 25 hours long; and a time the clocks skip still gets its occurrence.
  @Test func timesAreWallClockTimesAcrossDaylightSaving() throws {
    let spring = try todo("FREQ=DAILY", due: "2026-03-28T09:00:00").done(at: at("2026-03-28T09:30:00"), in: berlin)
    #expect(local(spring.due) == "2026-03-29T09:00:00")
    #expect(spring.due!.timeIntervalSince(at("2026-03-28T09:00:00")) == 23 * 3600)
    let autumn = try todo("FREQ=DAILY", due: "2026-10-24T09:00:00").done(at: at("2026-10-24T09:30:00"), in: berlin)
    #expect(autumn.due!.timeIntervalSince(at("2026-10-24T09:00:00")) == 25 * 3600)
    let skipped = try todo("FREQ=DAILY", due: "2026-03-28T02:30:00").done(at: at("2026-03-28T03:00:00"), in: berlin)
    #expect(local(skipped.due) == "2026-03-29T03:30:00", "02:30 does not exist that night")
  }

  /// A series kept in Berlin time, done on a computer in New York in the two weeks when
  /// only America has moved its clocks: it stays at 9:00 in Berlin, and undo finds its way
  /// back along the same series. A series with no zone of its own follows the computer's.
  @Test func aSeriesWithItsOwnZoneRunsInItWhereverItIsDone() throws {
    let newYork = TimeZone(identifier: "America/New_York")!
    var pills = try todo("FREQ=DAILY", due: "2027-03-13T09:00:00")
    pills.repeatZone = "Europe/Berlin"
    let done = pills.done(at: at("2027-03-13T10:00:00"), in: newYork)
    #expect(local(done.due) == "2027-03-14T09:00:00")
    #expect(try #require(done.undone(in: newYork)).due == pills.due)
    pills.repeatZone = nil
    let here = pills.done(at: at("2027-03-13T10:00:00"), in: newYork)
    #expect(LocalDateTime(here.due!, in: newYork).description == "2027-03-14T03:00:00")
  }

  @Test func undoPutsBackTheOccurrenceDoneCompletedWithItsCount() throws {
    // Due 1 November, done on the 26th: undo brings back the 1st, not the 25th.
    let pills = try todo("FREQ=DAILY;COUNT=40", due: "2026-11-01T09:00:00")
    let done = pills.done(at: at("2026-11-26T10:00:00"), in: berlin)
    #expect(done.repeatRule?.end == .count(14))
    let undone = try #require(done.undone(in: berlin))
    #expect(local(undone.due) == "2026-11-01T09:00:00")
    #expect(undone.repeatRule == pills.repeatRule)
    #expect(undone.doneOccurrence == nil)
    #expect(undone.undone(in: berlin) == nil, "one Done, one undo")

    let plants = try todo("FREQ=DAILY;INTERVAL=7;COUNT=3", due: "2026-11-20T10:00:00", from: .completion)
    let watered = try #require(plants.done(at: at("2026-11-26T18:00:00"), in: berlin).undone(in: berlin))
    #expect(watered.due == plants.due && watered.repeatRule == plants.repeatRule)
  }

  @Test func undoAfterTheSeriesMovedElsewhereIsNothing() throws {
    var done = try todo("FREQ=DAILY", due: "2026-11-26T09:00:00").done(at: at("2026-11-26T09:05:00"), in: berlin)
    #expect(try todo("FREQ=DAILY", due: "2026-11-26T09:00:00").undone(in: berlin) == nil, "never done")
    done.due = at("2026-11-27T11:00:00")  // another device moved it off the series
    #expect(done.undone(in: berlin) == nil)
    let ended = try todo("FREQ=DAILY;COUNT=1", due: "2026-11-26T09:00:00").done(at: at("2026-11-26T09:05:00"), in: berlin)
    let pending = try #require(ended.undone(in: berlin))
    #expect(!pending.isComplete && pending.completedAt == nil && local(pending.due) == "2026-11-26T09:00:00")
  }

  @Test func aOneOffTodoIsSimplyComplete() {
    let once = Todo(id: UUID(), title: "once", createdAt: at("2026-01-01T00:00:00"), due: at("2026-11-26T09:00:00"))
    let done = once.done(at: at("2026-11-26T10:00:00"), in: berlin)
    #expect(done.isComplete && done.completedAt == at("2026-11-26T10:00:00") && done.due == once.due)
  }

  @Test func theFirstOccurrenceIsTheRulesFirstFromTheDueTime() throws {
    let monday = try RepeatRule(rrule: "FREQ=WEEKLY;BYDAY=MO", timeZone: berlin)
    #expect(local(Todo.firstOccurrence(of: monday, from: at("2026-11-27T09:00:00"), in: berlin)) == "2026-11-30T09:00:00")
    #expect(local(Todo.firstOccurrence(of: monday, from: at("2026-11-30T09:00:00"), in: berlin)) == "2026-11-30T09:00:00")
    let over = try RepeatRule(rrule: "FREQ=DAILY;UNTIL=20261101", timeZone: berlin)
    #expect(Todo.firstOccurrence(of: over, from: at("2026-11-27T09:00:00"), in: berlin) == nil)
  }

  @Test(arguments: [
    ("FREQ=DAILY", "every day at 09:00"),
    ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday at 09:00"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "every 2 weeks on friday at 09:00"),
    ("FREQ=WEEKLY;BYDAY=MO,TH", "every monday, thursday at 09:00"),
    ("FREQ=MONTHLY;BYDAY=-1FR", "every month on the last friday at 09:00"),
    ("FREQ=MONTHLY;COUNT=12;BYMONTHDAY=1", "every month on the 1st at 09:00, 12 times"),
    ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day at 09:00"),
    ("FREQ=YEARLY;UNTIL=20301231T000000", "every year at 09:00, until 2030-12-31"),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2"),
    ("FREQ=MONTHLY;BYDAY=MO,2TU", "FREQ=MONTHLY;BYDAY=MO,2TU"),
  ])
  func listSaysTheRuleInWords(_ text: String, _ words: String) throws {
    #expect(try RepeatRule(rrule: text, timeZone: berlin).words(at: "09:00") == words)
  }
}

extension LocalDateTime {
  /// `2026-11-26T09:00:00`, as `description` writes it.
  init(parsing text: String) {
    let n = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
    self.init(n[0], n[1], n[2], n[3], n[4], n[5])
  }
}
