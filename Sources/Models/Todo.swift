import Foundation

/// A todo: the one value every part of quickdo passes around (storage, reducers, CLI,
/// notifications). Plain data; no I/O.
public struct Todo: Identifiable, Equatable, Hashable, Sendable {
  public var id: UUID
  public var title: String
  public var notes: String {
    get { details?.value.notes ?? "" }
    set { Self.edit(&details) { $0.notes = newValue } }
  }
  public var priority: Priority
  public var isComplete: Bool
  /// What the next occurrence is counted from when this one is done.
  public var repeatFrom: RepeatFrom
  public var createdAt: Date
  public var completedAt: Date?
  public var due: Date?
  public var url: URL? {
    get { details?.value.url }
    set { Self.edit(&details) { $0.url = newValue } }
  }
  public var snoozedUntil: Date?
  /// The moment of the reminder the agent last showed (from an older version: the due time
  /// it showed a reminder for), so a restarted agent does not ring for it again (agent
  /// bookkeeping; not part of the JSON form).
  public var reminderShownFor: Date? {
    get { bookkeeping?.value.reminderShownFor }
    set { Self.edit(&bookkeeping) { $0.reminderShownFor = newValue } }
  }
  /// Until when another device dealt with the todo's reminders (a synced todo's
  /// `X-MOZ-LASTACK` or an alarm's `ACKNOWLEDGED`): none up to then rings here (sync
  /// bookkeeping; not part of the JSON form).
  public var acknowledgedUntil: Date? {
    get { bookkeeping?.value.acknowledgedUntil }
    set { Self.edit(&bookkeeping) { $0.acknowledgedUntil = newValue } }
  }
  /// When a todo without a due time starts (another app's DTSTART): a series anchored at
  /// its start, as Thunderbird writes one, repeats from here. Nil whenever ``due`` is set,
  /// which anchors the series then.
  public var start: Date? {
    get { details?.value.start }
    set { Self.edit(&details) { $0.start = newValue } }
  }
  /// The notes, link and start above, which most todos leave empty: nil when all are.
  private var details: Box<Details>?
  /// How the todo repeats; nil for a one-off. A repeating todo always has a due time or,
  /// without one, a start: the occurrence that is pending now (``occurrence``).
  public var repeatRule: RepeatRule? {
    get { repeatBox?.value }
    set { repeatBox = newValue.map(Box.value) }
  }
  private var repeatBox: Box<RepeatRule>?
  /// Whether the todo repeats: `repeatRule != nil`.
  public var repeats: Bool { repeatBox != nil }
  /// The due time (or start) of the occurrence the last Done completed, when Done moved a
  /// repeating todo on: what `undo` puts back (local bookkeeping; not part of the JSON form).
  public var doneOccurrence: Date? {
    get { bookkeeping?.value.doneOccurrence }
    set { Self.edit(&bookkeeping) { $0.doneOccurrence = newValue } }
  }
  /// The zone a repeating todo's wall-clock times are in, by its IANA name: a series from a
  /// CalDAV server keeps its DUE's TZID (a phone in Berlin means 09:00 in Berlin); nil for
  /// one made here, which follows this computer's zone (local bookkeeping; not in the JSON form).
  public var repeatZone: String? {
    get { bookkeeping?.value.repeatZone }
    set { Self.edit(&bookkeeping) { $0.repeatZone = newValue } }
  }
  /// The four bookkeeping fields above, which most todos leave empty: nil when all are.
  private var bookkeeping: Box<Bookkeeping>?
  /// The list it is in, by name: a synced todo's is its calendar's, any other a local
  /// list's (``defaultList`` unless the config names another).
  public var list: String
  /// Its tags, in their order (a server's CATEGORIES keep the server's).
  public var tags: [String]
  /// When it reminds (its alarms); none: as the config's `reminders.default` says.
  public var reminders: [Reminder]
  /// The todo it is a subtask of: the same list's. A parent that is not there, or a
  /// chain of parents that comes back to itself, shows the todo at the top.
  public var parent: UUID?

  public init(
    id: UUID, title: String, notes: String = "", priority: Priority = .normal,
    isComplete: Bool = false, createdAt: Date, completedAt: Date? = nil, due: Date? = nil,
    url: URL? = nil, snoozedUntil: Date? = nil, reminderShownFor: Date? = nil,
    repeatRule: RepeatRule? = nil, repeatFrom: RepeatFrom = .due, doneOccurrence: Date? = nil,
    repeatZone: String? = nil, list: String = Todo.defaultList, tags: [String] = [], parent: UUID? = nil,
    start: Date? = nil, reminders: [Reminder] = [], acknowledgedUntil: Date? = nil
  ) {
    self.reminders = reminders
    self.list = list
    self.tags = tags
    self.parent = parent
    self.id = id
    self.title = title
    self.priority = priority
    self.isComplete = isComplete
    self.createdAt = createdAt
    self.completedAt = completedAt
    self.due = due
    self.snoozedUntil = snoozedUntil
    self.repeatBox = repeatRule.map(Box.value)
    self.repeatFrom = repeatFrom
    self.details = Box(Details(notes: notes, url: url, start: start))
    self.bookkeeping = Box(
      Bookkeeping(
        reminderShownFor: reminderShownFor, acknowledgedUntil: acknowledgedUntil, doneOccurrence: doneOccurrence,
        repeatZone: repeatZone))
  }

  /// Changes the fields in `box`, keeping it nil while they are empty (so that equal todos
  /// stay equal, whichever way their fields were set).
  private static func edit<Fields: EmptyByDefault>(_ box: inout Box<Fields>?, _ change: (inout Fields) -> Void) {
    let before = box?.value ?? Fields()
    var fields = before
    change(&fields)
    if fields != before { box = Box(fields) }
  }

  /// The local list a todo goes to when nothing names another.
  public static let defaultList = "Todos"

  /// The id as users see and type it: lowercase.
  public var idString: String { UUIDText.format(id) }
  /// The id's first 8 digits, as `list` shows it and the CLI's messages name a todo.
  public var shortID: String { UUIDText.short(id) }

  /// The dates a todo may carry: 1900-01-01 to 9999-12-31, UTC. Every date in it is
  /// written and read back the same in ISO 8601 (`list --json` → `import`), and `list`
  /// shows the day `list --json` writes: before 1583 Foundation's parser and formatter
  /// switch to the Julian calendar, where the export writes the proleptic Gregorian one.
  public static let dateRange =
    Date(timeIntervalSince1970: -2_208_988_800)...Date(timeIntervalSince1970: 253_402_300_799)
}

/// How much a todo matters; orders the pending list and sets notification urgency.
public enum Priority: String, Codable, Sendable, CaseIterable, Comparable {
  case low, normal, high

  /// Higher priorities sort later in `<`; lists show the highest first.
  public var rank: Int {
    switch self {
    case .low: 0
    case .normal: 1
    case .high: 2
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// What a repeating todo's next time is counted from: its due time (every Monday, whenever
/// it was done), or the moment it was done (7 days after the plants were last watered).
public enum RepeatFrom: String, Codable, Sendable, CaseIterable {
  case due, completion
}

/// A value behind one reference, so that a todo pays a pointer for what most todos lack
/// (a repeat rule, notes, bookkeeping) rather than its size: the agent holds every pending
/// todo within its memory budgets (30 MB at 10,000 todos, 40 MB at 100,000).
private indirect enum Box<Value: Hashable & Sendable>: Hashable, Sendable {
  case value(Value)

  var value: Value {
    switch self {
    case let .value(value): value
    }
  }
}

extension Box: CustomReflectable {
  /// The boxed value's fields, in dumps and test failures (not the box's case).
  var customMirror: Mirror { Mirror(reflecting: value) }
}

extension Box where Value: EmptyByDefault {
  /// `fields` boxed, or nil when they are all empty.
  init?(_ fields: Value) {
    guard fields != Value() else { return nil }
    self = .value(fields)
  }
}

/// Fields kept together in a ``Box``: their `init()` is all of them empty.
private protocol EmptyByDefault: Hashable, Sendable {
  init()
}

/// A todo's notes, link and start; empty for most todos.
private struct Details: EmptyByDefault {
  var notes = ""
  var url: URL?
  var start: Date?
}

/// A todo's bookkeeping that is not part of its JSON form; empty for most todos.
private struct Bookkeeping: EmptyByDefault {
  var reminderShownFor: Date?
  var acknowledgedUntil: Date?
  var doneOccurrence: Date?
  var repeatZone: String?
}
