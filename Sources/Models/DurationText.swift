import Foundation
import Localization

/// How long until or since a moment, in words with the language's plural forms: "due in
/// 5 minutes", "overdue by 2 hours", "snoozed for 3 more days, until 09:00". A span is
/// said in its largest whole unit (minutes under an hour, hours under a day, then days),
/// rounded, and never less than one.
public enum DurationText {
  enum Unit { case minute, hour, day }

  static func measure(_ seconds: TimeInterval) -> (Unit, Int) {
    let seconds = abs(seconds)
    if seconds < 3600 { return (.minute, max(1, Int((seconds / 60).rounded()))) }
    if seconds < 86_400 { return (.hour, max(1, Int((seconds / 3600).rounded()))) }
    return (.day, max(1, Int((seconds / 86_400).rounded())))
  }

  /// "due in 5 minutes", for a due time less than a day ahead.
  public static func dueIn(_ seconds: TimeInterval, translation: Translation = .current) -> String {
    let (unit, n) = measure(seconds)
    switch unit {
    case .minute: return translation.trn("due in %d minute", "due in %d minutes", n, n)
    case .hour: return translation.trn("due in %d hour", "due in %d hours", n, n)
    case .day: return translation.trn("due in %d day", "due in %d days", n, n)
    }
  }

  /// "overdue by 2 hours".
  public static func overdue(_ seconds: TimeInterval, translation: Translation = .current) -> String {
    let (unit, n) = measure(seconds)
    switch unit {
    case .minute: return translation.trn("overdue by %d minute", "overdue by %d minutes", n, n)
    case .hour: return translation.trn("overdue by %d hour", "overdue by %d hours", n, n)
    case .day: return translation.trn("overdue by %d day", "overdue by %d days", n, n)
    }
  }

  /// "snoozed for 25 more minutes, until 17:30"; `until` is the time as written.
  public static func snoozed(_ seconds: TimeInterval, until: String, translation: Translation = .current) -> String {
    let (unit, n) = measure(seconds)
    switch unit {
    case .minute:
      return translation.trn("snoozed for %d more minute, until %s", "snoozed for %d more minutes, until %s", n, n, until)
    case .hour:
      return translation.trn("snoozed for %d more hour, until %s", "snoozed for %d more hours, until %s", n, n, until)
    case .day:
      return translation.trn("snoozed for %d more day, until %s", "snoozed for %d more days, until %s", n, n, until)
    }
  }

  /// How `list` says when a todo is due, as seen at `now`: "due in 5 minutes" less than a
  /// day ahead, "overdue by 2 hours" up to a week past (for a pending todo) and "overdue
  /// since 05.12.2026 09:00" after, else "due tomorrow 09:00" or "due 05.12.2026 09:00".
  public static func due(
    _ due: Date, pending: Bool, now: Date, locale: TimeLocale = .current, translation: Translation = .current
  ) -> String {
    let ahead = due.timeIntervalSince(now)
    if pending, ahead < 0, ahead > -7 * 86_400 { return overdue(ahead, translation: translation) }
    if pending, ahead < 0 {
      return translation.tr("overdue since %s", LocalDateText.format(due, locale: locale))
    }
    if pending, ahead < 86_400 { return dueIn(ahead, translation: translation) }
    // TRANSLATORS: when a todo is due, as in "due tomorrow 09:00".
    return translation.tr("due %s", LocalDateText.relative(due, now: now, locale: locale, translation: translation))
  }
}
