/// User text on its way to a terminal: a title like `ESC[2J` or an OSC 52 sequence must
/// show as text, never clear the screen, retitle the window or write the clipboard. The
/// stored and exported text (`list --json`) stays exactly as given; only what is printed
/// for a person goes through here.
public enum TerminalText {
  /// `text` with every control character (C0, DEL, C1), format character (bidi overrides
  /// and isolates, zero-width spaces…, but not the joiners U+200C and U+200D) and line or
  /// paragraph separator written as a visible escape: `\n`, `\t`, `\r`, else `\u{1B}`.
  public static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        out.append(scalar)
        continue
      }
      let escape =
        switch scalar {
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
      out.append(contentsOf: escape.unicodeScalars)
    }
    return String(out)
  }

  /// A message of several lines (a heading and a list of problems): each line made
  /// visible, the line breaks kept.
  public static func visibleLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { visible(String($0)) }.joined(separator: "\n")
  }

  /// Whether `visible` would change `text`: for values that may not hold such characters
  /// at all (config labels).
  public static func hasInvisibles(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: needsEscape)
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    // Printable ASCII, most of any text, is answered without the Unicode tables: `list`
    // asks for each title and tag (its budget: 10,000 todos in 20 ms).
    if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
    // Zero-width (non-)joiners join emoji sequences and Persian or Indic letters as meant.
    if scalar == "\u{200C}" || scalar == "\u{200D}" { return false }
    return switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
