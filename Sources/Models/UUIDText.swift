import Foundation

/// Lowercase UUID text without Foundation's `sscanf`/`sprintf` round trip (measured at
/// several microseconds per id on Linux, paid for every row `list` reads and writes).
public enum UUIDText {
  private static let hex = Array("0123456789abcdef".utf8)

  /// `deadbeef-0000-4000-8000-000000000001`.
  public static func format(_ id: UUID) -> String {
    withUnsafeBytes(of: id.uuid) { bytes in
      String(unsafeUninitializedCapacity: 36) { out in
        var o = 0
        for (index, byte) in bytes.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            out[o] = UInt8(ascii: "-")
            o += 1
          }
          out[o] = hex[Int(byte >> 4)]
          out[o + 1] = hex[Int(byte & 0x0F)]
          o += 2
        }
        return o
      }
    }
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

  /// Parses the 36-character form, in either case; nil for anything else.
  public static func parse(_ text: String) -> UUID? {
    var bytes = [UInt8](repeating: 0, count: 16)
    var count = 0
    var high: UInt8?
    var length = 0
    for c in text.utf8 {
      length += 1
      if length > 36 { return nil }
      // Dashes exactly at 9, 14, 19 and 24 and hex digits everywhere else, so there are
      // never more than 32 digits. (Dashes only *allowed* there let 35 digits through and
      // overran `bytes`: found by libFuzzer through a deep link.)
      if [9, 14, 19, 24].contains(length) {
        guard c == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let value = hexValue(c) else { return nil }
      if let h = high {
        bytes[count] = h << 4 | value
        count += 1
        high = nil
      } else {
        high = value
      }
    }
    guard length == 36, count == 16 else { return nil }
    return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                       bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
  }
}
