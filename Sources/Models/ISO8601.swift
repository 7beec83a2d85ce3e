import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// ISO 8601 formatting and parsing as quickdo uses it: UTC with `Z` on output (whole
/// seconds); on input, with or without fractional seconds, and Taskwarrior's compact
/// `20261122T170000Z` form.
public enum ISO8601 {
  /// `2026-11-22T17:00:00Z`. Written by hand: `Date.formatted(.iso8601)` costs several
  /// microseconds a call, which `list --json` pays four times per todo.
  public static func string(from date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let year = Int(parts.tm_year) + 1900
    let yearText = year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
    return "\(yearText)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
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
