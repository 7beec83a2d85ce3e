import ArgumentParser
import CommandInput
import CommandSupport
import Foundation
import Localization
import Models

/// Parsing of command-line values; each failure names the value (exit 65).
func validTitle(_ title: String) throws -> String {
  // `Character.isWhitespace` (Unicode White_Space, newlines included), not Foundation's
  // `trimmingCharacters`, which goes through NSString.
  guard title.contains(where: { !$0.isWhitespace }) else {
    throw CLIError(tr("the title is empty"), code: .dataError)
  }
  return title
}

func parseDue(_ text: String) throws -> Date {
  guard let date = HumanDate.parse(text, now: Date()) else {
    throw CLIError(
      tr("'%s' is not a date (try '2026-12-01 17:00', 'tomorrow', 'in 2h' or ISO 8601)", text),
      code: .dataError)
  }
  try checkInRange(date, "'\(text)'")
  return date
}

/// A date outside `Todo.dateRange` is refused (65), whoever gives it: add, edit, a link,
/// an import.
func checkInRange(_ date: Date, _ what: String) throws {
  guard Todo.dateRange.contains(date) else {
    throw CLIError(
      tr("%s is outside the dates quickdo keeps (the years 1900 to 9999)", what), code: .dataError)
  }
}

/// A link the Open button can open: http or https with a host, or mailto (the schemes
/// `URLOpenerLive` opens).
func parseURL(_ text: String) throws -> URL {
  try checkURL(URL(string: text), text)
}

func checkURL(_ url: URL?, _ text: String) throws -> URL {
  guard let url, let scheme = url.scheme?.lowercased(),
    (scheme == "http" || scheme == "https") && url.host?.isEmpty == false || scheme == "mailto"
  else {
    throw CLIError(
      tr("'%s' is not a link quickdo opens (expected an http, https or mailto URL, e.g. https://example.com)", text),
      code: .dataError)
  }
  return url
}

func parseDuration(_ text: String) throws -> TimeInterval {
  guard let seconds = QuickDuration.seconds(text) else {
    throw CLIError(
      tr("'%s' is not a duration (expected e.g. 90s, 15m, 1h, 1d)", text), code: .dataError)
  }
  return seconds
}

/// `--remind` of `add` and `edit`, and a link's `remind=`: nil when none is given, empty
/// for `none` (no reminders of its own), else the reminders, each checked.
func parseReminders(_ texts: [String]) throws -> [Reminder]? {
  guard !texts.isEmpty else { return nil }
  if texts.contains("none") {
    guard texts.count == 1 else {
      throw CLIError(tr("--remind none removes the reminders; give it alone"), code: .dataError)
    }
    return []
  }
  guard texts.count <= Reminder.maxCount else {
    throw CLIError(tr("a todo has at most %s reminders", Reminder.maxCount), code: .dataError)
  }
  return try texts.map { text in
    guard let reminder = ReminderWords.parse(text, now: Date()) else {
      throw CLIError(
        tr("'%s' is not a reminder (try 15m or 1d before the due time, or a moment such as 'tomorrow 9:00')", text),
        code: .dataError)
    }
    if case let .absolute(date) = reminder.trigger { try checkInRange(date, "'\(text)'") }
    return reminder
  }
}

/// A reminder before the due time needs one.
func checkReminders(_ reminders: [Reminder], due: Date?) throws {
  let relative = reminders.contains { if case .relative = $0.trigger { true } else { false } }
  guard relative, due == nil else { return }
  throw CLIError(tr("a reminder such as 15m is that long before the due time, and the todo has none (give --due)"), code: .dataError)
}

/// `--repeat`, `--until`, `--count` and `--repeat-from` of `add` and `edit`.
struct RepeatOptions: ParsableArguments {
  @Option(
    name: .customLong("repeat"),
    help: ArgumentHelp(
      tr("Repeat: daily, weekly, monthly, yearly, weekdays, 'every 2 weeks', 'every monday,thursday', 'every month on the last friday', or an RRULE such as FREQ=MONTHLY;BYMONTHDAY=1."),
      valueName: "rule"))
  var rule: String?
  @Option(help: ArgumentHelp(tr("The last day the series may fall on."), valueName: "date")) var until: String?
  @Option(help: ArgumentHelp(tr("How many times the series comes, this one included."), valueName: "n")) var count: Int?
  @Option(help: ArgumentHelp(tr("Count the next time from the due time or from when it was done.")))
  var repeatFrom: RepeatFrom?

  var isEmpty: Bool { rule == nil && until == nil && count == nil && repeatFrom == nil }

  /// The rule these options make of `current` (nil: a new one), or nil when they give none.
  func rule(changing current: RepeatRule?) throws -> RepeatRule? {
    var rule = try self.rule.map(parseRepeat) ?? current
    if until != nil || count != nil {
      guard rule != nil else {
        throw CLIError(tr("--%s needs a rule (--repeat)", until != nil ? "until" : "count"), code: .dataError)
      }
    }
    if until != nil, count != nil { throw CLIError(tr("--until and --count do not go together"), code: .dataError) }
    if let until { rule?.end = .until(LocalDateTime(try parseDue(until), in: .current)) }
    if let count {
      guard (1...100_000).contains(count) else {
        throw CLIError(tr("--count %s is not between 1 and 100000", count), code: .dataError)
      }
      rule?.end = .count(count)
    }
    return rule
  }
}

extension RepeatFrom: ExpressibleByArgument {}

func parseRepeat(_ text: String) throws -> RepeatRule {
  do {
    return try RepeatWords.parse(text)
  } catch {
    throw CLIError("--repeat: \(error.message)", code: .dataError)
  }
}

/// A repeating todo needs a due time, and a series with a time from it on (65 otherwise).
func checkRepeat(_ rule: RepeatRule?, due: Date?) throws {
  guard let rule else { return }
  guard let due else {
    throw CLIError(tr("a repeating todo needs a due time (--due, e.g. --due 9:00)"), code: .dataError)
  }
  guard Todo.firstOccurrence(of: rule, from: due, in: .current) != nil else {
    throw CLIError(tr("the rule %s has no time from the due time on", rule.rruleText), code: .dataError)
  }
}
