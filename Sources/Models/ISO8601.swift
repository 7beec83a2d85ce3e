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
    String(unsafeUninitializedCapacity: maximumLength) { buffer in
      write(date, into: buffer.baseAddress!)
    }
  }

  /// The most `write` writes: a sign, 19 year digits and `-MM-DDTHH:MM:SSZ`.
  static let maximumLength = 40

  /// Writes `string(from: date)`'s bytes at `out` (at most `maximumLength`); returns how
  /// many. `list --json` writes dates straight into its output, with no `String` per date.
  /// Years before 1000 get leading zeros; years past 9999 are written whole.
  @discardableResult
  static func write(_ date: Date, into out: UnsafeMutablePointer<UInt8>) -> Int {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    var o = 0
    func digits(_ value: Int, _ count: Int) {
      var rest = value
      for index in stride(from: count - 1, through: 0, by: -1) {
        out[o + index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      }
      o += count
    }
    func byte(_ byte: UInt8) {
      out[o] = byte
      o += 1
    }
    let year = Int(parts.tm_year) + 1900
    if year < 0 { byte(UInt8(ascii: "-")) }
    var yearDigits = 4
    var limit = 10_000
    while abs(year) >= limit, yearDigits < 19 {
      yearDigits += 1
      limit = limit.multipliedReportingOverflow(by: 10).partialValue
    }
    digits(abs(year), yearDigits)
    byte(UInt8(ascii: "-"))
    digits(Int(parts.tm_mon) + 1, 2)
    byte(UInt8(ascii: "-"))
    digits(Int(parts.tm_mday), 2)
    byte(UInt8(ascii: "T"))
    digits(Int(parts.tm_hour), 2)
    byte(UInt8(ascii: ":"))
    digits(Int(parts.tm_min), 2)
    byte(UInt8(ascii: ":"))
    digits(Int(parts.tm_sec), 2)
    byte(UInt8(ascii: "Z"))
    return o
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
