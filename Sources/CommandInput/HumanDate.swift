import Foundation
import Models

/// Due dates as users type them on the command line: ISO 8601 (`2026-12-01T17:00:00Z`),
/// local `2026-12-01 17:00`, a bare date `2026-12-01` (the end of that day), `today`,
/// `tomorrow` (end of day, or with a time: `tomorrow 9:00`), a time alone (`9:00`, its next
/// time), `now`, and `in 2h` / `in 3d`.
package enum HumanDate {
  package static func parse(_ text: String, now: Date, calendar: Calendar = .current) -> Date? {
    let text = text.trimmingCharacters(in: .whitespaces).lowercased()
    if text.isEmpty { return nil }
    if text == "now" { return now }
    if text.hasPrefix("in "), let seconds = QuickDuration.seconds(String(text.dropFirst(3))) {
      return now.addingTimeInterval(seconds)
    }
    if let date = JSONCoding.date(from: text.uppercased()) { return date }

    // `2026-12-01t17:00` (lowercased ISO-like local time) is the same as a space; a
    // day that is not a date is refused below either way.
    var spaced = text
    if let t = text.firstIndex(of: "t"), t != text.startIndex,
      text[..<t].allSatisfy({ $0 == "-" || ("0"..."9").contains($0) })
    {
      spaced.replaceSubrange(t...t, with: " ")
    }
    let parts = spaced.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    if parts.count == 1, parts[0].contains(":"), let (hour, minute) = time(parts[0]) {
      // A time alone is its next time: today, or tomorrow once it has passed.
      guard let today = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: now) else { return nil }
      return today > now ? today : calendar.date(byAdding: .day, value: 1, to: today)
    }
    guard (1...2).contains(parts.count), let day = day(parts[0], now: now, calendar: calendar)
    else { return nil }
    if parts.count == 1 {
      return calendar.date(bySettingHour: 23, minute: 59, second: 0, of: day)
    }
    guard let (hour, minute) = time(parts[1]) else { return nil }
    return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)
  }

  private static func day(_ word: String, now: Date, calendar: Calendar) -> Date? {
    switch word {
    case "today": return now
    case "tomorrow": return calendar.date(byAdding: .day, value: 1, to: now)
    default:
      let fields = word.split(separator: "-").map { Int($0) }
      guard fields.count == 3, let y = fields[0], let m = fields[1], let d = fields[2],
        (1...12).contains(m), (1...31).contains(d), (1970...9999).contains(y)
      else { return nil }
      let components = DateComponents(year: y, month: m, day: d, hour: 12)
      guard let date = calendar.date(from: components),
        calendar.component(.day, from: date) == d
      else { return nil }
      return date
    }
  }

  private static func time(_ word: String) -> (Int, Int)? {
    let fields = word.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard (1...2).contains(fields.count), let hour = fields[0], (0...23).contains(hour) else {
      return nil
    }
    let minute = fields.count == 2 ? fields[1] : 0
    guard let minute, (0...59).contains(minute) else { return nil }
    return (hour, minute)
  }
}
