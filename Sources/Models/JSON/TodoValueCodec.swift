import Foundation
import GRDBSQLite

/// How the values of one kind leave memory and come back: the `todo` table's column and
/// the JSON form (`list --json`, `import`). Each kind has one codec, and every field of
/// that kind (``TodoField``) uses it, so storage's reads and writes, the JSON writer and
/// the `Codable` form never switch over kinds: a field of a new kind is its codec and one
/// entry in ``Todo/fields``.
public protocol TodoValueCodec: Sendable {
  associatedtype Value: Sendable
  /// The value a missing JSON key, a JSON `null` or a NULL column reads as; nil when the
  /// value is required (a missing key is an error).
  var whenMissing: Value? { get }
  /// The column's value.
  func stored(_ value: Value) -> StoredValue
  /// The value of a column that is not NULL; throws a reason when the column holds none.
  func value(from column: StoredColumn) throws(UnreadableValue) -> Value
  /// The JSON value, appended to `out` as bytes (``JSONBytes``).
  func writeJSON(_ value: Value, to out: inout [UInt8])
  /// The JSON value of a column that is not NULL, appended to `out`: `list --json` writes
  /// the rows as it reads them (its budget: 10,000 todos at least 5× faster than `task
  /// export`). By default, the value read and written.
  func writeJSON(from column: StoredColumn, to out: inout [UInt8]) throws(UnreadableValue)
  /// The JSON value of `key`, which is present and not `null`.
  func decode(_ key: TodoField.Key, from container: KeyedDecodingContainer<TodoField.Key>) throws -> Value
  /// The JSON value under `key`, as `JSONCoding.encoder()` writes it.
  func encode(_ value: Value, _ key: TodoField.Key, to container: inout KeyedEncodingContainer<TodoField.Key>) throws
}

extension TodoValueCodec {
  public func writeJSON(from column: StoredColumn, to out: inout [UInt8]) throws(UnreadableValue) {
    writeJSON(try value(from: column), to: &out)
  }
}

/// A value as the `todo` table stores it: SQLite's storage classes.
public enum StoredValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
}

/// One column of the row a SQLite statement is stepping through, read only in the form its
/// codec asks for (SQLite converts a column read in another form). A concrete pair of the
/// statement and the column's index rather than a protocol: `list` and `list --json` read
/// every field of every row through one, and a protocol value is boxed at each call (their
/// budgets: `list` of 10,000 todos within 20 ms, `list --json` of 100,000 within 60 ms).
public struct StoredColumn {
  let statement: OpaquePointer
  let index: Int32

  /// Column `index` of the row `statement` (a `sqlite3_stmt`) stands on.
  public init(statement: OpaquePointer, index: Int32) {
    self.statement = statement
    self.index = index
  }

  public var isNull: Bool { sqlite3_column_type(statement, index) == SQLITE_NULL }
  public var integer: Int64 { sqlite3_column_int64(statement, index) }
  public var real: Double { sqlite3_column_double(statement, index) }
  public var text: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

  /// The text's UTF-8 bytes, valid during `body`.
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    guard let start = sqlite3_column_text(statement, index) else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return body(UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, index))))
  }
}

/// Why a stored value cannot be read, as the end of a sentence that names the field
/// ("is not a UUID: \"x\"").
public struct UnreadableValue: Error, Equatable, Sendable {
  public var reason: String
  public init(_ reason: String) { self.reason = reason }
}
