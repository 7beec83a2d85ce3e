/// RFC 5545 §3.1 line folding: a content line longer than 75 octets is split into physical
/// lines, each continuation starting with one space. Folding never splits a UTF-8
/// character; unfolding accepts CRLF or a bare LF, and a space or a tab after it.
public enum Folding {
  /// The most octets a physical line holds, line break excluded.
  public static let lineLimit = 75

  /// One logical line and the bytes it came from: `original` is its physical lines with
  /// their line breaks, as they were, so an untouched line is written back unchanged.
  public struct Unfolded: Equatable, Sendable {
    public var line: String
    public var original: [UInt8]
  }

  /// The logical lines of `text`. Text after the last line break counts as a line; empty
  /// lines are kept (they are written back as they were).
  public static func unfold(_ text: String) -> [Unfolded] {
    unfold(bytes: Array(text.utf8))
  }

  /// The logical lines of `bytes`, joined before they are decoded, so a character that a
  /// careless writer split across a fold comes back whole.
  public static func unfold(bytes: [UInt8]) -> [Unfolded] {
    var result: [Unfolded] = []
    var lineBytes: [UInt8] = []
    var originalBytes: [UInt8] = []
    var index = 0
    func finish() {
      result.append(
        Unfolded(
          line: String(decoding: lineBytes, as: UTF8.self), original: originalBytes))
      lineBytes.removeAll(keepingCapacity: true)
      originalBytes.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      let byte = bytes[index]
      let breakLength =
        byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : byte == 0x0A ? 1 : 0
      guard breakLength > 0 else {
        lineBytes.append(byte)
        originalBytes.append(byte)
        index += 1
        continue
      }
      let next = index + breakLength
      if next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 {
        // A continuation: the break and the one whitespace after it are not content.
        originalBytes.append(contentsOf: bytes[index...next])
        index = next + 1
      } else {
        originalBytes.append(contentsOf: bytes[index..<next])
        index = next
        finish()
      }
    }
    if !lineBytes.isEmpty || !originalBytes.isEmpty { finish() }
    return result
  }

  /// `line` as physical lines of at most ``lineLimit`` octets, each ended by CRLF.
  public static func fold(_ line: String) -> String {
    String(decoding: foldedBytes(line), as: UTF8.self)
  }

  static func foldedBytes(_ line: String) -> [UInt8] {
    var out: [UInt8] = []
    var count = 0
    for scalar in line.unicodeScalars {
      let encoded = Array(String(scalar).utf8)
      if count + encoded.count > lineLimit {
        out.append(contentsOf: [0x0D, 0x0A, 0x20])
        count = 1
      }
      out.append(contentsOf: encoded)
      count += encoded.count
    }
    out.append(contentsOf: [0x0D, 0x0A])
    return out
  }
}
