import Foundation

/// ISO 8601 formatting and parsing as quickdo uses it: UTC with `Z` on output; on input,
/// with or without fractional seconds, and Taskwarrior's compact `20261122T170000Z` form.
public enum ISO8601 {
  public static func string(from date: Date) -> String {
    date.formatted(.iso8601)
  }

  public static func date(from text: String) -> Date? {
    if let date = try? Date(text, strategy: .iso8601) { return date }
    if let date = try? Date(
      text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    {
      return date
    }
    if let date = try? Date(
      text,
      strategy: Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted))
    {
      return date
    }
    return nil
  }
}
