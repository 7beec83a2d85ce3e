import Foundation

/// Repairs the characters XML 1.0 forbids that CalDAV servers write anyway, before libxml2
/// reads an answer, so that one todo's text never stops a whole calendar:
/// - a UTF-16 surrogate pair written as two character references (SOGo writes 🍎 as
///   `&#55356;&#57166;`) becomes a reference to the one character it encodes;
/// - any other reference to a character XML forbids (a lone surrogate, `&#x0;`, `&#x1B;`)
///   becomes `&#xFFFD;`, and so does a raw control byte (other than tab, LF and CR) or a
///   raw U+FFFE or U+FFFF.
/// References inside CDATA sections are text, not references, and are left as they are.
/// The input must be UTF-8 (checked before).
enum ForbiddenCharacters {
  /// `data` repaired, and how many characters were replaced by U+FFFD. Unchanged, and
  /// not copied, when nothing needs it.
  static func repaired(_ data: Data) -> (data: Data, replaced: Int) {
    guard needsLook(data) else { return (data, 0) }
    let bytes = [UInt8](data)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var replaced = 0
    var index = 0
    let cdataStart = Array("<![CDATA[".utf8)
    let cdataEnd = Array("]]>".utf8)
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<"), bytes[index...].starts(with: cdataStart) {
        let end = find(cdataEnd, in: bytes, from: index + cdataStart.count).map { $0 + cdataEnd.count } ?? bytes.count
        for b in bytes[index..<end] {
          if isForbiddenByte(b) {
            out += replacement
            replaced += 1
          } else {
            out.append(b)
          }
        }
        index = end
        continue
      }
      if byte == UInt8(ascii: "&"), let (value, length) = reference(bytes, at: index) {
        if (0xD800...0xDBFF).contains(value), let (low, lowLength) = reference(bytes, at: index + length),
          (0xDC00...0xDFFF).contains(low)
        {
          let scalar = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          out += Array("&#x\(String(scalar, radix: 16, uppercase: true));".utf8)
          index += length + lowLength
          continue
        }
        if isAllowed(value) {
          out += bytes[index..<index + length]
        } else {
          out += Array("&#xFFFD;".utf8)
          replaced += 1
        }
        index += length
        continue
      }
      if isForbiddenByte(byte) {
        out += replacement
        replaced += 1
      } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
        // U+FFFE and U+FFFF, raw.
        out += replacement
        replaced += 1
        index += 3
        continue
      } else {
        out.append(byte)
      }
      index += 1
    }
    return (Data(out), replaced)
  }

  /// U+FFFD in UTF-8.
  static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// Whether `data` holds a character reference, a control byte or a raw U+FFFE/U+FFFF
  /// (a quick scan; most answers hold only the allowed carriage-return reference, `&#xD;`).
  static func needsLook(_ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      var previous: UInt8 = 0
      for byte in buffer {
        if isForbiddenByte(byte) || (previous == UInt8(ascii: "&") && byte == UInt8(ascii: "#"))
          || (previous == 0xBF && byte >= 0xBE)
        {
          return true
        }
        previous = byte
      }
      return false
    }
  }

  static func isForbiddenByte(_ byte: UInt8) -> Bool {
    byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
  }

  /// XML 1.0's `Char` production.
  static func isAllowed(_ value: Int) -> Bool {
    value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
      || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
  }

  /// The value and length of a character reference (`&#123;`, `&#x7B;`) at `index`; nil
  /// when there is none. A value past U+10FFFF, however many digits, is reported as
  /// U+110000 (forbidden), never wrapped.
  static func reference(_ bytes: [UInt8], at index: Int) -> (value: Int, length: Int)? {
    guard index + 3 < bytes.count, bytes[index] == UInt8(ascii: "&"), bytes[index + 1] == UInt8(ascii: "#") else {
      return nil
    }
    var cursor = index + 2
    let hex = bytes[cursor] == UInt8(ascii: "x")
    if hex { cursor += 1 }
    var value = 0
    var digits = 0
    while cursor < bytes.count, digits < 32 {
      let byte = bytes[cursor]
      let digit: Int? =
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
      guard let digit else { break }
      value = min(value * (hex ? 16 : 10) + digit, 0x110000)
      digits += 1
      cursor += 1
    }
    guard digits > 0, digits < 32, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else { return nil }
    return (value, cursor + 1 - index)
  }

  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
