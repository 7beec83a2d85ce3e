/// The placeholders of a message, in C's printf syntax as gettext's `c-format` checks
/// them: `%s`, `%d`, numbered `%2$s` (a translation may reorder its arguments), and `%%`.
/// Filled in here rather than by `printf`, so a catalog's text can never read an argument
/// that is not there.
public enum MessageFormat {
  /// One placeholder: the argument it stands for (from 1) and its conversion letter.
  struct Placeholder: Hashable {
    var argument: Int
    var conversion: UInt8
  }

  /// The placeholders of `text`, or nil when a `%` starts something else.
  static func placeholders(_ text: String) -> [Placeholder]? {
    var found: [Placeholder] = []
    var next = 1
    var bytes = text.utf8.makeIterator()
    while let byte = bytes.next() {
      guard byte == UInt8(ascii: "%") else { continue }
      var number = 0
      var digits = 0
      var conversion = bytes.next()
      while let digit = conversion, (0x30...0x39).contains(digit), digits < 3 {
        number = number * 10 + Int(digit - 0x30)
        digits += 1
        conversion = bytes.next()
      }
      if digits > 0 {
        guard conversion == UInt8(ascii: "$"), number > 0 else { return nil }
        conversion = bytes.next()
      }
      switch conversion {
      case UInt8(ascii: "%") where digits == 0: continue
      case UInt8(ascii: "s"), UInt8(ascii: "d"):
        found.append(Placeholder(argument: digits > 0 ? number : next, conversion: conversion!))
        if digits == 0 { next += 1 }
      default: return nil
      }
    }
    return found
  }

  /// Whether `translation` uses exactly the placeholders `original` does, in any order.
  public static func fits(_ translation: String, _ original: String) -> Bool {
    guard let mine = placeholders(translation), let theirs = placeholders(original) else { return false }
    return Set(mine) == Set(theirs) && mine.count == theirs.count
  }

  /// `text` with its placeholders replaced by `arguments`; a placeholder with no argument
  /// stays as written.
  public static func fill(_ text: String, _ arguments: [String]) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var out = ""
    var next = 0
    var rest = Substring(text)
    while let percent = rest.firstIndex(of: "%") {
      out += rest[..<percent]
      var index = rest.index(after: percent)
      let digits = rest[index...].prefix { $0.isASCII && $0.isNumber }
      var numbered: Int?
      if !digits.isEmpty, let number = Int(digits), rest[digits.endIndex...].first == "$" {
        numbered = number - 1
        index = rest.index(after: digits.endIndex)
      }
      let argument = numbered ?? next
      guard index < rest.endIndex else {
        out += rest[percent...]
        return out
      }
      switch rest[index] {
      case "%":
        out += "%"
      case "s", "d":
        if arguments.indices.contains(argument) { out += arguments[argument] } else { out += rest[percent...index] }
        if numbered == nil { next += 1 }
      default:
        out += rest[percent...index]
      }
      rest = rest[rest.index(after: index)...]
    }
    return out + rest
  }
}
