import Foundation

/// JSON values written as bytes, for `list --json`'s budget (10,000 todos at least 5×
/// faster than `task export`), which `JSONEncoder` misses: the pieces each
/// ``TodoValueCodec`` writes its values with, in the forms `JSONCoding.encoder()` writes.
public enum JSONBytes {
  /// A date as `JSONCoding` writes it, `2026-11-22T17:00:00Z`, worked out by hand: the
  /// proleptic Gregorian day of the Unix day number (`CivilDay`), which is Foundation's
  /// calendar for the years quickdo keeps (1900–9999). Foundation's formatter, for several
  /// dates a todo, costs that budget.
  public static func date(_ date: Date, _ out: inout [UInt8]) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let (days, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
    let (dayNumber, second) = time < 0 ? (days - 1, time + 86_400) : (days, time)
    let (year, month, day) = CivilDay.date(of: dayNumber)
    out.append(UInt8(ascii: "\""))
    digits(year, 4, &out)
    out.append(UInt8(ascii: "-"))
    digits(month, 2, &out)
    out.append(UInt8(ascii: "-"))
    digits(day, 2, &out)
    out.append(UInt8(ascii: "T"))
    digits(second / 3600, 2, &out)
    out.append(UInt8(ascii: ":"))
    digits(second / 60 % 60, 2, &out)
    out.append(UInt8(ascii: ":"))
    digits(second % 60, 2, &out)
    literal("Z\"", &out)
  }

  /// A literal's bytes, copied whole (appending a `String`'s UTF-8 view goes byte by byte).
  public static func literal(_ text: StaticString, _ out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The last `count` decimal digits of `value` (0 or more).
  static func digits(_ value: Int, _ count: Int, _ out: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    while divisor > 0 {
      out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }

  /// `text` as a JSON string literal, appended to `out` (see ``quoted(_:)``).
  public static func quote(_ text: String, _ out: inout [UInt8]) {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else {
      out.append(UInt8(ascii: "\""))
      out += text.utf8
      out.append(UInt8(ascii: "\""))
      return
    }
    out += quoted(text).utf8
  }

  /// Text given as UTF-8 bytes (a column's), as ``quote(_:_:)`` writes it: copied as it is
  /// when it is plain ASCII, else read as a `String` first (which also mends invalid UTF-8).
  public static func quote(utf8 text: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
    guard text.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }) else {
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: text)
      out.append(UInt8(ascii: "\""))
      return
    }
    quote(String(decoding: text, as: UTF8.self), &out)
  }

  /// `text` as a JSON string literal: quotes, backslashes, control characters and DEL
  /// escaped; the rest (`/`, `<`, non-ASCII) as it is. The same text is a TOML basic string,
  /// so the config's `show` and the action log quote with it too.
  public static func quoted(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else {
      return "\"" + text + "\""
    }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
