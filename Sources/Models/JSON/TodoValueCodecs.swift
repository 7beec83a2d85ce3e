import Foundation

/// A todo's id: lowercase text. An unreadable one is an error, never a made-up id: it
/// would let a press or a sync act on a todo that is not there.
public struct UUIDCodec: TodoValueCodec {
  public var whenMissing: UUID? { nil }
  public func stored(_ value: UUID) -> StoredValue { .text(UUIDText.format(value)) }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> UUID {
    guard let id = column.withUTF8({ UUIDText.parse(utf8: $0) }) else {
      throw UnreadableValue("is not a UUID: \(StoredText.quoted(column.text))")
    }
    return id
  }
  public func writeJSON(_ value: UUID, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    UUIDText.append(value, to: &out)
    out.append(UInt8(ascii: "\""))
  }
  /// The stored text itself once it reads as a UUID: the table keeps ids lowercase, as
  /// ``UUIDText`` writes them.
  public func writeJSON(from column: StoredColumn, to out: inout [UInt8]) throws(UnreadableValue) {
    let isUUID = column.withUTF8 { text in
      guard UUIDText.parse(utf8: text) != nil else { return false }
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: text)
      out.append(UInt8(ascii: "\""))
      return true
    }
    if !isUUID { throw UnreadableValue("is not a UUID: \(StoredText.quoted(column.text))") }
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> UUID {
    try c.decode(UUID.self, forKey: key)
  }
  public func encode(_ value: UUID, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(UUIDText.format(value), forKey: key)
  }
}

/// Text; `required`: `import` refuses a todo without it, else it reads as empty.
public struct TextCodec: TodoValueCodec {
  public var required: Bool
  public var whenMissing: String? { required ? nil : "" }
  public func stored(_ value: String) -> StoredValue { .text(value) }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> String { column.text }
  public func writeJSON(_ value: String, to out: inout [UInt8]) { JSONBytes.quote(value, &out) }
  public func writeJSON(from column: StoredColumn, to out: inout [UInt8]) throws(UnreadableValue) {
    column.withUTF8 { JSONBytes.quote(utf8: $0, &out) }
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> String {
    try c.decode(String.self, forKey: key)
  }
  public func encode(_ value: String, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value, forKey: key)
  }
}

/// A priority: stored as its rank (an unknown rank reads as normal), written in JSON as its
/// name; missing: normal.
public struct PriorityCodec: TodoValueCodec {
  public var whenMissing: Priority? { .normal }
  public func stored(_ value: Priority) -> StoredValue { .integer(Int64(value.rank)) }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> Priority {
    let rank = column.integer
    return Priority.allCases.first { $0.rank == rank } ?? .normal
  }
  public func writeJSON(_ value: Priority, to out: inout [UInt8]) {
    switch value {
    case .low: JSONBytes.literal("\"low\"", &out)
    case .normal: JSONBytes.literal("\"normal\"", &out)
    case .high: JSONBytes.literal("\"high\"", &out)
    }
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> Priority {
    try c.decode(Priority.self, forKey: key)
  }
  public func encode(_ value: Priority, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value, forKey: key)
  }
}

/// A yes or no: stored as 0 or 1; missing: false.
public struct FlagCodec: TodoValueCodec {
  public var whenMissing: Bool? { false }
  public func stored(_ value: Bool) -> StoredValue { .integer(value ? 1 : 0) }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> Bool { column.integer != 0 }
  public func writeJSON(_ value: Bool, to out: inout [UInt8]) { JSONBytes.literal(value ? "true" : "false", &out) }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> Bool {
    try c.decode(Bool.self, forKey: key)
  }
  public func encode(_ value: Bool, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value, forKey: key)
  }
}

/// A moment: stored as Unix seconds (cheap to read back, and sorted the same), written in
/// ISO 8601 (`JSONCoding`); required.
public struct DateCodec: TodoValueCodec {
  public var whenMissing: Date? { nil }
  public func stored(_ value: Date) -> StoredValue { .real(value.timeIntervalSince1970) }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> Date {
    Date(timeIntervalSince1970: column.real)
  }
  public func writeJSON(_ value: Date, to out: inout [UInt8]) { JSONBytes.date(value, &out) }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> Date {
    try c.decode(Date.self, forKey: key)
  }
  public func encode(_ value: Date, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value, forKey: key)
  }
}

/// A link: stored and written as the URL's text, or null. Stored text that is no URL reads
/// as none.
public struct LinkCodec: TodoValueCodec {
  public var whenMissing: URL?? { .some(nil) }
  public func stored(_ value: URL?) -> StoredValue { value.map { .text($0.absoluteString) } ?? .null }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> URL? { URL(string: column.text) }
  public func writeJSON(_ value: URL?, to out: inout [UInt8]) {
    if let value { JSONBytes.quote(value.absoluteString, &out) } else { JSONBytes.literal("null", &out) }
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> URL? {
    try c.decode(URL.self, forKey: key)
  }
  public func encode(_ value: URL?, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value?.absoluteString, forKey: key)
  }
}

/// A repeat rule: stored and written as RRULE text without its `RRULE:` prefix, or null.
/// Text that is no rule quickdo reads is an error, in storage as in `import`.
public struct RuleCodec: TodoValueCodec {
  public var whenMissing: RepeatRule?? { .some(nil) }
  public func stored(_ value: RepeatRule?) -> StoredValue { value.map { .text($0.rruleText) } ?? .null }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> RepeatRule? {
    let text = column.text
    do {
      return try RepeatRule(rrule: text)
    } catch {
      throw UnreadableValue("is not a rule quickdo reads: \(StoredText.quoted(text)) (\(error))")
    }
  }
  public func writeJSON(_ value: RepeatRule?, to out: inout [UInt8]) {
    if let value { JSONBytes.quote(value.rruleText, &out) } else { JSONBytes.literal("null", &out) }
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> RepeatRule? {
    let text = try c.decode(String.self, forKey: key)
    do {
      return try RepeatRule(rrule: text)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c, debugDescription: "'\(TerminalText.visible(text))' is not a repeat rule quickdo reads: \(error)")
    }
  }
  public func encode(_ value: RepeatRule?, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value?.rruleText, forKey: key)
  }
}

/// An optional moment: as ``DateCodec``, or null.
public struct OptionalDateCodec: TodoValueCodec {
  public var whenMissing: Date?? { .some(nil) }
  public func stored(_ value: Date?) -> StoredValue { value.map { DateCodec().stored($0) } ?? .null }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> Date? {
    try DateCodec().value(from: column)
  }
  public func writeJSON(_ value: Date?, to out: inout [UInt8]) {
    if let value { DateCodec().writeJSON(value, to: &out) } else { JSONBytes.literal("null", &out) }
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> Date? {
    try DateCodec().decode(key, from: c)
  }
  public func encode(_ value: Date?, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value, forKey: key)
  }
}

/// What a repeat counts from: stored and written as its name; missing (or unknown in
/// storage): due.
public struct RepeatFromCodec: TodoValueCodec {
  public var whenMissing: RepeatFrom? { .due }
  public func stored(_ value: RepeatFrom) -> StoredValue { .text(value.rawValue) }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> RepeatFrom {
    RepeatFrom(rawValue: column.text) ?? .due
  }
  public func writeJSON(_ value: RepeatFrom, to out: inout [UInt8]) {
    switch value {
    case .due: JSONBytes.literal("\"due\"", &out)
    case .completion: JSONBytes.literal("\"completion\"", &out)
    }
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> RepeatFrom {
    try c.decode(RepeatFrom.self, forKey: key)
  }
  public func encode(_ value: RepeatFrom, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value, forKey: key)
  }
}

/// An optional reference to a todo (a subtask's parent): as ``UUIDCodec``, or null.
public struct OptionalUUIDCodec: TodoValueCodec {
  public var whenMissing: UUID?? { .some(nil) }
  public func stored(_ value: UUID?) -> StoredValue { value.map { UUIDCodec().stored($0) } ?? .null }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> UUID? {
    try UUIDCodec().value(from: column)
  }
  public func writeJSON(_ value: UUID?, to out: inout [UInt8]) {
    if let value { UUIDCodec().writeJSON(value, to: &out) } else { JSONBytes.literal("null", &out) }
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> UUID? {
    try UUIDCodec().decode(key, from: c)
  }
  public func encode(_ value: UUID?, _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value.map(UUIDText.format), forKey: key)
  }
}

/// Tags: stored as a JSON array of strings, `[]` for none (what SQLite's `json_each` reads
/// for `list --tag`), and written in the JSON form as the same array.
public struct TagsCodec: TodoValueCodec {
  public var whenMissing: [String]? { [] }
  public func stored(_ value: [String]) -> StoredValue {
    var out: [UInt8] = []
    writeJSON(value, to: &out)
    return .text(String(decoding: out, as: UTF8.self))
  }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> [String] {
    let none = column.withUTF8 { $0.count == 2 && $0[0] == UInt8(ascii: "[") && $0[1] == UInt8(ascii: "]") }
    if none { return [] }
    let text = column.text
    guard let tags = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
      throw UnreadableValue("is not a JSON array of tags: \(StoredText.quoted(text))")
    }
    return tags
  }
  public func writeJSON(_ value: [String], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (index, tag) in value.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      JSONBytes.quote(tag, &out)
    }
    out.append(UInt8(ascii: "]"))
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> [String] {
    try c.decode([String].self, forKey: key)
  }
  public func encode(_ value: [String], _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value, forKey: key)
  }
}

/// A todo's reminders: stored and written as a JSON array of ``Reminder``'s JSON form;
/// missing: none.
public struct RemindersCodec: TodoValueCodec {
  public var whenMissing: [Reminder]? { [] }
  public func stored(_ value: [Reminder]) -> StoredValue {
    value.isEmpty ? .null : .text(String(decoding: Self.bytes(value), as: UTF8.self))
  }
  public func value(from column: StoredColumn) throws(UnreadableValue) -> [Reminder] {
    if let reminders = column.withUTF8(StoredReminders.read) { return reminders }
    let text = column.text
    guard let reminders = try? JSONCoding.decoder().decode([Reminder].self, from: Data(text.utf8)) else {
      throw UnreadableValue("is not a JSON array of reminders: \(StoredText.quoted(text))")
    }
    return reminders
  }
  public func writeJSON(_ value: [Reminder], to out: inout [UInt8]) {
    out += Self.bytes(value)
  }
  public func decode(_ key: TodoField.Key, from c: KeyedDecodingContainer<TodoField.Key>) throws -> [Reminder] {
    let reminders = try c.decode([Reminder].self, forKey: key)
    guard reminders.count <= Reminder.maxCount else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c, debugDescription: "a todo has at most \(Reminder.maxCount) reminders")
    }
    return reminders
  }
  public func encode(_ value: [Reminder], _ key: TodoField.Key, to c: inout KeyedEncodingContainer<TodoField.Key>) throws {
    try c.encode(value, forKey: key)
  }

  static func bytes(_ value: [Reminder]) -> [UInt8] {
    guard !value.isEmpty else { return Array("[]".utf8) }
    return Array((try? JSONCoding.encoder().encode(value)) ?? Data("[]".utf8))
  }
}

/// Stored text as an error may show it: quoted, made visible (`TerminalText`).
public enum StoredText {
  public static func quoted(_ text: String?) -> String {
    text.map { "\"" + TerminalText.visible($0) + "\"" } ?? "NULL"
  }
}
