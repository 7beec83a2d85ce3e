/// Tests on eight bytes at once ("SIMD within a register"), for the text `list --json`
/// copies from the database: every id, title and note of every row is checked for what
/// would need an escape, for non-ASCII and for the canonical id shape. A byte at a time,
/// those checks were ~1,000 of the ~5,700 instructions a row of the export cost.
///
/// Each test gives a word whose high bit is set in the lanes (bytes) that match; a lane is
/// byte `i` of the eight in memory order. The lane arithmetic never carries into the next
/// lane: the subtractions only borrow past a lane that already matched, and the additions
/// work on bytes below 0x80.
package enum ByteWords {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes at `p`, byte `i` in lane `i`.
  @inline(__always)
  package static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
  }

  /// High bits set for the lanes below `n` (1...128), with this exception: a lane right
  /// above a match may be set too. So it answers "is any byte below `n`" exactly.
  @inline(__always)
  static func below(_ n: UInt8, _ word: UInt64) -> UInt64 {
    (word &- ones &* UInt64(n)) & ~word & highBits
  }

  /// As ``below(_:_:)``, for the lanes equal to `byte`.
  @inline(__always)
  static func equal(_ byte: UInt8, _ word: UInt64) -> UInt64 {
    below(1, word ^ (ones &* UInt64(byte)))
  }

  /// Whether a byte needs an escape in a JSON string as `TodoJSONWriter` writes it: a
  /// control character, DEL, `"` or `\`.
  @inline(__always)
  static func needsJSONEscape(byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Whether any of the eight bytes needs an escape (``needsJSONEscape(byte:)``).
  @inline(__always)
  package static func needsJSONEscape(_ word: UInt64) -> Bool {
    below(0x20, word) | equal(0x7F, word) | equal(UInt8(ascii: "\""), word)
      | equal(UInt8(ascii: "\\"), word) != 0
  }

  /// Whether every byte is ASCII.
  package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let p = bytes.baseAddress else { return true }
    var seen: UInt64 = 0
    var index = 0
    while index + 8 <= bytes.count {
      seen |= load(p + index)
      index += 8
    }
    while index < bytes.count {
      seen |= UInt64(p[index])
      index += 1
    }
    return seen & highBits == 0
  }

  /// High bits set for the lanes that are a lowercase hex digit (`0-9`, `a-f`), or `-`
  /// for the lanes set in `dashes`. Exact per lane.
  @inline(__always)
  static func lowercaseHexOrDash(_ word: UInt64, dashes: UInt64) -> UInt64 {
    let ascii = ~word & highBits
    let low = word & ~highBits  // each lane below 0x80: the additions stay in their lane
    @inline(__always) func atLeast(_ n: UInt8) -> UInt64 { low &+ ones &* UInt64(0x80 - n) }
    @inline(__always) func above(_ n: UInt8) -> UInt64 { low &+ ones &* UInt64(0x7F - n) }
    let digit = atLeast(UInt8(ascii: "0")) & ~above(UInt8(ascii: "9"))
    let letter = atLeast(UInt8(ascii: "a")) & ~above(UInt8(ascii: "f"))
    let dash = ~((low ^ ones &* UInt64(UInt8(ascii: "-"))) &+ ones &* 0x7F)
    return ((digit | letter) & ~dashes | dash & dashes) & ascii & highBits
  }
}
