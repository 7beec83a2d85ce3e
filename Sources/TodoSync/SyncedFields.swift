import Foundation
import ICalendar
import Models

/// What a todo shares with a CalDAV server (``Todo/sharedFields``): the fields both sides
/// can change, its snooze among them. Reminder bookkeeping stays local. The unit of the three-way
/// merge, which, like equality and copying, goes field by field through the shared
/// fields; how each reads from and writes into an iCalendar object is below.
public struct SyncedFields: Equatable, Sendable {
  /// A todo with the shared fields set and the rest as ``Todo/blank``.
  var shared = Todo.blank

  public var title: String {
    get { shared.title }
    set { shared.title = newValue }
  }
  public var notes: String {
    get { shared.notes }
    set { shared.notes = newValue }
  }
  public var priority: Priority {
    get { shared.priority }
    set { shared.priority = newValue }
  }
  /// Nil while the todo is pending.
  public var completedAt: Date? {
    get { shared.completedAt }
    set { shared.completedAt = newValue }
  }
  public var due: Date? {
    get { shared.due }
    set { shared.due = newValue }
  }
  public var url: URL? {
    get { shared.url }
    set { shared.url = newValue }
  }
  /// The server's CATEGORIES, the first ``maxTags`` of them.
  public var tags: [String] {
    get { shared.tags }
    set { shared.tags = newValue }
  }
  /// The todo here its parent-kind RELATED-TO names (see ``Relatives``).
  public var parent: UUID? {
    get { shared.parent }
    set { shared.parent = newValue }
  }
  /// When a todo without a due time starts: the server's DTSTART when it has no DUE (a
  /// series anchored at its start repeats from it); nil whenever there is a due time.
  public var start: Date? {
    get { shared.start }
    set { shared.start = newValue }
  }
  /// Whether the server's object is done without a COMPLETED stamp (Synology writes
  /// STATUS:COMPLETED alone): its completion time here is a stand-in, compared by being
  /// done or not and never written back.
  var completionIsUnstamped = false
  /// Until when it is snoozed, here or on a phone (`X-MOZ-SNOOZE-TIME`, RFC 9074's snooze
  /// alarm), in whole seconds.
  public var snoozedUntil: Date? {
    get { shared.snoozedUntil }
    set { shared.snoozedUntil = newValue }
  }
  /// The todo's alarms that remind (see `reminderAlarms(in:due:start:)`), in
  /// ``Reminder``'s order.
  public var reminders: [Reminder] {
    get { shared.reminders }
    set { shared.reminders = newValue }
  }
  /// The series' rule, when quickdo follows it (see `followedRule(of:_:local:)`).
  public var repeatRule: RepeatRule? {
    get { shared.repeatRule }
    set { shared.repeatRule = newValue }
  }
  /// Until when a device dealt with the todo's reminders (``acknowledgements(in:now:)``).
  /// Read, never written as such: a snooze or Done here writes its own acknowledgement.
  /// Not compared, so that it alone never sends a todo back.
  public var acknowledged: Date?

  public init(
    title: String, notes: String = "", priority: Priority = .normal, completedAt: Date? = nil,
    due: Date? = nil, url: URL? = nil, repeatRule: RepeatRule? = nil, tags: [String] = [], parent: UUID? = nil,
    start: Date? = nil
  ) {
    self.start = due == nil ? start : nil
    self.tags = tags
    self.parent = parent
    self.title = title
    self.notes = notes
    self.priority = priority
    self.completedAt = completedAt
    self.due = due
    self.url = url
    self.repeatRule = repeatRule
  }

  public init(_ todo: Todo) {
    for field in Todo.sharedFields { field.copy(todo, &shared) }
    completedAt = todo.isComplete ? (todo.completedAt ?? todo.createdAt) : nil
    // A server keeps whole seconds.
    snoozedUntil = snoozedUntil.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
    if due != nil { start = nil }
    acknowledged = todo.acknowledgedUntil
  }

  /// `todo` with these fields; its id, creation, snooze and reminder stay.
  public func applied(to todo: Todo) -> Todo {
    var todo = todo
    for field in Todo.sharedFields { field.copy(shared, &todo) }
    todo.isComplete = completedAt != nil
    if todo.occurrence == nil { todo.repeatRule = nil }
    todo.acknowledgedUntil = acknowledged
    return todo
  }

  /// Whether `field` reads the same in both. A completion without a stamp on either side
  /// agrees with any other while both are done.
  func agrees(with other: SyncedFields, on field: TodoField) -> Bool {
    if completionIsUnstamped || other.completionIsUnstamped, field.name == "completedAt" {
      return (completedAt == nil) == (other.completedAt == nil)
    }
    return field.stored(shared) == field.stored(other.shared)
  }

  public static func == (a: SyncedFields, b: SyncedFields) -> Bool {
    Todo.sharedFields.allSatisfy { a.agrees(with: b, on: $0) }
  }
}

extension SyncedFields {
  /// What a server's object says, read this way:
  /// - PRIORITY 1–4 is high, 6–9 low, 5, 0 or none normal;
  /// - STATUS COMPLETED or CANCELLED is done, at COMPLETED (else LAST-MODIFIED, else
  ///   `now`, a stand-in never written back); anything else is pending;
  /// - DTSTART is the start when there is no DUE;
  /// - a DUE that is a whole day is due at 23:59 that day in `local`, as `--due
  ///   2026-12-01` is; a TZID the system and the object do not know leaves no due time;
  /// - a todo without a SUMMARY (or a blank one) is titled ``untitled``, since a todo
  ///   here always has a title; an unchanged "Untitled" is not written back.
  /// - CATEGORIES are the tags, the first ``maxTags`` of them;
  /// - a RELATED-TO of the parent kind names the parent, when `relatives` knows its UID;
  /// - DISPLAY and AUDIO alarms are the reminders (`reminderAlarms(in:due:start:)`).
  /// Nil when the object holds no todo.
  public init?(_ object: CalendarObject, local: TimeZone, now: Date, relatives: Relatives = .none) {
    guard let todo = object.todo else { return nil }
    self.init(todo, in: object, local: local, now: now, relatives: relatives)
  }

  /// What `todo`, read from `object` (whose VTIMEZONEs its DUE may name), says.
  public init(_ todo: VTodo, in object: CalendarObject, local: TimeZone, now: Date, relatives: Relatives = .none) {
    let priority: Priority =
      switch todo.priority ?? 0 {
      case 1...4: .high
      case 6...9: .low
      default: .normal
      }
    let isDone = todo.status == .completed || todo.status == .cancelled
    self.init(
      title: todo.summary.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } ?? Self.untitled,
      notes: todo.description ?? "", priority: priority,
      completedAt: isDone ? (Self.plausible(todo.completed) ?? Self.plausible(todo.lastModified) ?? now) : nil,
      due: todo.due.flatMap { Self.plausible(Self.due($0, in: object, local: local)) },
      url: todo.url.flatMap { URL(string: $0) },
      repeatRule: Self.followedRule(of: object, todo, local: local),
      start: todo.due == nil ? todo.dtstart.flatMap { Self.plausible(Self.due($0, in: object, local: local)) } : nil)
    completionIsUnstamped = isDone && todo.completed == nil
    tags = Array(todo.categories.prefix(Self.maxTags))
    parent = todo.parentUID.flatMap(relatives.todoID(ofUID:))
    let dtstart = todo.dtstart.flatMap { Self.plausible(Self.due($0, in: object, local: local)) }
    reminders = Self.reminderAlarms(in: object, due: due, start: dtstart, now: now).map(\.reminder).sorted()
    snoozedUntil = object.snoozedUntil(occurrence: due ?? dtstart).flatMap(Self.plausible)
    acknowledged = Self.acknowledgements(in: object, now: now).max()
  }

  /// How many of a todo's CATEGORIES are its tags here; the rest are the server's alone,
  /// kept there as they are (a server may send any number).
  public static let maxTags = 100

  /// The CATEGORIES that give `tags`: the server's, in its spelling and order, less the
  /// tags removed here, then the tags added here; the ones past ``maxTags`` stay.
  static func categories(_ tags: [String], replacing server: [String]) -> [String] {
    let shown = server.prefix(maxTags)
    let kept = Set(tags)
    return shown.filter(kept.contains) + tags.filter { !shown.contains($0) } + server.dropFirst(maxTags)
  }

  /// The moments a todo here may hold: from 1900 to the end of 9999. A server's date
  /// outside them is data quickdo keeps on the server and does not show (nil).
  public static let years = Date(timeIntervalSince1970: -2_208_988_800)...Date(timeIntervalSince1970: 253_402_300_799)

  /// `date` when it lies within ``years``.
  public static func plausible(_ date: Date?) -> Date? {
    date.flatMap { years.contains($0) ? $0 : nil }
  }

  /// The date properties of `todo`, read from `object`, that name a moment outside
  /// ``years``.
  public static func datesOutOfRange(of todo: VTodo, in object: CalendarObject, local: TimeZone) -> [String] {
    var names: [String] = []
    if let value = todo.due, let date = due(value, in: object, local: local), plausible(date) == nil {
      names.append("DUE")
    }
    if let date = todo.completed, plausible(date) == nil { names.append("COMPLETED") }
    return names
  }

  /// The shared field of the completion time, which unstamped completions compare apart.
  static let completedAtField = Todo.sharedFields.first { $0.name == "completedAt" }!

  /// The title of a todo whose object has none.
  public static let untitled = "Untitled"

  static func due(_ value: DateTimeValue, in object: CalendarObject, local: TimeZone) -> Date? {
    guard case let .day(year, month, day) = value else {
      return object.date(of: value, local: local)
    }
    let endOfDay = DateTimeValue.floating(
      .init(year: year, month: month, day: day, hour: 23, minute: 59, second: 0))
    return endOfDay.date(local: local)
  }

  /// Writes these fields into `object`'s todo, changing only what reads differently from
  /// them (a DUE in its own zone that names the same moment stays as written), and marks
  /// the change: LAST-MODIFIED and DTSTAMP `now`, SEQUENCE one more. `relatives` gives
  /// the parent's UID.
  public func write(into object: inout CalendarObject, local: TimeZone, now: Date, relatives: Relatives = .none) {
    guard var todo = object.todo, let current = SyncedFields(object, local: local, now: now, relatives: relatives),
      current != self
    else { return }
    if tags != current.tags { todo.categories = Self.categories(tags, replacing: todo.categories) }
    if parent != current.parent { todo.parentUID = parent.map(relatives.uid(of:)) }
    if title != current.title { todo.summary = title }
    if notes != current.notes { todo.description = notes.isEmpty ? nil : notes }
    if priority != current.priority {
      todo.priority =
        switch priority {
        case .high: 1
        case .normal: todo.priority == nil ? nil : 5
        case .low: 9
        }
    }
    if !agrees(with: current, on: Self.completedAtField) {
      switch (completedAt, current.completedAt) {
      case (let completedAt?, nil):
        todo.status = .completed
        todo.completed = completedAt
        todo.percentComplete = 100
      case (nil, _):
        todo.status = .needsAction
        todo.completed = nil
        if todo.percentComplete == 100 { todo.percentComplete = nil }
      case (let completedAt?, _?):
        // Done on both sides at other times: the stamp follows, and none is invented
        // where the server's object had none.
        if todo.completed != nil { todo.completed = completedAt }
      }
    }
    if due != current.due {
      let old = todo.due
      todo.due = due.map { repeatRule == nil ? .utc($0) : Self.due($0, like: old, local: local) }
      // A series' start follows its due time (tasks.org moves both).
      if repeatRule != nil, let start = todo.dtstart, let from = current.due, let to = due, let old {
        todo.dtstart = Self.dtstart(start, movedFrom: from, to: to, in: Self.zone(of: old, local: local))
      }
    }
    if repeatRule != current.repeatRule {
      todo.rrule = repeatRule.map {
        Self.rruleText($0, replacing: todo.rrule, was: current.repeatRule, due: todo.due, local: local)
      }
      // RFC 5545 expands a series from DTSTART: a rule added here starts at the due time.
      if repeatRule != nil, todo.dtstart == nil { todo.dtstart = todo.due }
    }
    if start != current.start, due == nil, current.due == nil {
      todo.dtstart = start.map { Self.due($0, like: todo.dtstart, local: local) }
    }
    if url != current.url { todo.url = url?.absoluteString }
    todo.lastModified = now
    todo.dtstamp = now
    // A server's SEQUENCE may be any integer: at the largest, it stays there.
    todo.sequence = todo.sequence.map { $0 == .max ? $0 : $0 + 1 } ?? 1
    object.update(todo)
    let dtstart = todo.dtstart.flatMap { Self.plausible(Self.due($0, in: object, local: local)) }
    if reminders != current.reminders {
      Self.write(reminders, into: &object, title: title, due: due, start: dtstart, now: now)
    }
    let isSnoozed = snoozedUntil != current.snoozedUntil
    // Done here: no device rings for it any more.
    let isDone = completedAt != nil && current.completedAt == nil
    guard isSnoozed || isDone else { return }
    let rang = Self.rangAlarm(in: object, due: due, start: dtstart, now: now)
    if isSnoozed {
      object.setSnooze(
        until: snoozedUntil, now: now, occurrence: due ?? dtstart, isSeries: repeatRule != nil, rang: rang,
        description: title)
    }
    if isDone { object.acknowledge(now: now, rang: rang) }
  }
}
