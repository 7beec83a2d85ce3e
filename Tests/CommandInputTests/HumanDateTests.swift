import CommandInput
import Foundation
import Models
import Testing

struct HumanDateTests {
  var calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Paris")!
    return calendar
  }()
  // 2026-11-22 10:00 in Paris.
  let now = Date(timeIntervalSince1970: 1_795_338_000)

  func components(_ date: Date?) -> [Int]? {
    date.map {
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: $0)
      return [c.year!, c.month!, c.day!, c.hour!, c.minute!]
    }
  }

  @Test func humanForms() {
    #expect(components(HumanDate.parse("tomorrow 9:00", now: now, calendar: calendar)) == [2026, 11, 23, 9, 0])
    #expect(components(HumanDate.parse("today 17:30", now: now, calendar: calendar)) == [2026, 11, 22, 17, 30])
    #expect(components(HumanDate.parse("tomorrow", now: now, calendar: calendar)) == [2026, 11, 23, 23, 59])
    #expect(components(HumanDate.parse("2026-12-01", now: now, calendar: calendar)) == [2026, 12, 1, 23, 59])
    #expect(components(HumanDate.parse("2026-12-01 08:15", now: now, calendar: calendar)) == [2026, 12, 1, 8, 15])
    #expect(components(HumanDate.parse("2026-12-01T08:15", now: now, calendar: calendar)) == [2026, 12, 1, 8, 15])
    #expect(HumanDate.parse("in 2h", now: now) == now.addingTimeInterval(7200))
    #expect(HumanDate.parse("now", now: now) == now)
  }

  @Test func iso8601() {
    #expect(HumanDate.parse("2026-11-22T17:00:00Z", now: now) == Date(timeIntervalSince1970: 1_795_366_800))
  }

  @Test(arguments: ["", "yesterday-ish", "2026-13-01", "2026-02-30", "today 25:00", "in 2x", "tomorrow 9:61", "in"])
  func rejects(_ text: String) {
    #expect(HumanDate.parse(text, now: now, calendar: calendar) == nil)
  }
}

struct QuickDurationTests {
  @Test func parses() {
    #expect(QuickDuration.seconds("90s") == 90)
    #expect(QuickDuration.seconds("15m") == 900)
    #expect(QuickDuration.seconds("1h") == 3600)
    #expect(QuickDuration.seconds("1d") == 86_400)
    #expect(QuickDuration.seconds("1h30m") == 5400)
    #expect(QuickDuration.format(5400) == "1h30m")
  }

  @Test(arguments: ["", "0s", "h", "1", "1x", "-1h", "1.5h", "9999999h", "400d"])
  func rejects(_ text: String) {
    #expect(QuickDuration.seconds(text) == nil)
  }
}
