import Foundation
import ICalendar
import Models
import Localization

/// A repeating todo as a CalDAV server holds it. quickdo follows a series that repeats by
/// one RRULE it supports and nothing else (no RDATE, EXDATE or override); Done moves the
/// whole series on, as tasks.org does through DAVx5: DUE and DTSTART go to the next time,
/// in the zone they were written in, and RRULE stays as written (a COUNT counts down). A
/// series without DUE is anchored at its DTSTART (RFC 5545, and Thunderbird writes them so),
/// which Done moves alone.
/// Any other series is the server's: read, shown, and never written.
extension SyncedFields {
  /// The rule of `object`'s todo when quickdo follows its series; nil for a one-off todo
  /// or a series left to the server.
  public static func followedRule(of object: CalendarObject, _ todo: VTodo, local: TimeZone) -> RepeatRule? {
    guard object.repeatsByOneRuleAlone, let text = todo.rrule, let anchor = todo.due ?? todo.dtstart else { return nil }
    return try? RepeatRule(rrule: text, timeZone: zone(of: anchor, local: local))
  }

  /// Whether `object` repeats in a way quickdo leaves to the server.
  public static func isLeftToTheServer(_ object: CalendarObject, local: TimeZone) -> Bool {
    whyLeftToTheServer(object, local: local) != nil
  }

  /// Why `object`'s series is left to the server, in words; nil when it is a one-off or
  /// quickdo follows it.
  public static func whyLeftToTheServer(_ object: CalendarObject, local: TimeZone) -> String? {
    guard object.isRecurring else { return nil }
    guard let todo = object.todo, let text = todo.rrule else { return tr("it repeats on RDATE dates") }
    guard object.repeatsByOneRuleAlone else {
      return tr("its series has exceptions (RDATE, EXDATE, or an occurrence changed on its own)")
    }
    guard let anchor = todo.due ?? todo.dtstart else { return tr("it repeats without a due time") }
    do {
      _ = try RepeatRule(rrule: text, timeZone: zone(of: anchor, local: local))
      return nil
    } catch {
      return tr("its rule is one quickdo does not repeat: %s", error.message)
    }
  }

  /// `todo` with these fields, its series running in the zone its DUE's TZID (or, without
  /// a DUE, its DTSTART's) names (when this system knows it), as the phone that wrote it
  /// expands it. A DUE in UTC names no
  /// zone: quickdo writes the todos made here that way, and they follow this computer's.
  public func applied(to todo: Todo, from object: VTodo) -> Todo {
    var todo = applied(to: todo)
    todo.repeatZone = nil
    if todo.repeats, case let .zoned(_, id)? = object.due ?? object.dtstart {
      todo.repeatZone = TimeZone(identifier: id)?.identifier
    }
    return todo
  }

  /// The zone a date is written in: its TZID's, else the local one.
  static func zone(of value: DateTimeValue, local: TimeZone) -> TimeZone {
    if case let .zoned(_, id) = value, let zone = TimeZone(identifier: id) { return zone }
    if case .utc = value { return TimeZone(identifier: "UTC")! }
    return local
  }

  /// A repeating todo's moved due time, written as the old DUE was (in its zone, floating,
  /// or a whole day), so the series keeps its wall-clock times on every device.
  static func due(_ date: Date, like old: DateTimeValue?, local: TimeZone) -> DateTimeValue {
    guard let old else { return .utc(date) }
    let zone = zone(of: old, local: local)
    let wall = LocalDateTime(date, in: zone)
    let clock = DateTimeValue.WallClock(
      year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second)
    switch old {
    case .utc: return .utc(date)
    case let .zoned(_, id): return TimeZone(identifier: id) == nil ? .utc(date) : .zoned(clock, timeZoneID: id)
    case .floating: return .floating(clock)
    case .day: return .day(year: wall.year, month: wall.month, day: wall.day)
    }
  }

  /// `start` moved by as many calendar days as DUE moved from `old` to `new`, keeping its
  /// own time of day and form: the series' start follows its due time.
  static func dtstart(_ start: DateTimeValue, movedFrom old: Date, to new: Date, in zone: TimeZone) -> DateTimeValue {
    let days = LocalDateTime(old, in: zone).days(until: LocalDateTime(new, in: zone))
    func moved(_ clock: DateTimeValue.WallClock) -> DateTimeValue.WallClock {
      let wall = LocalDateTime(clock.year, clock.month, clock.day, clock.hour, clock.minute, clock.second).adding(days: days)
      return .init(year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second)
    }
    switch start {
    case let .utc(date): return .utc(date.addingTimeInterval(Double(days) * 86_400))
    case let .zoned(clock, id): return .zoned(moved(clock), timeZoneID: id)
    case let .floating(clock): return .floating(moved(clock))
    case let .day(year, month, day):
      let wall = LocalDateTime(year, month, day).adding(days: days)
      return .day(year: wall.year, month: wall.month, day: wall.day)
    }
  }

  /// The RRULE text for `rule`: the server's text with only its COUNT changed when that is
  /// all that differs (a Done), else the rule's own text, its UNTIL in UTC unless the due
  /// time is floating or a whole day (RFC 5545 wants UNTIL in DTSTART's form).
  static func rruleText(_ rule: RepeatRule, replacing written: String?, was old: RepeatRule?, due: DateTimeValue?, local: TimeZone) -> String {
    if let written, var counted = old, case .count? = counted.end, case let .count(count)? = rule.end {
      counted.end = .count(count)
      if counted == rule {
        return written.split(separator: ";", omittingEmptySubsequences: false).map {
          $0.uppercased().hasPrefix("COUNT=") ? "COUNT=\(count)" : String($0)
        }.joined(separator: ";")
      }
    }
    let text = rule.rruleText
    guard case let .until(until)? = rule.end, let due else { return text }
    switch due {
    case .floating, .day: return text
    case .utc, .zoned:
      let utc = LocalDateTime(until.date(in: zone(of: due, local: local)), in: TimeZone(identifier: "UTC")!)
      let stamp = utc.basicText + "Z"
      return text.split(separator: ";").map { $0.hasPrefix("UNTIL=") ? "UNTIL=\(stamp)" : String($0) }.joined(separator: ";")
    }
  }
}
