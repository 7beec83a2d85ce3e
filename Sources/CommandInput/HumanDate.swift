import Foundation
import Localization
import Models

/// Due dates as users type them on the command line: ISO 8601 (`2026-12-01T17:00:00Z`),
/// local `2026-12-01 17:00`, a bare date `2026-12-01` (the end of that day), the locale's
/// own date (`01.12.2026`, `12/01/2026`), `today`, `tomorrow` (end of day, or with a time:
/// `tomorrow 9:00`, `tomorrow 9:00 AM`), a weekday (`fri 17:00`, its next one), a time
/// alone (`9:00`, its next time), `now`, and `in 2h` / `in 3d` (or `2h` alone). The words
/// may be the user's language's too (`morgen 9:00`, `demain`), as ``DateWords`` reads them.
package enum HumanDate {
  package static func parse(
    _ text: String, now: Date, calendar: Calendar = .current, words: DateWords = .current
  ) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { return nil }
    if let date = JSONCoding.date(from: trimmed.uppercased()) { return date }
    var parts = words.englishWords(trimmed).filter { $0 != "and" }
    if parts == ["now"] { return now }
    if parts.count >= 2, parts[0] == "in", let seconds = QuickDuration.seconds(parts.dropFirst().joined()) {
      return now.addingTimeInterval(seconds)
    }
    if let seconds = QuickDuration.seconds(parts.joined()) { return now.addingTimeInterval(seconds) }
    // `2026-12-01t17:00` (lowercased ISO-like local time) is the same as a space; a
    // day that is not a date is refused below either way.
    if parts.count == 1, let t = parts[0].firstIndex(of: "t"), t != parts[0].startIndex,
      parts[0][..<t].allSatisfy({ $0 == "-" || ("0"..."9").contains($0) })
    {
      parts = [String(parts[0][..<t]), String(parts[0][parts[0].index(after: t)...])]
    }
    // `9:00 am`: the AM/PM goes with its time.
    let meridiems = Set(["am", "pm", words.locale.am.lowercased(), words.locale.pm.lowercased()])
    if parts.count >= 2, meridiems.contains(parts[parts.count - 1]) {
      parts[parts.count - 2] += parts.removeLast()
    }
    if parts.count == 1, let (hour, minute) = time(parts[0], words.locale) {
      // A time alone is its next time: today, or tomorrow once it has passed.
      guard let today = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: now) else { return nil }
      return today > now ? today : calendar.date(byAdding: .day, value: 1, to: today)
    }
    guard (1...2).contains(parts.count), let day = day(parts[0], now: now, calendar: calendar, locale: words.locale)
    else { return nil }
    let (hour, minute) = parts.count == 1 ? (23, 59) : (time(parts[1], words.locale) ?? (-1, -1))
    guard hour >= 0, let date = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) else { return nil }
    // A weekday is its next one: today's only while its time is ahead.
    if RepeatWords.weekday(parts[0]) != nil, date <= now { return calendar.date(byAdding: .day, value: 7, to: date) }
    return date
  }

  private static func day(_ word: String, now: Date, calendar: Calendar, locale: TimeLocale) -> Date? {
    switch word {
    case "today": return now
    case "tomorrow": return calendar.date(byAdding: .day, value: 1, to: now)
    default:
      if let weekday = RepeatWords.weekday(word) {
        // Calendar's weekdays run from Sunday (1); RepeatRule's from Monday (0).
        let today = (calendar.component(.weekday, from: now) + 5) % 7
        return calendar.date(byAdding: .day, value: (weekday.rawValue - today + 7) % 7, to: now)
      }
      let fields = word.split(separator: "-").map { Int($0) }
      let parsed: (year: Int, month: Int, day: Int)? =
        if fields.count == 3, let y = fields[0], let m = fields[1], let d = fields[2] { (y, m, d) } else {
          locale.readDate(word)
        }
      guard let (y, m, d) = parsed, (1...12).contains(m), (1...31).contains(d), (1970...9999).contains(y)
      else { return nil }
      let components = DateComponents(year: y, month: m, day: d, hour: 12)
      guard let date = calendar.date(from: components),
        calendar.component(.day, from: date) == d
      else { return nil }
      return date
    }
  }

  /// `9:00`, `17`, `9:00am`, `9pm`, or with the locale's own AM/PM words.
  private static func time(_ word: String, _ locale: TimeLocale) -> (Int, Int)? {
    var word = word
    var meridiem: Int?
    for (suffix, offset) in [("am", 0), ("pm", 12), (locale.am.lowercased(), 0), (locale.pm.lowercased(), 12)]
    where !suffix.isEmpty && word.hasSuffix(suffix) && word.count > suffix.count {
      word = String(word.dropLast(suffix.count))
      meridiem = offset
      break
    }
    let fields = word.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard (1...2).contains(fields.count), var hour = fields[0], (0...23).contains(hour) else {
      return nil
    }
    let minute = fields.count == 2 ? fields[1] : 0
    guard let minute, (0...59).contains(minute) else { return nil }
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + meridiem
    }
    return (hour, minute)
  }
}
