import Foundation

/// `list --json`'s document, written by hand for the CLI's budget (`list --json` of 10,000
/// todos at least 5× faster than `task export`): `JSONEncoder` takes ~5 µs a todo. It is
/// the document `JSONCoding.encoder()` makes of the same todos (tests hold them equal).
public enum TodoJSONWriter {
  public static func write(_ todos: [Todo]) -> String {
    String(decoding: bytes(todos), as: UTF8.self)
  }

  /// The document as UTF-8 bytes (appended to an array: appending to a `String` piece by
  /// piece cost as much again).
  public static func bytes(_ todos: [Todo]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(todos.count * 240 + 2)
    out.append(UInt8(ascii: "["))
    for (index, todo) in todos.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out += "{\"completedAt\":".utf8
      date(todo.completedAt, &out)
      out += ",\"createdAt\":".utf8
      date(todo.createdAt, &out)
      out += ",\"due\":".utf8
      date(todo.due, &out)
      out += ",\"id\":\"".utf8
      out += todo.idString.utf8
      out += (todo.isComplete ? "\",\"isComplete\":true" : "\",\"isComplete\":false").utf8
      out += ",\"notes\":".utf8
      quote(todo.notes, &out)
      out += ",\"priority\":\"".utf8
      out += todo.priority.rawValue.utf8
      out += "\",\"snoozedUntil\":".utf8
      date(todo.snoozedUntil, &out)
      out += ",\"title\":".utf8
      quote(todo.title, &out)
      out += ",\"url\":".utf8
      if let url = todo.url { quote(url.absoluteString, &out) } else { out += "null".utf8 }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  /// A date as `JSONCoding` writes it, `2026-11-22T17:00:00Z`, worked out by hand: the
  /// proleptic Gregorian day of the Unix day number (Howard Hinnant's `civil_from_days`),
  /// which is Foundation's calendar for the years quickdo keeps (1900–9999). Foundation's
  /// formatter costs ~1.5 µs a date, several per todo.
  private static func date(_ date: Date?, _ out: inout [UInt8]) {
    guard let date else { return out += "null".utf8 }
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let (days, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
    let (dayNumber, second) = time < 0 ? (days - 1, time + 86_400) : (days, time)
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
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
    out += "Z\"".utf8
  }

  /// The last `count` decimal digits of `value` (0 or more).
  private static func digits(_ value: Int, _ count: Int, _ out: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    while divisor > 0 {
      out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }

  /// `text` as a JSON string literal, appended to `out` (see ``quoted(_:)``).
  private static func quote(_ text: String, _ out: inout [UInt8]) {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else {
      out.append(UInt8(ascii: "\""))
      out += text.utf8
      out.append(UInt8(ascii: "\""))
      return
    }
    out += quoted(text).utf8
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
