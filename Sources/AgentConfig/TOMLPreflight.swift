import Localization

/// Refuses the TOML that toml++ (under TOMLKit) cannot handle: on these inputs an assertion
/// inside toml++ fails and aborts the whole process, release builds included, instead of
/// reporting a syntax error. Found by the config fuzzer (Tests/ParserFuzzTests); the
/// malformed-config fixtures `table-name-*` and `array-brace` keep them fixed.
///
/// - a table header whose name starts with anything but a bare-key character or a quote
///   (`[é]`, `[@x]`, `[` then a newline), also on a first line after a byte-order mark
///   (found by libFuzzer, scripts/libfuzz.sh);
/// - a `}` where an array element should be (`[}]`, `[1, }]`);
/// - something date-shaped, a space and a one-digit "time" (`x = 2024-01-01 7`): toml++
///   reads on for a date-time and trips over the end of the value (found by libFuzzer);
/// - a character outside ASCII where toml++ looks for a value or a key (`x = [\u{85}1]`):
///   toml++ counts some of them as whitespace in one place and not in another (found by
///   libFuzzer). TOML allows them only in strings and comments, so nothing valid is lost;
/// - a date, a `T` and then no digit in a value with a `:` (`x = 2024-01-01TT:00`): toml++
///   takes it for a date-time and asserts that a digit follows the `T` (found by libFuzzer).
///
/// A light scan: it follows strings (basic, literal, multi-line), comments and brackets,
/// so only real headers — `[` outside any bracket at the start of a line — are looked at.
enum TOMLPreflight {
  /// The first input toml++ would abort on, as (line, what it is), or nil.
  static func firstProblem(in text: String) -> (line: Int, message: String)? {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    var line = 1
    var open: [Unicode.Scalar] = []
    var atLineStart = true
    // Inside bare text: a key (letters, digits, `_`, `-`) or a value. toml++ reads a value
    // on to the next whitespace, `]`, `}`, `,` or `#`, so a quote or bracket inside one
    // (`20"4-01-01`, `20["-01-01`) is one more character of it, not a string or an array.
    var inBareText = false
    var bareIsValue = false
    // The last character that was not whitespace or a comment ("\n" at a line's start).
    var lastSignificant: Unicode.Scalar = "\n"
    func at(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }
    func isBare(_ c: Unicode.Scalar) -> Bool {
      c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-")
    }
    while index < scalars.count {
      let c = scalars[index]
      if !c.isASCII, !(c == "\u{FEFF}" && index == 0) {
        return (line, tr("%s outside quotes and comments; TOML is ASCII there (quote the text: \"…\")", shown(c)))
      }
      if inBareText {
        let continues = bareIsValue ? !endsTOMLValue(c) : isBare(c)
        if continues {
          index += 1
          continue
        }
        inBareText = false
      }
      switch c {
      case "\n":
        lastSignificant = "\n"
        line += 1
        atLineStart = true
        index += 1
        continue
      case " ":
        if let token = dateBeforeOneDigitTime(scalars, space: index) {
          return (line, tr("'%s' is not a date-time: the time after a date needs hours and minutes (2024-01-01 07:30:00)", token))
        }
        index += 1
        continue
      case "\t", "\r":
        index += 1
        continue
      case "\u{FEFF}" where index == 0:
        // toml++ skips a byte-order mark, so the first line's header starts after it.
        index += 1
        continue
      case "#":
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
        continue
      case "\"", "'":
        let multi = at(1) == c && at(2) == c
        index += multi ? 3 : 1
        while index < scalars.count {
          let s = scalars[index]
          if s == "\\" && c == "\"" {
            index += 2
            continue
          }
          if s == "\n" {
            line += 1
            if !multi { break }
          }
          if s == c && (!multi || (at(1) == c && at(2) == c)) {
            index += multi ? 3 : 1
            break
          }
          index += 1
        }
      case "[" where open.isEmpty && atLineStart:
        index += at(1) == "[" ? 2 : 1
        while let s = at(0), s == " " || s == "\t" { index += 1 }
        if let s = at(0), !(isBare(s) || s == "\"" || s == "'" || s == "]") {
          return (line, tr("a table name starts with a letter, digit, '_', '-' or a quote, not %s (quote it: [\"name\"])", shown(s)))
        }
      case "[", "{":
        open.append(c)
        index += 1
      case "}" where open.last == "[":
        return (line, tr("'}' where an array element should be (an array ends with ']')"))
      case "]", "}":
        _ = open.popLast()
        index += 1
      default:
        inBareText = !isTOMLWhitespace(c) && !"=,".unicodeScalars.contains(c)
        bareIsValue = lastSignificant == "=" || (open.last == "[" && (lastSignificant == "[" || lastSignificant == ","))
        if inBareText, bareIsValue, let date = dateWithoutTime(scalars, value: index) {
          return (line, tr("'%s' is not a date-time: a 'T' after a date is followed by the time (2024-01-01T07:30:00)", date))
        }
        index += 1
      }
      atLineStart = false
      lastSignificant = c
    }
    return nil
  }

  /// The value text when the space at `space` follows a token toml++ takes for the date of
  /// a date-time (ten characters not counting `_`, with `-` fifth and eighth, starting with
  /// a digit or sign) and precedes a single digit that ends the value. Such text is never
  /// valid TOML, so refusing it loses nothing.
  private static func dateBeforeOneDigitTime(_ scalars: [Unicode.Scalar], space: Int) -> String? {
    guard space + 2 < scalars.count, ("0"..."9").contains(scalars[space + 1]), endsTOMLValue(scalars[space + 2])
    else { return nil }
    // toml++ reads a value up to the next terminator, so `=`, `[`, `{` and quotes inside the
    // run are part of it (`2024-01-=1`); the value itself starts at the run's start or
    // after one of `=[{` in it.
    var start = space
    while start > 0, !endsTOMLValue(scalars[start - 1]) { start -= 1 }
    let starts = [start] + (start..<space).filter { "=[{".unicodeScalars.contains(scalars[$0]) }.map { $0 + 1 }
    for from in starts {
      let token = scalars[from..<space].filter { $0 != "_" }
      if token.count == 10, token[token.startIndex + 4] == "-", token[token.startIndex + 7] == "-",
        let first = token.first, ("0"..."9").contains(first) || first == "+" || first == "-"
      {
        return String(String.UnicodeScalarView(scalars[from...space + 1]))
      }
    }
    return nil
  }

  /// The date and separator when the value at `value` starts `YYYY-MM-DD` then `T` or `t`
  /// and the next character is not a digit. No TOML value is written so, so refusing it
  /// loses nothing.
  private static func dateWithoutTime(_ scalars: [Unicode.Scalar], value: Int) -> String? {
    guard value + 11 < scalars.count else { return nil }
    let digit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
    let shape = Array("dddd-dd-ddT".unicodeScalars)
    for (offset, expected) in shape.enumerated() {
      let c = scalars[value + offset]
      let fits = switch expected {
      case "d": digit(c)
      case "T": c == "T" || c == "t"
      default: c == expected
      }
      if !fits { return nil }
    }
    guard !digit(scalars[value + 11]) else { return nil }
    return String(String.UnicodeScalarView(scalars[value..<value + 11]))
  }

  /// A character for a message: quoted, or as U+XXXX when it would not show.
  private static func shown(_ c: Unicode.Scalar) -> String {
    let hex = String(c.value, radix: 16, uppercase: true)
    return c.properties.isWhitespace || c.value < 0x20 || c.value == 0x7F || c.properties.generalCategory == .format
      || c.properties.generalCategory == .control
      ? "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex : "'\(c)'"
  }

  /// What ends a value for toml++ (`is_value_terminator`).
  private static func endsTOMLValue(_ c: Unicode.Scalar) -> Bool {
    isTOMLWhitespace(c) || "]},#".unicodeScalars.contains(c)
  }

  /// Whitespace as toml++ sees it (`is_whitespace`), which is not Unicode's White_Space:
  /// it includes U+180E, U+200B, U+2060 and U+FEFF.
  private static func isTOMLWhitespace(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0x09, 0x20, 0x0A...0x0D, 0x85, 0x2028, 0x2029, 0xA0, 0x1680, 0x180E, 0x2000...0x200B,
      0x202F, 0x205F, 0x2060, 0x3000, 0xFEFF:
      true
    default: false
    }
  }
}
