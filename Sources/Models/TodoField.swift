import Foundation

/// One field of a todo as it leaves memory: its name, which is both the `todo` table's
/// column and the JSON key, and where it sits in ``Todo``. Storage's SQL and row reads,
/// `list --json` and the Codable form (`import`) all follow ``Todo/fields``, so a new field
/// is its property, one entry there, and a migration that adds its column.
public struct TodoField: Sendable {
  public let name: String
  public let value: Value
  /// Whether the JSON form carries it; the agent's bookkeeping stays out.
  public let isExported: Bool

  /// What the field holds, and how to get and set it. Each kind has one stored form and
  /// one JSON form. Closures of concrete types, not key paths or generic accessors: every
  /// row of `list --json` goes through them, and either of those costs that command's
  /// budget (10,000 todos at least 5× faster than `task export`).
  public enum Value: Sendable {
    /// Stored as lowercase text; an unreadable one is an error, never a made-up id.
    case id(get: @Sendable (Todo) -> UUID, set: @Sendable (inout Todo, UUID) -> Void)
    /// `required`: `import` refuses a todo without it; otherwise it reads as empty.
    case text(get: @Sendable (Todo) -> String, set: @Sendable (inout Todo, String) -> Void, required: Bool)
    /// Stored as its rank, written in JSON as its name; missing: normal.
    case priority(get: @Sendable (Todo) -> Priority, set: @Sendable (inout Todo, Priority) -> Void)
    /// Stored as 0 or 1; missing: false.
    case flag(get: @Sendable (Todo) -> Bool, set: @Sendable (inout Todo, Bool) -> Void)
    /// Stored as Unix seconds, written in ISO 8601; required.
    case date(get: @Sendable (Todo) -> Date, set: @Sendable (inout Todo, Date) -> Void)
    /// As `date`, or null.
    case optionalDate(get: @Sendable (Todo) -> Date?, set: @Sendable (inout Todo, Date?) -> Void)
    /// Stored and written as the URL's text, or null.
    case link(get: @Sendable (Todo) -> URL?, set: @Sendable (inout Todo, URL?) -> Void)
    /// Stored and written as RRULE text without its `RRULE:` prefix, or null.
    case rule(get: @Sendable (Todo) -> RepeatRule?, set: @Sendable (inout Todo, RepeatRule?) -> Void)
    /// Stored and written as its name; missing: due.
    case repeatFrom(get: @Sendable (Todo) -> RepeatFrom, set: @Sendable (inout Todo, RepeatFrom) -> Void)
  }

  init(_ name: String, _ value: Value, isExported: Bool = true) {
    self.name = name
    self.value = value
    self.isExported = isExported
  }
}

extension Todo {
  /// Every field a todo keeps, in the order storage reads them.
  public static let fields: [TodoField] = [
    TodoField("id", .id(get: { $0.id }, set: { $0.id = $1 })),
    TodoField("title", .text(get: { $0.title }, set: { $0.title = $1 }, required: true)),
    TodoField("notes", .text(get: { $0.notes }, set: { $0.notes = $1 }, required: false)),
    TodoField("priority", .priority(get: { $0.priority }, set: { $0.priority = $1 })),
    TodoField("isComplete", .flag(get: { $0.isComplete }, set: { $0.isComplete = $1 })),
    TodoField("createdAt", .date(get: { $0.createdAt }, set: { $0.createdAt = $1 })),
    TodoField("completedAt", .optionalDate(get: { $0.completedAt }, set: { $0.completedAt = $1 })),
    TodoField("due", .optionalDate(get: { $0.due }, set: { $0.due = $1 })),
    TodoField("url", .link(get: { $0.url }, set: { $0.url = $1 })),
    TodoField("snoozedUntil", .optionalDate(get: { $0.snoozedUntil }, set: { $0.snoozedUntil = $1 })),
    TodoField("reminderShownFor", .optionalDate(get: { $0.reminderShownFor }, set: { $0.reminderShownFor = $1 }), isExported: false),
    TodoField("repeat", .rule(get: { $0.repeatRule }, set: { $0.repeatRule = $1 })),
    TodoField("repeatFrom", .repeatFrom(get: { $0.repeatFrom }, set: { $0.repeatFrom = $1 })),
    TodoField("doneOccurrence", .optionalDate(get: { $0.doneOccurrence }, set: { $0.doneOccurrence = $1 }), isExported: false),
    TodoField("repeatZone", .text(get: { $0.repeatZone ?? "" }, set: { $0.repeatZone = $1.isEmpty ? nil : $1 }, required: false), isExported: false),
  ]

  /// The fields of the JSON form, in its key order (sorted, as `JSONCoding.encoder()` sorts).
  public static let exportedFields = fields.filter(\.isExported).sorted { $0.name < $1.name }

  /// A todo with nothing set, for readers that set every field from ``fields``.
  package static let blank = Todo(
    id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), title: "",
    createdAt: Date(timeIntervalSince1970: 0))
}
