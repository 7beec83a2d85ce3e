import Foundation

/// When a todo reminds: an alarm another app set (a VALARM a phone wrote) or one set here
/// (`--remind`). A todo without any is reminded as the config's `reminders.default` says.
public struct Reminder: Hashable, Sendable {
  /// What the moment is counted from.
  public enum Trigger: Hashable, Sendable {
    /// `offset` seconds after (negative: before) the todo's due time or its start.
    case relative(Anchor, offset: TimeInterval)
    /// A moment of its own.
    case absolute(Date)
  }

  /// A relative reminder's anchor: the due time (iCalendar's `RELATED=END`) or the start.
  public enum Anchor: String, Hashable, Sendable { case due, start }

  public var trigger: Trigger
  /// How many more times it rings after the first (REPEAT), `interval` apart (DURATION).
  public var repeatCount: Int
  public var interval: TimeInterval

  public init(_ trigger: Trigger, repeatCount: Int = 0, interval: TimeInterval = 0) {
    self.trigger = trigger
    self.repeatCount = interval > 0 ? min(max(repeatCount, 0), Self.maxRepeats) : 0
    self.interval = self.repeatCount > 0 ? interval : 0
  }

  /// `seconds` before the due time.
  public static func before(_ seconds: TimeInterval) -> Reminder { Reminder(.relative(.due, offset: -seconds)) }

  /// The most times a reminder rings again: a server's `REPEAT:1000000` rings this often.
  public static let maxRepeats = 20
  /// The farthest a relative reminder may lie from its anchor: ten years.
  public static let maxOffset: TimeInterval = 10 * 366 * 86_400
  /// The most reminders a todo keeps; a server's others stay there, unread.
  public static let maxCount = 50

  /// The moments it rings for the occurrence due at `due` and starting at `start`; none
  /// when its anchor is not there.
  public func times(due: Date?, start: Date?) -> [Date] {
    let first: Date?
    switch trigger {
    case let .absolute(date): first = date
    case let .relative(.due, offset): first = due.map { $0.addingTimeInterval(offset) }
    case let .relative(.start, offset): first = (start ?? due).map { $0.addingTimeInterval(offset) }
    }
    guard let first else { return [] }
    return (0...repeatCount).map { first.addingTimeInterval(Double($0) * interval) }
  }
}

extension Todo {
  /// Whether the reminder at `moment` was shown: it is the last one shown, or an older
  /// version showed the occurrence's reminder (and kept its due time) and `moment` is not
  /// after it.
  public func hasShownReminder(at moment: Date) -> Bool {
    guard let shown = reminderShownFor else { return false }
    return shown == moment || (shown == occurrence && moment <= shown)
  }

  /// Whether another device dealt with the reminder at `moment` (``acknowledgedUntil``).
  public func isAcknowledged(at moment: Date) -> Bool {
    acknowledgedUntil.map { moment <= $0 } ?? false
  }

  /// The latest of ``reminderTimes(defaultLead:)`` that has come by `now`, and the first
  /// still to come.
  public func reminderMoments(around now: Date, defaultLead: TimeInterval?) -> (latest: Date?, next: Date?) {
    let times = reminderTimes(defaultLead: defaultLead)
    return (times.last { $0 <= now }, times.first { $0 > now })
  }

  /// The moments the pending occurrence reminds at, earliest first: its reminders', or,
  /// when it has none, `defaultLead` before it falls due (none when that is nil). An
  /// absolute reminder of a repeating todo rings once, for the occurrence it falls in.
  public func reminderTimes(defaultLead: TimeInterval?) -> [Date] {
    guard !reminders.isEmpty else {
      guard let defaultLead, let due else { return [] }
      return [due.addingTimeInterval(-defaultLead)]
    }
    return reminders.flatMap { $0.times(due: due, start: start) }.sorted()
  }
}

/// The JSON form, in `list --json`, `import` and the `reminders` column:
/// `{"at": "2026-11-30T09:00:00Z"}` or `{"related": "due", "offset": -900}` (seconds;
/// `"start"` counts from the start), with `"repeat": 2, "every": 300` when it rings again.
extension Reminder: Codable {
  enum Key: String, CodingKey { case at, related, offset, `repeat`, every }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    let trigger: Trigger
    if let date = try c.decodeIfPresent(Date.self, forKey: .at) {
      trigger = .absolute(date)
    } else {
      let offset = try c.decode(TimeInterval.self, forKey: .offset)
      guard offset.isFinite, abs(offset) <= Self.maxOffset else {
        throw DecodingError.dataCorruptedError(
          forKey: .offset, in: c, debugDescription: "a reminder's offset is at most ten years either way")
      }
      let related = try c.decodeIfPresent(String.self, forKey: .related) ?? "due"
      guard let anchor = Anchor(rawValue: related) else {
        throw DecodingError.dataCorruptedError(
          forKey: .related, in: c, debugDescription: "a reminder is related to \"due\" or \"start\"")
      }
      trigger = .relative(anchor, offset: offset)
    }
    let every = try c.decodeIfPresent(TimeInterval.self, forKey: .every) ?? 0
    self.init(
      trigger, repeatCount: try c.decodeIfPresent(Int.self, forKey: .repeat) ?? 0,
      interval: every.isFinite ? every : 0)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    switch trigger {
    case let .absolute(date): try c.encode(date, forKey: .at)
    case let .relative(anchor, offset):
      try c.encode(anchor.rawValue, forKey: .related)
      try c.encode(offset, forKey: .offset)
    }
    if repeatCount > 0 {
      try c.encode(repeatCount, forKey: .repeat)
      try c.encode(interval, forKey: .every)
    }
  }
}

/// The order a todo keeps its reminders in, whichever order a server wrote them: before
/// the due time first, then from the start, then the absolute ones, each earliest first.
/// So two devices' lists compare equal when they hold the same reminders.
extension Reminder: Comparable {
  public static func < (a: Reminder, b: Reminder) -> Bool {
    func key(_ reminder: Reminder) -> (Int, Double) {
      switch reminder.trigger {
      case let .relative(.due, offset): (0, offset)
      case let .relative(.start, offset): (1, offset)
      case let .absolute(date): (2, date.timeIntervalSince1970)
      }
    }
    let (x, y) = (key(a), key(b))
    if x != y { return x < y }
    return (a.repeatCount, a.interval) < (b.repeatCount, b.interval)
  }
}
