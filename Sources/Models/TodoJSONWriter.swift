import Foundation

/// Writes todos as the `list --json` array directly, without `JSONEncoder`: the same
/// document as `JSONCoding.encoder()` produces from `Todo`'s `Codable` form (a test holds
/// them equal), at a fraction of the cost for 10,000 todos. Bytes go through a pointer
/// (`ByteWriter`) into a buffer with room for the next todo's upper bound (appending to an
/// array checks capacity and uniqueness on every piece, which cost more than the writing),
/// and leave in chunks: `list --json` of 10,000 todos is 2 MB, which would otherwise be
/// fresh memory (~540 page faults) on top of the rows.
public enum TodoJSONWriter {
  public static func write(_ todos: [Todo]) -> String {
    String(decoding: bytes(todos), as: UTF8.self)
  }

  /// The document as UTF-8 bytes.
  public static func bytes(_ todos: [Todo]) -> [UInt8] {
    var document: [UInt8] = []
    stream(todos) { document.append(contentsOf: $0) }
    return document
  }

  /// The document in chunks of about `chunkSize` bytes (more for a todo bigger than that),
  /// each handed to `sink` and not kept.
  public static func stream(
    _ todos: [Todo], chunkSize: Int = 64 << 10,
    to sink: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    try stream(chunkSize: chunkSize, to: sink) { emit in
      for todo in todos { try todo.withJSONEntry(emit) }
    }
  }

  /// The document of the entries `entries` emits, in chunks as ``stream(_:chunkSize:to:)``.
  /// Each entry is copied out before `emit` returns, so its bytes need to live only that
  /// long: a database row's columns can be written as they are, without making a `Todo`.
  public static func stream(
    chunkSize: Int = 64 << 10,
    to sink: (UnsafeBufferPointer<UInt8>) throws -> Void,
    entries: (_ emit: (TodoJSONEntry) throws -> Void) throws -> Void
  ) rethrows {
    // `emit` calls `sink`; Swift needs to be told that it does not keep it.
    try withoutActuallyEscaping(sink) { sink in
      try stream(chunkSize: chunkSize, escapingSink: sink, entries: entries)
    }
  }

  private static func stream(
    chunkSize: Int, escapingSink sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void,
    entries: (_ emit: (TodoJSONEntry) throws -> Void) throws -> Void
  ) rethrows {
    var capacity = chunkSize
    var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { buffer.deallocate() }
    var out = ByteWriter(buffer)
    out.byte(UInt8(ascii: "["))
    var isFirst = true
    try entries { entry in
      let bound = 1 + fixedBound
        + stringBound(entry.title.count) + stringBound(entry.notes.count)
        + stringBound(entry.url?.count ?? 4)
      if out.count + bound > capacity || out.count >= chunkSize {
        try sink(UnsafeBufferPointer(start: buffer, count: out.count))
        out = ByteWriter(buffer)
      }
      if bound > capacity {  // a todo bigger than a chunk gets a buffer its size
        buffer.deallocate()
        capacity = bound
        buffer = .allocate(capacity: capacity)
        out = ByteWriter(buffer)
      }
      if !isFirst { out.byte(UInt8(ascii: ",")) }
      isFirst = false
      write(entry, &out)
    }
    if out.count + 1 > capacity {
      try sink(UnsafeBufferPointer(start: buffer, count: out.count))
      out = ByteWriter(buffer)
    }
    out.byte(UInt8(ascii: "]"))
    try sink(UnsafeBufferPointer(start: buffer, count: out.count))
  }

  /// The most one todo can take besides its three strings: keys and punctuation (~170
  /// bytes) and four dates (`ISO8601.maximumLength` each).
  static let fixedBound = 200 + 4 * ISO8601.maximumLength

  static func write(_ entry: TodoJSONEntry, _ out: inout ByteWriter) {
    out.raw("{\"completedAt\":")
    date(entry.completedAt, &out)
    out.raw(",\"createdAt\":")
    date(entry.createdAt, &out)
    out.raw(",\"due\":")
    date(entry.due, &out)
    out.raw(",\"id\":\"")
    out.bytes(entry.id)
    out.raw("\",\"isComplete\":")
    out.raw(entry.isComplete ? "true" : "false")
    out.raw(",\"notes\":")
    string(entry.notes, &out)
    out.raw(",\"priority\":\"")
    switch entry.priority {
    case .low: out.raw("low")
    case .normal: out.raw("normal")
    case .high: out.raw("high")
    }
    out.raw("\",\"snoozedUntil\":")
    date(entry.snoozedUntil, &out)
    out.raw(",\"title\":")
    string(entry.title, &out)
    out.raw(",\"url\":")
    if let url = entry.url { string(url, &out) } else { out.raw("null") }
    out.byte(UInt8(ascii: "}"))
  }

  static func date(_ date: Date?, _ out: inout ByteWriter) {
    guard let date else { return out.raw("null") }
    out.byte(UInt8(ascii: "\""))
    out.count += ISO8601.write(date, into: out.cursor)
    out.byte(UInt8(ascii: "\""))
  }

  /// The most a JSON string literal of `count` UTF-8 bytes takes: quotes, and six bytes
  /// (`\u00XX`) for each byte at worst.
  static func stringBound(_ count: Int) -> Int { 2 + 6 * count }

  /// `text` as a JSON string literal (see ``string(_:_:)``). The same text is a valid TOML
  /// basic string, so the config's `show` and the action log both quote with it.
  public static func quoted(_ text: String) -> String {
    String(unsafeUninitializedCapacity: stringBound(text.utf8.count)) { buffer in
      var out = ByteWriter(buffer.baseAddress!)
      string(text, &out)
      return out.count
    }
  }

  /// A JSON string literal: quotes, backslashes and control characters (and DEL, which
  /// TOML requires) escaped; the rest, including `/`, `<` and non-ASCII, written as is.
  /// Runs of bytes that need no escape are copied whole.
  static func string(_ text: String, _ out: inout ByteWriter) {
    var text = text
    text.withUTF8 { string($0, &out) }
  }

  /// ``string(_:_:)`` of text given as UTF-8 bytes. Eight bytes are checked at once
  /// (``ByteWords/needsJSONEscape(_:)``); only a word with a byte to escape is gone through
  /// byte by byte.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ out: inout ByteWriter) {
    out.byte(UInt8(ascii: "\""))
    let count = bytes.count
    var runStart = 0
    var index = 0
    while index < count {
      if index + 8 <= count, !ByteWords.needsJSONEscape(ByteWords.load(bytes.baseAddress! + index)) {
        index += 8
        continue
      }
      for at in index..<min(index + 8, count) {
        let byte = bytes[at]
        guard ByteWords.needsJSONEscape(byte: byte) else { continue }
        out.bytes(UnsafeBufferPointer(rebasing: bytes[runStart..<at]))
        runStart = at + 1
        escape(byte, &out)
      }
      index = min(index + 8, count)
    }
    out.bytes(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    out.byte(UInt8(ascii: "\""))
  }

  /// The escape of one byte that ``string(_:_:)`` does not copy.
  private static func escape(_ byte: UInt8, _ out: inout ByteWriter) {
    switch byte {
    case UInt8(ascii: "\""): out.raw("\\\"")
    case UInt8(ascii: "\\"): out.raw("\\\\")
    case UInt8(ascii: "\n"): out.raw("\\n")
    case UInt8(ascii: "\r"): out.raw("\\r")
    case UInt8(ascii: "\t"): out.raw("\\t")
    default:
      let hex: StaticString = "0123456789abcdef"
      out.raw("\\u00")
      out.byte(hex.utf8Start[Int(byte >> 4)])
      out.byte(hex.utf8Start[Int(byte & 0x0F)])
    }
  }
}

/// Bytes written through a pointer into a buffer the caller sized for them.
struct ByteWriter {
  let base: UnsafeMutablePointer<UInt8>
  var count = 0

  init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

  var cursor: UnsafeMutablePointer<UInt8> { base + count }

  @inline(__always)
  mutating func byte(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Literal text: a `StaticString`'s bytes, with no `String` made.
  @inline(__always)
  mutating func raw(_ text: StaticString) {
    bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
