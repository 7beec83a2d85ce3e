import Foundation
import Localization
import Models

extension QuickAddLine {
  /// Refuses a line that reads but cannot be a todo, as `add`'s options are refused: a due
  /// time outside the dates quickdo keeps, a reminder before a due time it lacks, a repeat
  /// without a due time or with no time from it on, a list or tag name with control or
  /// format characters. `add --parse` and the launchers' preview both ask it, so a
  /// launcher says why before anything is added.
  package func check(calendar: Calendar = .current) throws(QuickAddError) {
    if let due, !Todo.dateRange.contains(due) {
      throw QuickAddError(tr("%s is outside the dates quickdo keeps (the years 1900 to 9999)", tr("the due time")))
    }
    let relative = reminders.contains { if case .relative = $0.trigger { true } else { false } }
    if relative, due == nil {
      throw QuickAddError(tr("a reminder such as 15m is that long before the due time, and the todo has none (give --due)"))
    }
    if let repeatRule {
      guard let due else {
        throw QuickAddError(tr("a repeating todo needs a due time (--due, e.g. --due 9:00)"))
      }
      guard Todo.firstOccurrence(of: repeatRule, from: due, in: calendar.timeZone) != nil else {
        throw QuickAddError(tr("the rule %s has no time from the due time on", repeatRule.rruleText))
      }
    }
    if let list, TerminalText.hasInvisibles(list) {
      throw QuickAddError(tr("the list name '%s' contains control or format characters", TerminalText.visible(list)))
    }
    for tag in tags where TerminalText.hasInvisibles(tag) {
      throw QuickAddError(tr("the tag name '%s' contains control or format characters", TerminalText.visible(tag)))
    }
  }
}
