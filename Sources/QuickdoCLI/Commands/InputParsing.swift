import CommandInput
import CommandSupport
import Foundation
import Models

/// Parsing of command-line values; each failure names the value (exit 65).
func validTitle(_ title: String) throws -> String {
  // `Character.isWhitespace` (Unicode White_Space, newlines included), not Foundation's
  // `trimmingCharacters`, which goes through NSString.
  guard title.contains(where: { !$0.isWhitespace }) else {
    throw CLIError("the title is empty", code: .dataError)
  }
  return title
}

func parseDue(_ text: String) throws -> Date {
  guard let date = HumanDate.parse(text, now: Date()) else {
    throw CLIError(
      "'\(text)' is not a date (try '2026-12-01 17:00', 'tomorrow', 'in 2h' or ISO 8601)",
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
      "\(what) is outside the dates quickdo keeps (the years 1900 to 9999)", code: .dataError)
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
      "'\(text)' is not a link quickdo opens (expected an http, https or mailto URL, e.g. https://example.com)",
      code: .dataError)
  }
  return url
}

func parseDuration(_ text: String) throws -> TimeInterval {
  guard let seconds = QuickDuration.seconds(text) else {
    throw CLIError(
      "'\(text)' is not a duration (expected e.g. 90s, 15m, 1h, 1d)", code: .dataError)
  }
  return seconds
}
