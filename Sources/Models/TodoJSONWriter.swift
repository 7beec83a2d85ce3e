import Foundation

/// `list --json`'s document, written by hand for the CLI's budget (`list --json` of 10,000
/// todos at least 5× faster than `task export`): `JSONEncoder` takes ~5 µs a todo. It is
/// the document `JSONCoding.encoder()` makes of the same todos (a test holds them equal).
public enum TodoJSONWriter {
  public static func write(_ todos: [Todo]) -> String {
    var out = "["
    for (index, todo) in todos.enumerated() {
      if index > 0 { out += "," }
      out += "{\"completedAt\":" + date(todo.completedAt)
      out += ",\"createdAt\":" + date(todo.createdAt)
      out += ",\"due\":" + date(todo.due)
      out += ",\"id\":\"" + todo.idString
      out += "\",\"isComplete\":" + (todo.isComplete ? "true" : "false")
      out += ",\"notes\":" + quoted(todo.notes)
      out += ",\"priority\":\"" + todo.priority.rawValue
      out += "\",\"snoozedUntil\":" + date(todo.snoozedUntil)
      out += ",\"title\":" + quoted(todo.title)
      out += ",\"url\":" + (todo.url.map { quoted($0.absoluteString) } ?? "null") + "}"
    }
    return out + "]"
  }

  private static func date(_ date: Date?) -> String {
    date.map { "\"" + JSONCoding.string(from: $0) + "\"" } ?? "null"
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
