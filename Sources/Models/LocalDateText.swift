import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A date as local wall-clock text, `2026-11-22 17:00` — the form `--due` accepts, so what
/// a notification shows can be typed back. Formatted with `localtime_r`, not ICU: the agent
/// formats due dates while deriving quick actions on every press (budget: press → commit →
/// close ≤ 2× notify-send), and ICU's formatter is many times slower per call.
public enum LocalDateText {
  public static func format(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    localtime_r(&seconds, &parts)
    return "\(parts.tm_year + 1900)-\(twoDigits(parts.tm_mon + 1))-\(twoDigits(parts.tm_mday))"
      + " \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min))"
  }

  /// `today 09:00`, `tomorrow 09:00`, or as ``format(_:)`` further away, as seen at `now`.
  public static func relative(_ date: Date, now: Date) -> String {
    let text = format(date)
    let day = text.prefix(10)
    let time = text.suffix(5)
    if day == format(now).prefix(10) { return "today \(time)" }
    if day == format(now.addingTimeInterval(86_400)).prefix(10) { return "tomorrow \(time)" }
    return text
  }

  private static func twoDigits(_ value: Int32) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
