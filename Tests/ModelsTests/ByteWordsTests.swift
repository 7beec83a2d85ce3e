import Foundation
import Models
import Testing

/// The eight-bytes-at-once tests behind `list --json`, each held to a byte-at-a-time
/// reference on random input drawn around the byte values where the lane arithmetic could
/// go wrong (0x00, either side of 0x20, `"`, `\`, DEL, 0x80, 0xFF, the hex digit edges).
struct ByteWordsTests {
  static let edges: [UInt8] = [
    0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x39,
    0x3A, 0x40, 0x41, 0x46, 0x47, 0x5B, 0x5C, 0x5D, 0x60, 0x61, 0x66, 0x67, 0x7E, 0x7F, 0x80,
    0x81, 0xA2, 0xAD, 0xB0, 0xDC, 0xE1, 0xFF,
  ]

  static func randomBytes(_ count: Int, _ generator: inout some RandomNumberGenerator) -> [UInt8] {
    (0..<count).map { _ in
      Bool.random(using: &generator) ? edges.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
    }
  }

  static func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { ByteWords.load($0.baseAddress!) }
  }

  @Test func needsJSONEscapeIsTrueExactlyWhenAByteNeedsOne() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50_000 {
      let bytes = Self.randomBytes(8, &generator)
      let expected = bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 || $0 == 0x5C }
      #expect(ByteWords.needsJSONEscape(Self.word(bytes)) == expected, "\(bytes)")
    }
    // One plain byte among escapes and the other way round, at every lane.
    for lane in 0..<8 {
      for special: UInt8 in [0x00, 0x1F, 0x22, 0x5C, 0x7F] {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
        bytes[lane] = special
        #expect(ByteWords.needsJSONEscape(Self.word(bytes)), "\(bytes)")
      }
      var high = [UInt8](repeating: 0xFF, count: 8)
      high[lane] = 0x80
      #expect(!ByteWords.needsJSONEscape(Self.word(high)))
    }
  }

  @Test func isASCIIMatchesAByteAtATimeForEveryLength() {
    var generator = SystemRandomNumberGenerator()
    for count in 0..<40 {
      for _ in 0..<300 {
        var bytes = (0..<count).map { _ in UInt8.random(in: 0..<0x80, using: &generator) }
        if count > 0, Bool.random(using: &generator) {
          bytes[Int.random(in: 0..<count, using: &generator)] |= 0x80
        }
        let expected = bytes.allSatisfy { $0 < 0x80 }
        #expect(bytes.withUnsafeBufferPointer { ByteWords.isASCII($0) } == expected, "\(bytes)")
      }
    }
  }

  @Test func isCanonicalMatchesAByteAtATimeCheck() {
    func reference(_ bytes: [UInt8]) -> Bool {
      guard bytes.count == 36 else { return false }
      return bytes.indices.allSatisfy { offset in
        [8, 13, 18, 23].contains(offset)
          ? bytes[offset] == UInt8(ascii: "-")
          : (0x30...0x39).contains(bytes[offset]) || (0x61...0x66).contains(bytes[offset])
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      var bytes = Array(UUIDText.format(UUID()).utf8)
      for _ in 0..<Int.random(in: 0...2, using: &generator) {
        let offset = Int.random(in: 0..<36, using: &generator)
        bytes[offset] = Self.randomBytes(1, &generator)[0]
      }
      let expected = reference(bytes)
      #expect(bytes.withUnsafeBufferPointer { UUIDText.isCanonical($0) } == expected, "\(bytes)")
    }
  }

  @Test func quotedStringsMatchAByteAtATimeEscape() {
    func reference(_ text: String) -> String {
      var out = Array("\"".utf8)
      for byte in text.utf8 {
        switch byte {
        case 0x22: out += Array("\\\"".utf8)
        case 0x5C: out += Array("\\\\".utf8)
        case 0x0A: out += Array("\\n".utf8)
        case 0x0D: out += Array("\\r".utf8)
        case 0x09: out += Array("\\t".utf8)
        case 0..<0x20, 0x7F: out += Array(String(format: "\\u%04x", byte).utf8)
        default: out.append(byte)
        }
      }
      return String(decoding: out + Array("\"".utf8), as: UTF8.self)
    }
    let scalars: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "\n", "\t", "\r", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "/", "<"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<Int.random(in: 0..<40, using: &generator) {
        text.unicodeScalars.append(scalars.randomElement(using: &generator)!)
      }
      #expect(TodoJSONWriter.quoted(text) == reference(text), "\(text.debugDescription)")
    }
  }
}
