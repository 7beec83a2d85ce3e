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
  /// straight into its output, with no `String` per id.) Written out byte by byte: a loop
  /// with the dash positions as conditions took ~500 instructions an id.
  @discardableResult
  static func write(_ id: UUID, into out: UnsafeMutablePointer<UInt8>) -> Int {
    let u = id.uuid
    let digits: StaticString = "0123456789abcdef"
    let hex = digits.utf8Start
    @inline(__always) func put(_ byte: UInt8, _ at: Int) {
      out[at] = hex[Int(byte >> 4)]
      out[at + 1] = hex[Int(byte & 0x0F)]
    }
    put(u.0, 0); put(u.1, 2); put(u.2, 4); put(u.3, 6)
    out[8] = UInt8(ascii: "-")
    put(u.4, 9); put(u.5, 11)
    out[13] = UInt8(ascii: "-")
    put(u.6, 14); put(u.7, 16)
    out[18] = UInt8(ascii: "-")
    put(u.8, 19); put(u.9, 21)
    out[23] = UInt8(ascii: "-")
    put(u.10, 24); put(u.11, 26); put(u.12, 28); put(u.13, 30); put(u.14, 32); put(u.15, 34)
    return 36
  }

  /// The value of one hex digit, either case (also used for `%XX` in deep links).
  static func hexValue(_ byte: UInt8) -> UInt8? {
    let value = digitValue(byte)
    return value < 16 ? value : nil
  }

  /// A hex digit's value, either case, without an optional (the parser's inner loop): 16 or
  /// more for a byte that is not a hex digit.
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
  /// overran the buffer: found by libFuzzer through a deep link.) Positions are written
  /// out, as in `write`.
  public static func parse(utf8 text: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard text.count == 36, let p = text.baseAddress,
      p[8] == UInt8(ascii: "-"), p[13] == UInt8(ascii: "-"), p[18] == UInt8(ascii: "-"),
      p[23] == UInt8(ascii: "-")
    else { return nil }
    var invalid: UInt8 = 0  // 16 or more once a digit is not hex
    @inline(__always) func pair(_ at: Int) -> UInt8 {
      let high = digitValue(p[at])
      let low = digitValue(p[at + 1])
      invalid |= high | low
      return high << 4 | low & 0x0F
    }
    let uuid: uuid_t = (
      pair(0), pair(2), pair(4), pair(6), pair(9), pair(11), pair(14), pair(16),
      pair(19), pair(21), pair(24), pair(26), pair(28), pair(30), pair(32), pair(34)
    )
    return invalid < 16 ? UUID(uuid: uuid) : nil
  }

  /// Whether `text` is exactly what ``write(_:into:)`` writes: 36 bytes, dashes at offsets
  /// 8, 13, 18 and 23, lowercase hex digits everywhere else. Such text can be copied where
  /// `format(parse(text)!)` would be written.
  public static func isCanonical(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard text.count == 36, let p = text.baseAddress else { return false }
    // Five words cover the 36 bytes (the last two overlap); the dashes are lanes 0 and 5
    // of the word at 8 and lanes 2 and 7 of the word at 16.
    @inline(__always) func valid(_ offset: Int, dashes: UInt64 = 0) -> UInt64 {
      ByteWords.lowercaseHexOrDash(ByteWords.load(p + offset), dashes: dashes)
    }
    let lanes =
      valid(0) & valid(8, dashes: 0x0000_8000_0000_0080) & valid(16, dashes: 0x8000_0000_0080_0000)
      & valid(24) & valid(28)
    return lanes == ByteWords.highBits
  }
}
