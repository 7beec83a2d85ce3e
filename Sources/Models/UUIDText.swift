import Foundation

/// Ids as lowercase text, both ways, for the CLI's budget (`list --json` of 10,000 todos at
/// least 5× faster than `task export`): Foundation's `UUID(uuidString:)` goes through
/// `sscanf` and `uuidString` through `sprintf`, for every id.
public enum UUIDText {
  /// `deadbeef-0000-4000-8000-000000000001`.
  public static func format(_ id: UUID) -> String {
    var bytes: [UInt8] = []
    append(id, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The first 8 digits of `format(id)`: how `list` and the CLI's messages name a todo,
  /// made without the other 28 (`list` writes one per line).
  public static func short(_ id: UUID) -> String {
    withUnsafeBytes(of: id.uuid) { bytes in
      String(unsafeUninitializedCapacity: 8) { out in
        for index in 0..<4 {
          out[2 * index] = digit(bytes[index] >> 4)
          out[2 * index + 1] = digit(bytes[index] & 0x0F)
        }
        return 8
      }
    }
  }

  /// Appends `format(id)`'s bytes (`list --json` writes ids into its document this way).
  public static func append(_ id: UUID, to out: inout [UInt8]) {
    withUnsafeBytes(of: id.uuid) { bytes in
      for (index, byte) in bytes.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
        out.append(digit(byte >> 4))
        out.append(digit(byte & 0x0F))
      }
    }
  }

  /// The lowercase hex digit of a value below 16.
  private static func digit(_ nibble: UInt8) -> UInt8 {
    let hex: StaticString = "0123456789abcdef"
    return hex.utf8Start[Int(nibble)]
  }

  /// The 36-character form, in either case: dashes exactly at offsets 8, 13, 18 and 23 and
  /// hex digits everywhere else. Nil for anything else.
  public static func parse(_ text: some StringProtocol) -> UUID? {
    var text = String(text)
    return text.withUTF8 { parse(utf8: $0) }
  }

  /// ``parse(_:)`` of UTF-8 bytes (a database column as it is stored).
  public static func parse(utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard utf8.count == 36 else { return nil }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let valid = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
      var digits = 0
      for (offset, byte) in utf8.enumerated() {
        if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
          guard byte == UInt8(ascii: "-") else { return false }
          continue
        }
        guard let value = hexValue(byte) else { return false }
        bytes[digits / 2] |= digits % 2 == 0 ? value << 4 : value
        digits += 1
      }
      return true
    }
    return valid ? UUID(uuid: uuid) : nil
  }

  /// The value of one hex digit, either case.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
