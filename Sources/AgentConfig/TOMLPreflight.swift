/// Refuses the TOML that toml++ (under TOMLKit) cannot handle: on these inputs an assertion
/// inside toml++ fails and aborts the whole process, release builds included, instead of
/// reporting a syntax error. Found by the config fuzzer (Tests/ParserFuzzTests); the
/// malformed-config fixtures `table-name-*` and `array-brace` keep them fixed.
///
/// - a table header whose name starts with anything but a bare-key character or a quote
///   (`[é]`, `[@x]`, `[` then a newline);
/// - a `}` where an array element should be (`[}]`, `[1, }]`).
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
    func at(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }
    func isBare(_ c: Unicode.Scalar) -> Bool {
      c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-")
    }
    while index < scalars.count {
      let c = scalars[index]
      switch c {
      case "\n":
        line += 1
        atLineStart = true
        index += 1
        continue
      case " ", "\t", "\r":
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
          let shown = s.properties.isWhitespace || s.value < 0x20 || s.value == 0x7F
            ? "U+" + String(s.value, radix: 16, uppercase: true) : "'\(s)'"
          return (line, "a table name starts with a letter, digit, '_', '-' or a quote, not \(shown) (quote it: [\"name\"])")
        }
      case "[", "{":
        open.append(c)
        index += 1
      case "}" where open.last == "[":
        return (line, "'}' where an array element should be (an array ends with ']')")
      case "]", "}":
        _ = open.popLast()
        index += 1
      default:
        index += 1
      }
      atLineStart = false
    }
    return nil
  }
}
