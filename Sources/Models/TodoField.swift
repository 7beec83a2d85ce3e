import Foundation

/// One field of a todo as it leaves memory: its name, which is both the `todo` table's
/// column and the JSON key, where it sits in ``Todo``, and the codec of its kind
/// (``TodoValueCodec``). Storage's SQL and row reads, `list --json` and the `Codable` form
/// (`import`) all follow ``Todo/fields``, so a new field is its property, one entry there,
/// and a migration that adds its column.
///
/// A class: every row of `list --json` goes through each field, and a reference is one
/// retain to pass along where a struct of closures is one per closure (that command's
/// budget: 10,000 todos at least 5× faster than `task export`).
public final class TodoField: Sendable {
  public let name: String
  /// Whether the JSON form carries it; the agent's bookkeeping stays out.
  public let isExported: Bool
  /// Whether a CalDAV server shares it: sync reads it from a server's object, writes it
  /// into one, and merges it field by field (`SyncedFields`). Done is `completedAt`
  /// (nil while pending), which `isComplete` follows.
  public let isShared: Bool
  /// Copies this field of the first todo into the second.
  public let copy: @Sendable (Todo, inout Todo) -> Void
  /// The column's value for `todo`.
  public let stored: @Sendable (Todo) -> StoredValue
  /// Appends the JSON value for `todo`.
  public let writeJSON: @Sendable (Todo, inout [UInt8]) -> Void
  private let columnJSON: @Sendable (StoredColumn, inout [UInt8]) throws(UnreadableValue) -> Void
  private let readColumn: @Sendable (inout Todo, StoredColumn) throws(UnreadableValue) -> Void
  private let decodeKey: @Sendable (inout Todo, KeyedDecodingContainer<Key>) throws -> Void
  private let encodeKey: @Sendable (Todo, inout KeyedEncodingContainer<Key>) throws -> Void

  /// A JSON key: a field's name.
  public struct Key: CodingKey {
    public var stringValue: String
    public var intValue: Int? { nil }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
  }

  /// A field of `codec`'s kind, read and set through closures of concrete types (not key
  /// paths, which every row of `list --json` would pay for).
  init<Codec: TodoValueCodec>(
    _ name: String, _ codec: Codec, get: @escaping @Sendable (Todo) -> Codec.Value,
    set: @escaping @Sendable (inout Todo, Codec.Value) -> Void, isExported: Bool = true, isShared: Bool = false
  ) {
    self.name = name
    self.isExported = isExported
    self.isShared = isShared
    copy = { set(&$1, get($0)) }
    stored = { codec.stored(get($0)) }
    writeJSON = { codec.writeJSON(get($0), to: &$1) }
    readColumn = { (todo, column) throws(UnreadableValue) in
      if column.isNull, let missing = codec.whenMissing {
        set(&todo, missing)
      } else {
        set(&todo, try codec.value(from: column))
      }
    }
    columnJSON = { (column, out) throws(UnreadableValue) in
      if column.isNull, let missing = codec.whenMissing {
        codec.writeJSON(missing, to: &out)
      } else {
        try codec.writeJSON(from: column, to: &out)
      }
    }
    let key = Key(stringValue: name)
    decodeKey = { todo, container in
      if let missing = codec.whenMissing, try !container.contains(key) || container.decodeNil(forKey: key) {
        set(&todo, missing)
      } else {
        set(&todo, try codec.decode(key, from: container))
      }
    }
    encodeKey = { todo, container in try codec.encode(get(todo), key, to: &container) }
  }

  /// Sets this field of `todo` from its column; an unreadable value is an error that names
  /// the field.
  public func read(into todo: inout Todo, from column: StoredColumn) throws(UnreadableValue) {
    do {
      try readColumn(&todo, column)
    } catch {
      throw UnreadableValue("a todo's \(name) \(error.reason)")
    }
  }

  /// Appends the JSON value of this field's column; an unreadable value is an error that
  /// names the field.
  public func writeJSON(from column: StoredColumn, to out: inout [UInt8]) throws(UnreadableValue) {
    do {
      try columnJSON(column, &out)
    } catch {
      throw UnreadableValue("a todo's \(name) \(error.reason)")
    }
  }

  /// Sets this field of `todo` from its JSON key.
  public func decode(into todo: inout Todo, from container: KeyedDecodingContainer<Key>) throws {
    try decodeKey(&todo, container)
  }

  /// Writes this field of `todo` under its JSON key.
  public func encode(_ todo: Todo, to container: inout KeyedEncodingContainer<Key>) throws {
    try encodeKey(todo, &container)
  }
}

extension Todo {
  /// Every field a todo keeps, in the order storage reads them.
  public static let fields: [TodoField] = [
    TodoField("id", UUIDCodec(), get: { $0.id }, set: { $0.id = $1 }),
    TodoField("title", TextCodec(required: true), get: { $0.title }, set: { $0.title = $1 }, isShared: true),
    TodoField("notes", TextCodec(required: false), get: { $0.notes }, set: { $0.notes = $1 }, isShared: true),
    TodoField("priority", PriorityCodec(), get: { $0.priority }, set: { $0.priority = $1 }, isShared: true),
    TodoField("isComplete", FlagCodec(), get: { $0.isComplete }, set: { $0.isComplete = $1 }),
    TodoField("createdAt", DateCodec(), get: { $0.createdAt }, set: { $0.createdAt = $1 }),
    TodoField(
      "completedAt", OptionalDateCodec(), get: { $0.completedAt }, set: { $0.completedAt = $1 }, isShared: true),
    TodoField("due", OptionalDateCodec(), get: { $0.due }, set: { $0.due = $1 }, isShared: true),
    TodoField("url", LinkCodec(), get: { $0.url }, set: { $0.url = $1 }, isShared: true),
    TodoField(
      "snoozedUntil", OptionalDateCodec(), get: { $0.snoozedUntil }, set: { $0.snoozedUntil = $1 }, isShared: true),
    TodoField(
      "reminderShownFor", OptionalDateCodec(), get: { $0.reminderShownFor }, set: { $0.reminderShownFor = $1 },
      isExported: false),
    TodoField("repeat", RuleCodec(), get: { $0.repeatRule }, set: { $0.repeatRule = $1 }, isShared: true),
    TodoField("repeatFrom", RepeatFromCodec(), get: { $0.repeatFrom }, set: { $0.repeatFrom = $1 }),
    TodoField(
      "doneOccurrence", OptionalDateCodec(), get: { $0.doneOccurrence }, set: { $0.doneOccurrence = $1 },
      isExported: false),
    TodoField(
      "repeatZone", TextCodec(required: false), get: { $0.repeatZone ?? "" },
      set: { $0.repeatZone = $1.isEmpty ? nil : $1 }, isExported: false),
    TodoField("list", TextCodec(required: false), get: { $0.list }, set: { $0.list = $1 }),
    TodoField("tags", TagsCodec(), get: { $0.tags }, set: { $0.tags = $1 }, isShared: true),
    TodoField("parent", OptionalUUIDCodec(), get: { $0.parent }, set: { $0.parent = $1 }, isShared: true),
    TodoField("start", OptionalDateCodec(), get: { $0.start }, set: { $0.start = $1 }, isShared: true),
    TodoField("reminders", RemindersCodec(), get: { $0.reminders }, set: { $0.reminders = $1 }, isShared: true),
    TodoField(
      "acknowledgedUntil", OptionalDateCodec(), get: { $0.acknowledgedUntil }, set: { $0.acknowledgedUntil = $1 },
      isExported: false),
  ]

  /// The fields a CalDAV server shares (``TodoField/isShared``), in ``fields``' order.
  public static let sharedFields = fields.filter(\.isShared)

  /// The fields of the JSON form, in its key order (sorted, as `JSONCoding.encoder()` sorts).
  public static let exportedFields = fields.filter(\.isExported).sorted { $0.name < $1.name }

  /// A todo with nothing set, for readers that set every field from ``fields``.
  package static let blank = Todo(
    id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), title: "",
    createdAt: Date(timeIntervalSince1970: 0))
}
