import Foundation

/// One language's messages, read from a GNU `.mo` file as `msgfmt` writes it. The file is
/// input from disk like any other: a truncated, corrupt or foreign file is refused whole
/// (`nil`), never read past its end, and the program goes on in English.
public struct MessageCatalog: Sendable {
  /// Translations by key: the msgid, or `context \u{4} msgid`; a plural entry has one
  /// string per plural form.
  public private(set) var messages: [String: [String]] = [:]
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
    let swapped: Bool
    switch Self.word(bytes, at: 0, swapped: false) {
    case 0x9504_12de: swapped = false
    case 0xde12_0495: swapped = true
    default: return nil
    }
    func word(_ offset: Int) -> Int { Int(Self.word(bytes, at: offset, swapped: swapped)) }
    // Major revision 0 is the only one msgfmt writes.
    guard word(4) >> 16 == 0 else { return nil }
    let count = word(8), originals = word(12), translations = word(16)
    guard count <= bytes.count / 16, originals <= bytes.count - count * 8,
      translations <= bytes.count - count * 8
    else { return nil }
    /// The NUL-terminated string a table entry describes, or nil when it lies outside.
    func string(table: Int, index: Int) -> String? {
      let length = word(table + index * 8), offset = word(table + index * 8 + 4)
      guard offset < bytes.count, length < bytes.count - offset, bytes[offset + length] == 0 else { return nil }
      return String(validating: bytes[offset..<offset + length], as: UTF8.self)
    }
    for index in 0..<count {
      guard let key = string(table: originals, index: index),
        let value = string(table: translations, index: index)
      else { return nil }
      if key.isEmpty {
        if let rule = Self.pluralRule(header: value) { plural = rule }
        continue
      }
      // A plural entry's key is `singular \0 plural`; it is looked up by its singular.
      let singular = key.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)[0]
      messages[String(singular)] = value.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// The catalog's own messages, for a program that builds one (tests).
  public init(messages: [String: [String]], plural: PluralRule = .germanic) {
    self.messages = messages
    self.plural = plural
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
