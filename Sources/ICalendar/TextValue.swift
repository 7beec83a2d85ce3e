/// RFC 5545 §3.3.11 TEXT values: a backslash escapes a backslash, a semicolon, a comma
/// and a newline (`\n` or `\N`).
public enum TextValue {
  public static func decode(_ escaped: String) -> String {
    var out = ""
    var iterator = escaped.makeIterator()
    while let character = iterator.next() {
      guard character == "\\" else {
        out.append(character)
        continue
      }
      switch iterator.next() {
      case "n", "N": out.append("\n")
      case let next?: out.append(next)  // \\ \; \, and, leniently, any other
      case nil: out.append("\\")
      }
    }
    return out
  }

  public static func encode(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\": out += "\\\\"
      case ";": out += "\\;"
      case ",": out += "\\,"
      case "\n", "\r\n": out += "\\n"
      case "\r": break
      default: out.append(character)
      }
    }
    return out
  }

  /// The values of a list of TEXT (CATEGORIES): split at commas no backslash escapes,
  /// each decoded.
  public static func decodeList(_ escaped: String) -> [String] {
    var values: [String] = []
    var current = ""
    var escaping = false
    for character in escaped {
      if escaping {
        current.append("\\")
        current.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == "," {
        values.append(decode(current))
        current = ""
      } else {
        current.append(character)
      }
    }
    if escaping { current.append("\\") }
    values.append(decode(current))
    return values
  }
}
