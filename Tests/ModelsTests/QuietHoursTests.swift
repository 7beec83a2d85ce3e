import Foundation
import Models
import Testing

/// Quiet hours' text, and which moments fall in them, in the process's time zone.
struct QuietHoursTests {
  func local(_ hour: Int, _ minute: Int, _ second: Int = 0, day: Int = 2) -> Date {
    Calendar.current.date(from: DateComponents(year: 2026, month: 12, day: day, hour: hour, minute: minute, second: second))!
  }

  @Test func theTextIsTwoTwentyFourHourTimes() {
    #expect(QuietHours(text: "22:00-07:00") == QuietHours(start: 22 * 60, end: 7 * 60))
    #expect(QuietHours(text: "9:30-12:00")?.text == "09:30-12:00")
    for bad in ["", "22:00", "22:00-22:00", "24:00-07:00", "22:60-07:00", "22-07", "ten-eleven", "22:00-07:00-08:00",
      "22:0-07:00", "２２:00-07:00", "-1:00-07:00"]
    {
      #expect(QuietHours(text: bad) == nil, "\(bad)")
    }
  }

  @Test func aStretchPastMidnightRunsIntoTheNextDay() {
    let night = QuietHours(start: 22 * 60, end: 7 * 60)
    #expect(night.contains(local(23, 0)) && night.contains(local(6, 59, 59)) && night.contains(local(22, 0)))
    #expect(!night.contains(local(7, 0)) && !night.contains(local(21, 59, 59)) && !night.contains(local(12, 0)))
    let lunch = QuietHours(start: 12 * 60, end: 13 * 60)
    #expect(lunch.contains(local(12, 30)) && !lunch.contains(local(13, 0)) && !lunch.contains(local(11, 59)))
  }

  @Test func theNextChangeIsTheNextStartOrEnd() {
    let night = QuietHours(start: 22 * 60, end: 7 * 60)
    #expect(night.nextChange(after: local(12, 0)) == local(22, 0))
    #expect(night.nextChange(after: local(21, 59, 30)) == local(22, 0))
    #expect(night.nextChange(after: local(22, 0)) == local(7, 0, day: 3))
    #expect(night.nextChange(after: local(23, 15, 10).addingTimeInterval(0.5)) == local(7, 0, day: 3))
    #expect(night.nextChange(after: local(6, 0)) == local(7, 0))
  }
}
