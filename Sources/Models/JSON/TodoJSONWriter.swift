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
  static let keys = Todo.exportedFields.enumerated().map { index, field in
    Array(((index == 0 ? "{" : ",") + "\"" + field.name + "\":").utf8)
  }
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
    for (field, key) in zip(Todo.exportedFields, Self.keys) {
      out += key
      try writeField(field, &out)
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
