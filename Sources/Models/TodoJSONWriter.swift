import Foundation

/// `list --json`'s document, written by hand for the CLI's budget (`list --json` of 10,000
/// todos at least 5× faster than `task export`), which `JSONEncoder` misses. It follows
/// ``Todo/exportedFields`` and is the document `JSONCoding.encoder()` makes of the same
/// todos (tests hold them equal).
public enum TodoJSONWriter {
  public static func write(_ todos: [Todo]) -> String {
    String(decoding: bytes(todos), as: UTF8.self)
  }

  /// The document as UTF-8 bytes.
  public static func bytes(_ todos: [Todo]) -> [UInt8] {
    var document: [UInt8] = []
    write(todos) { document += $0 }
    return document
  }

  /// The document in pieces of about 64 KB, each handed to `sink` (appended to an array:
  /// appending to a `String` piece by piece cost as much again). Pieces, not one array: the
  /// document of 10,000 todos is 2.4 MB of fresh memory to fault in otherwise.
  public static func write(_ todos: [Todo], to sink: ([UInt8]) throws -> Void) rethrows {
    let fields = Todo.exportedFields
    // Each field's key with the punctuation before it: `{"name":` for the first, `,"name":`.
    let keys = fields.enumerated().map { index, field in
      Array(((index == 0 ? "{" : ",") + "\"" + field.name + "\":").utf8)
    }
    var out: [UInt8] = []
    out.reserveCapacity(68 << 10)
    out.append(UInt8(ascii: "["))
    for (index, todo) in todos.enumerated() {
      if out.count >= 64 << 10 {
        try sink(out)
        out.removeAll(keepingCapacity: true)
      }
      if index > 0 { out.append(UInt8(ascii: ",")) }
      for (field, key) in zip(fields, keys) {
        out += key
        field.writeJSON(todo, &out)
      }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
    try sink(out)
  }
}
