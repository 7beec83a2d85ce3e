import Foundation

/// One language's messages, in a GNU `.mo` file as `msgfmt` writes it. The file is input
/// from disk like any other: every table entry is checked to lie inside it and end in NUL,
/// so a truncated, corrupt or foreign file is refused whole (`nil`), never read past its
/// end, and the program goes on in English.
///
/// A message is found by binary search in the file's own table of originals, which msgfmt
/// sorts, and only the translation found is decoded. Decoding every message up front cost
/// a CLI command milliseconds; the budget is a command in a translated locale at most 1 ms
/// slower than in C.
public struct MessageCatalog: Sendable {
  let bytes: [UInt8]
  let swapped: Bool
  let count: Int
  let originals: Int
  let translations: Int
  /// Which plural form a count takes (the header's `Plural-Forms`).
  public private(set) var plural = PluralRule.germanic

  /// A file larger than this is not a catalog of ours.
  static let maximumSize = 8 << 20

  /// Reads the catalog at `path`; nil when it is missing or not a valid `.mo` file.
  public init?(path: String) {
    guard let data = FileManager.default.contents(atPath: path), data.count <= Self.maximumSize else { return nil }
    self.init(bytes: [UInt8](data))
  }

  /// Reads a catalog from the bytes of a `.mo` file; nil when they are not one.
  public init?(bytes: [UInt8]) {
    guard bytes.count >= 28 else { return nil }
    switch Self.word(bytes, at: 0, swapped: false) {
    case 0x9504_12de: swapped = false
    case 0xde12_0495: swapped = true
    default: return nil
    }
    self.bytes = bytes
    // Major revision 0 is the only one msgfmt writes.
    guard Self.word(bytes, at: 4, swapped: swapped) >> 16 == 0 else { return nil }
    count = Int(Self.word(bytes, at: 8, swapped: swapped))
    originals = Int(Self.word(bytes, at: 12, swapped: swapped))
    translations = Int(Self.word(bytes, at: 16, swapped: swapped))
    guard count <= bytes.count / 16, originals <= bytes.count - count * 8, translations <= bytes.count - count * 8
    else { return nil }
    for index in 0..<count {
      guard entry(table: originals, index) != nil, entry(table: translations, index) != nil else { return nil }
    }
    // The header is the translation of the empty msgid, first in the sorted table.
    if count > 0, entry(table: originals, 0)?.isEmpty == true, let header = string(entry(table: translations, 0)),
      let rule = Self.pluralRule(header: header)
    {
      plural = rule
    }
  }

  /// The translation of `key` (the msgid, or `context \u{4} msgid`): one string, or one per
  /// plural form; nil when the catalog has none.
  public func lookup(_ key: String) -> [String]? {
    let wanted = Array(key.utf8)
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      guard let original = entry(table: originals, middle) else { return nil }
      // A plural entry's original is `singular \0 plural`: it sorts, and is found, by its
      // singular, as C's strcmp sees it.
      let singular = original.prefix { $0 != 0 }
      if singular.lexicographicallyPrecedes(wanted) {
        low = middle + 1
      } else if wanted.lexicographicallyPrecedes(singular) {
        high = middle
      } else {
        guard let translation = entry(table: translations, middle) else { return nil }
        var forms: [String] = []
        for part in translation.split(separator: 0, omittingEmptySubsequences: false) {
          guard let form = String(validating: part, as: UTF8.self) else { return nil }
          forms.append(form)
        }
        return forms
      }
    }
    return nil
  }

  /// The bytes of entry `index` of a table, its NUL left off; nil when it lies outside
  /// the file or is not NUL-terminated.
  func entry(table: Int, _ index: Int) -> ArraySlice<UInt8>? {
    let length = Int(Self.word(bytes, at: table + index * 8, swapped: swapped))
    let offset = Int(Self.word(bytes, at: table + index * 8 + 4, swapped: swapped))
    guard offset < bytes.count, length < bytes.count - offset, bytes[offset + length] == 0 else { return nil }
    return bytes[offset..<offset + length]
  }

  func string(_ bytes: ArraySlice<UInt8>?) -> String? {
    bytes.flatMap { String(validating: $0, as: UTF8.self) }
  }

  /// The `Plural-Forms: nplurals=N; plural=EXPR;` line of a catalog's header.
  static func pluralRule(header: String) -> PluralRule? {
    for line in header.split(separator: "\n") where line.lowercased().hasPrefix("plural-forms:") {
      return PluralRule(String(line.dropFirst("plural-forms:".count)))
    }
    return nil
  }

  static func word(_ bytes: [UInt8], at offset: Int, swapped: Bool) -> UInt32 {
    guard offset >= 0, offset <= bytes.count - 4 else { return 0 }
    let value = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
    return swapped ? value.byteSwapped : value
  }
}
