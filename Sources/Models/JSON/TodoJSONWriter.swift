import Foundation

/// `list --json`'s document, written by hand for the CLI's budget (`list --json` of 10,000
/// todos at least 5× faster than `task export`), which `JSONEncoder` misses. It follows
/// ``Todo/exportedFields`` and is the document `JSONCoding.encoder()` makes of the same
/// todos (tests hold them equal). Storage writes it straight from the rows it reads
/// (`TodoStorageClient.exportJSON`); this writes it from todos in memory.
public enum TodoJSONWriter {
  public static func write(_ todos: [Todo]) -> String {
    String(decoding: bytes(todos), as: UTF8.self)
  }

  /// The document as UTF-8 bytes.
  public static func bytes(_ todos: [Todo]) -> [UInt8] {
    var document = TodoJSONDocument()
    for todo in todos { document.append { field, out in field.writeJSON(todo, &out) } }
    return document.finish()
  }
}

/// The document being written: `[`, then an object per todo with its exported fields in
/// key order, then `]`. It is handed out in pieces of about 64 KB (``takePiece()``) rather
/// than as one array: the document of 10,000 todos is 2.4 MB of fresh memory to fault in.
public struct TodoJSONDocument {
  /// Each field's key with the punctuation before it: `{"name":` for the first, `,"name":`.
  private static let eachKey = Todo.exportedFields.enumerated().map { index, field in
    Array(((index == 0 ? "{" : ",") + "\"" + field.name + "\":").utf8)
  }
  /// The keys one after another in one array, and where each ends.
  static let keys = eachKey.flatMap { $0 }
  static let keyEnds = eachKey.reduce(into: [Int]()) { ends, key in ends.append((ends.last ?? 0) + key.count) }
  /// The exported fields, unretained (``Todo/exportedFields`` keeps them for the process's
  /// life), and each key's bytes found by position: a row then costs no retain or release
  /// per field, which `list --json` of 100,000 todos would pay 1.7 million times (its
  /// budget: 60 ms).
  static let fields = Todo.exportedFields.map { Unmanaged.passUnretained($0) }
  static let pieceSize = 64 << 10

  private var out: [UInt8] = []
  private var isEmpty = true

  public init() {
    out.reserveCapacity(Self.pieceSize + 4096)
    out.append(UInt8(ascii: "["))
  }

  /// Appends a todo: its fields in key order, each written by `writeField`.
  public mutating func append(_ writeField: (TodoField, inout [UInt8]) throws -> Void) rethrows {
    if !isEmpty { out.append(UInt8(ascii: ",")) }
    isEmpty = false
    try Self.keys.withUnsafeBufferPointer { keys in
      var start = 0
      for (field, end) in zip(Self.fields, Self.keyEnds) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: keys[start..<end]))
        start = end
        try field._withUnsafeGuaranteedRef { try writeField($0, &out) }
      }
    }
    out.append(UInt8(ascii: "}"))
  }

  /// Whether a piece is ready to be handed out.
  public var isPieceFull: Bool { out.count >= Self.pieceSize }

  /// The bytes written since the last piece.
  public mutating func takePiece() -> [UInt8] {
    defer { out.removeAll(keepingCapacity: true) }
    return out
  }

  /// The rest of the document, with its closing `]`.
  public mutating func finish() -> [UInt8] {
    out.append(UInt8(ascii: "]"))
    return takePiece()
  }
}
