import Foundation
import Localization

#if canImport(Glibc)
  import Glibc
#endif

/// A date as the user's locale writes it, `28.11.2026 09:00` or `11/28/2026 9:00 AM` (ISO
/// 8601's `2026-11-28 09:00` in the C locale): the forms `--due` reads back, so what a
/// notification shows can be typed again. Formatted with `localtime_r` and glibc's locale
/// data, not ICU: the agent formats due dates while deriving quick actions on every press
/// (budget: press → commit → close ≤ 2× notify-send), and ICU's formatter is many times
/// slower per call.
public enum LocalDateText {
  public static func format(_ date: Date, locale: TimeLocale = .current) -> String {
    let parts = fields(date)
    return locale.date(year: parts.year, month: parts.month, day: parts.day) + " "
      + locale.time(hour: parts.hour, minute: parts.minute)
  }

  /// The time of day alone: `09:00`, `9:00 AM`.
  public static func time(_ date: Date, locale: TimeLocale = .current) -> String {
    let parts = fields(date)
    return locale.time(hour: parts.hour, minute: parts.minute)
  }

  /// `today 09:00`, `tomorrow 09:00` (in the user's language), or as ``format(_:locale:)``
  /// further away, as seen at `now`.
  public static func relative(
    _ date: Date, now: Date, locale: TimeLocale = .current, translation: Translation = .current
  ) -> String {
    let day = fields(date), today = fields(now), tomorrow = fields(now.addingTimeInterval(86_400))
    let time = locale.time(hour: day.hour, minute: day.minute)
    if (day.year, day.month, day.day) == (today.year, today.month, today.day) {
      // TRANSLATORS: a due time today, as in "today 09:00"; %s is the time.
      return translation.tr("today %s", time)
    }
    if (day.year, day.month, day.day) == (tomorrow.year, tomorrow.month, tomorrow.day) {
      // TRANSLATORS: a due time tomorrow, as in "tomorrow 09:00"; %s is the time.
      return translation.tr("tomorrow %s", time)
    }
    return format(date, locale: locale)
  }

  static func fields(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    localtime_r(&seconds, &parts)
    return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min))
  }
}
