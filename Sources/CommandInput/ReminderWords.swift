import Foundation
import Models

/// What `--remind` and a link's `remind=` take: a duration before the due time (`15m`,
/// `1d`; `0m` when it falls due), or a moment as `--due` reads one (`tomorrow 9:00`, ISO
/// 8601).
package enum ReminderWords {
  /// The reminder `text` names at `now`; nil when it names none.
  package static func parse(
    _ text: String, now: Date, calendar: Calendar = .current, words: DateWords = .current
  ) -> Reminder? {
    // When it falls due.
    if ["0", "0s", "0m", "0h", "0d"].contains(text.trimmingCharacters(in: .whitespaces).lowercased()) { return .before(0) }
    if let seconds = QuickDuration.seconds(text) {
      guard seconds <= Reminder.maxOffset else { return nil }
      return .before(seconds)
    }
    return HumanDate.parse(text, now: now, calendar: calendar, words: words).map { Reminder(.absolute($0)) }
  }
}
