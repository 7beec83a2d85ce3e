import Foundation

/// Writes todos as the `list --json` array directly, without `JSONEncoder`: the same
/// document as `JSONCoding.encoder()` produces from `Todo`'s `Codable` form (a test holds
/// them equal), at a fraction of the cost for 10,000 todos. It appends UTF-8 bytes to one
/// buffer; many small `String` appends cost more than the rest of `list` together.
public enum TodoJSONWriter {
  public static func write(_ todos: [Todo]) -> String {
    String(decoding: bytes(todos), as: UTF8.self)
  }

  /// The document as UTF-8 bytes.
  public static func bytes(_ todos: [Todo]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(todos.count * 280 + 2)
    out.append(UInt8(ascii: "["))
    for (index, todo) in todos.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      raw("{\"completedAt\":", &out)
      date(todo.completedAt, &out)
      raw(",\"createdAt\":", &out)
      date(todo.createdAt, &out)
      raw(",\"due\":", &out)
      date(todo.due, &out)
      raw(",\"id\":\"", &out)
      raw(todo.idString, &out)
      raw("\",\"isComplete\":", &out)
      raw(todo.isComplete ? "true" : "false", &out)
      raw(",\"notes\":", &out)
      string(todo.notes, &out)
      raw(",\"priority\":\"", &out)
      raw(todo.priority.rawValue, &out)
      raw("\",\"snoozedUntil\":", &out)
      date(todo.snoozedUntil, &out)
      raw(",\"title\":", &out)
      string(todo.title, &out)
      raw(",\"url\":", &out)
      if let url = todo.url { string(url.absoluteString, &out) } else { raw("null", &out) }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  @inline(__always)
  static func raw(_ text: String, _ out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }

  static func date(_ date: Date?, _ out: inout [UInt8]) {
    guard let date else { return raw("null", &out) }
    out.append(UInt8(ascii: "\""))
    raw(ISO8601.string(from: date), &out)
    out.append(UInt8(ascii: "\""))
  }

  /// `text` as a JSON string literal (see ``string(_:_:)``). The same text is a valid TOML
  /// basic string, so the config's `show` and the action log both quote with it.
  public static func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 2)
    string(text, &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// A JSON string literal: quotes, backslashes and control characters (and DEL, which
  /// TOML requires) escaped; the rest, including `/`, `<` and non-ASCII, written as is.
  static func string(_ text: String, _ out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"", &out)
      case UInt8(ascii: "\\"): raw("\\\\", &out)
      case UInt8(ascii: "\n"): raw("\\n", &out)
      case UInt8(ascii: "\r"): raw("\\r", &out)
      case UInt8(ascii: "\t"): raw("\\t", &out)
      case 0..<0x20, 0x7f:
        let hex = Array("0123456789abcdef".utf8)
        raw("\\u00", &out)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0x0F)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
