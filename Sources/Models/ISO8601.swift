import Foundation

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
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    var days = seconds / 86_400
    var time = seconds % 86_400
    if time < 0 {
      time += 86_400
      days -= 1
    }
    let (year, month, day) = civil(fromDays: days)
    var o = 0
    @inline(__always) func byte(_ byte: UInt8) {
      out[o] = byte
      o += 1
    }
    if year < 0 { byte(UInt8(ascii: "-")) }
    let yearDigits = abs(year)
    if yearDigits < 10_000 {
      pair(yearDigits / 100, at: out + o)
      pair(yearDigits % 100, at: out + o + 2)
      o += 4
    } else {  // whole, up to 19 digits
      var count = 4
      var limit: Int64 = 10_000
      while yearDigits >= limit, count < 19 {
        count += 1
        limit = limit.multipliedReportingOverflow(by: 10).partialValue
      }
      var rest = yearDigits
      for index in stride(from: count - 1, through: 0, by: -1) {
        out[o + index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      }
      o += count
    }
    // -MM-DDTHH:MM:SSZ
    byte(UInt8(ascii: "-"))
    pair(month, at: out + o)
    out[o + 2] = UInt8(ascii: "-")
    pair(day, at: out + o + 3)
    out[o + 5] = UInt8(ascii: "T")
    pair(time / 3600, at: out + o + 6)
    out[o + 8] = UInt8(ascii: ":")
    pair(time / 60 % 60, at: out + o + 9)
    out[o + 11] = UInt8(ascii: ":")
    pair(time % 60, at: out + o + 12)
    out[o + 14] = UInt8(ascii: "Z")
    return o + 15
  }

  /// Two digits of `value` (0...99) from a table: one lookup instead of two divisions.
  @inline(__always)
  private static func pair(_ value: Int64, at out: UnsafeMutablePointer<UInt8>) {
    let table: StaticString = """
      00010203040506070809101112131415161718192021222324252627282930313233343536373839\
      40414243444546474849505152535455565758596061626364656667686970717273747576777879\
      8081828384858687888990919293949596979899
      """
    let start = table.utf8Start + Int(value) * 2
    out[0] = start[0]
    out[1] = start[1]
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
  /// `civil_from_days`): arithmetic only, where `gmtime_r` also takes glibc's time-zone lock.
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
