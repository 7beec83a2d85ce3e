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

func parsePriority(_ text: String) throws -> Priority {
  guard let priority = Priority(rawValue: text.lowercased()) else {
    throw CLIError(
      "'\(text)' is not a priority (expected low, normal or high)", code: .dataError)
  }
  return priority
}

func parseDue(_ text: String) throws -> Date {
  guard let date = HumanDate.parse(text, now: Date()) else {
    throw CLIError(
      "'\(text)' is not a date (try '2026-12-01 17:00', 'tomorrow', 'in 2h' or ISO 8601)",
      code: .dataError)
  }
  return date
}

func parseURL(_ text: String) throws -> URL {
  guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty,
    url.host != nil || scheme == "file" || scheme == "mailto"
  else {
    throw CLIError("'\(text)' is not a URL (expected e.g. https://example.com)", code: .dataError)
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
