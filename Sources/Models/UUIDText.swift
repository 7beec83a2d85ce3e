import Foundation

/// Lowercase UUID text without Foundation's `sscanf`/`sprintf` round trip (measured at
/// several microseconds per id on Linux, paid for every row `list` reads and writes).
public enum UUIDText {
  /// `deadbeef-0000-4000-8000-000000000001`.
  public static func format(_ id: UUID) -> String {
    String(unsafeUninitializedCapacity: 36) { out in
      write(id, into: out.baseAddress!)
      return 36
    }
  }

  /// Writes the 36 bytes of `format(id)` at `out`; returns 36. (`list --json` writes ids
  /// straight into its output, with no `String` per id.)
  @discardableResult
  static func write(_ id: UUID, into out: UnsafeMutablePointer<UInt8>) -> Int {
    withUnsafeBytes(of: id.uuid) { bytes in
      var o = 0
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          out[o] = UInt8(ascii: "-")
          o += 1
        }
        let byte = bytes[index]
        out[o] = hexDigit(byte >> 4)
        out[o + 1] = hexDigit(byte & 0x0F)
        o += 2
      }
      return o
    }
  }

  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// The value of one hex digit, either case (also used for `%XX` in deep links).
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// `hexValue` without the optional, for the parser's inner loop: 16 or more for a byte
  /// that is not a hex digit.
  @inline(__always)
  private static func digitValue(_ byte: UInt8) -> UInt8 {
    let decimal = byte &- UInt8(ascii: "0")
    if decimal < 10 { return decimal }
    let letter = (byte | 0x20) &- UInt8(ascii: "a")  // either case
    return letter < 6 ? letter + 10 : 0xFF
  }

  /// Parses the 36-character form, in either case; nil for anything else.
  public static func parse(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8 { parse(utf8: $0) }
  }

  /// Dashes exactly at offsets 8, 13, 18 and 23 and hex digits everywhere else, so there are
  /// always exactly 32 digits. (Dashes only *allowed* there once let 35 digits through and
  /// overran the buffer: found by libFuzzer through a deep link.)
  public static func parse(utf8 text: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard text.count == 36 else { return nil }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let parsed = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
      var offset = 0
      for index in 0..<16 {
        if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
          guard text[offset] == UInt8(ascii: "-") else { return false }
          offset += 1
        }
        let high = digitValue(text[offset])
        let low = digitValue(text[offset + 1])
        guard high | low < 16 else { return false }
        bytes[index] = high << 4 | low
        offset += 2
      }
      return true
    }
    return parsed ? UUID(uuid: uuid) : nil
  }
}
