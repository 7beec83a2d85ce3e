import Foundation

/// A VTIMEZONE's rules (RFC 5545 §3.6.5), for a TZID that is not an IANA zone name:
/// Outlook and Exchange write `W. Europe Standard Time` and define it in the object. Each
/// STANDARD or DAYLIGHT observance starts at its DTSTART and, with a yearly RRULE
/// (`BYMONTH` and `BYDAY`, as `-1SU` or `2SU`), again every year; its TZOFFSETTO holds
/// until the next one starts.
public struct VTimeZone: Equatable, Sendable {
  struct Observance: Equatable, Sendable {
    var start: DateTimeValue.WallClock
    var offsetFrom: Int
    var offsetTo: Int
    /// From a yearly RRULE: the month, and which weekday of it (1 = first, -1 = last).
    var month: Int?
    var weekday: Int?
    var ordinal: Int?
    var rdates: [DateTimeValue.WallClock]
  }

  var observances: [Observance]

  /// The rules of `component`, a VTIMEZONE of `object`; nil when an observance lacks its
  /// start or offsets.
  init?(_ object: CalendarObject, component: Range<Int>) {
    var observances: [Observance] = []
    for kind in ["STANDARD", "DAYLIGHT"] {
      for sub in object.components(kind) where component.contains(sub.lowerBound) {
        guard let startLine = object.property("DTSTART", of: sub),
          case let .floating(start)? = DateTimeValue(startLine),
          let from = object.property("TZOFFSETFROM", of: sub).flatMap({ Self.offset($0.value) }),
          let to = object.property("TZOFFSETTO", of: sub).flatMap({ Self.offset($0.value) })
        else { return nil }
        var observance = Observance(
          start: start, offsetFrom: from, offsetTo: to, rdates: object.properties(of: sub)
            .filter { object.lines[$0].content.is("RDATE") }
            .compactMap { index -> DateTimeValue.WallClock? in
              guard case let .floating(clock)? = DateTimeValue(object.lines[index].content) else { return nil }
              return clock
            })
        if let rule = object.property("RRULE", of: sub)?.value {
          let parts = Dictionary(
            rule.split(separator: ";").compactMap { part -> (String, String)? in
              let pair = part.split(separator: "=", maxSplits: 1)
              return pair.count == 2 ? (pair[0].uppercased(), String(pair[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
          if parts["FREQ"]?.uppercased() == "YEARLY", let month = parts["BYMONTH"].flatMap({ Int($0) }),
            let day = parts["BYDAY"].flatMap(Self.weekdayRule)
          {
            observance.month = month
            (observance.ordinal, observance.weekday) = day
          }
        }
        observances.append(observance)
      }
    }
    guard !observances.isEmpty else { return nil }
    self.observances = observances
  }

  /// The moment a wall-clock time in this zone names. In the hour skipped when clocks go
  /// forward, the time after the change; in the hour repeated when they go back, the first.
  public func date(_ clock: DateTimeValue.WallClock) -> Date? {
    let utc = TimeZone(identifier: "UTC")!
    guard let wall = clock.date(in: utc) else { return nil }
    let transitions = self.transitions(around: clock.year)
    func offset(at instant: Date) -> Int {
      transitions.last { $0.instant <= instant }?.offset ?? transitions.first?.offsetBefore ?? 0
    }
    let offsets = Set(transitions.flatMap { [$0.offset, $0.offsetBefore] }).sorted(by: >)
    for candidate in offsets {
      let instant = wall.addingTimeInterval(TimeInterval(-candidate))
      if offset(at: instant) == candidate { return instant }
    }
    // In a gap: the offset from before the change puts the time after it.
    return wall.addingTimeInterval(TimeInterval(-offset(at: wall.addingTimeInterval(-86_400))))
  }

  /// Every change of offset in the years around `year`, in order.
  private func transitions(around year: Int) -> [(instant: Date, offset: Int, offsetBefore: Int)] {
    let utc = TimeZone(identifier: "UTC")!
    var found: [(instant: Date, offset: Int, offsetBefore: Int)] = []
    for observance in observances {
      var onsets = [observance.start] + observance.rdates
      if let month = observance.month, let weekday = observance.weekday,
        let ordinal = observance.ordinal
      {
        for year in (year - 1)...(year + 1) where year >= observance.start.year {
          if let day = Self.day(ordinal, weekday, month: month, year: year) {
            var onset = observance.start
            (onset.year, onset.month, onset.day) = (year, month, day)
            onsets.append(onset)
          }
        }
      }
      for onset in onsets {
        guard let local = onset.date(in: utc) else { continue }
        found.append(
          (local.addingTimeInterval(TimeInterval(-observance.offsetFrom)), observance.offsetTo,
           observance.offsetFrom))
      }
    }
    return found.sorted { $0.instant < $1.instant }
  }

  /// `+0100`, `-0500`, `+053000` as seconds east of UTC.
  static func offset(_ text: String) -> Int? {
    let sign: Int
    switch text.first {
    case "+": sign = 1
    case "-": sign = -1
    default: return nil
    }
    let digits = text.dropFirst()
    guard digits.count == 4 || digits.count == 6, digits.allSatisfy(\.isASCII),
      let value = Int(digits)
    else { return nil }
    let (hours, minutes, seconds) =
      digits.count == 4 ? (value / 100, value % 100, 0) : (value / 10000, value / 100 % 100, value % 100)
    guard minutes < 60, seconds < 60 else { return nil }
    return sign * (hours * 3600 + minutes * 60 + seconds)
  }

  /// `-1SU` → (-1, 1); `2MO` → (2, 2); weekdays numbered as `Calendar` does (1 = Sunday).
  static func weekdayRule(_ text: String) -> (ordinal: Int, weekday: Int)? {
    let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    guard text.count >= 3, let weekday = names.firstIndex(of: String(text.suffix(2)).uppercased()),
      let ordinal = Int(text.dropLast(2)), ordinal != 0, (-5...5).contains(ordinal)
    else { return nil }
    return (ordinal, weekday + 1)
  }

  /// The day of the month of the `ordinal`th `weekday` (negative: from the end).
  static func day(_ ordinal: Int, _ weekday: Int, month: Int, year: Int) -> Int? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    guard (1...12).contains(month),
      let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
      let days = calendar.range(of: .day, in: .month, for: first)?.count
    else { return nil }
    let firstWeekday = calendar.component(.weekday, from: first)
    let firstMatch = 1 + (weekday - firstWeekday + 7) % 7
    let matches = Array(stride(from: firstMatch, through: days, by: 7))
    let index = ordinal > 0 ? ordinal - 1 : matches.count + ordinal
    return matches.indices.contains(index) ? matches[index] : nil
  }
}

extension CalendarObject {
  /// The VTIMEZONE of this object named `id`.
  public func timeZone(_ id: String) -> VTimeZone? {
    components("VTIMEZONE").lazy
      .first { self.property("TZID", of: $0)?.value == id }
      .flatMap { VTimeZone(self, component: $0) }
  }

  /// The moment `value` names in this object: an IANA zone name through the system's time
  /// zone data, any other TZID through the object's VTIMEZONE; floating times and days in
  /// `local`. Nil for a TZID neither knows.
  public func date(of value: DateTimeValue, local: TimeZone) -> Date? {
    value.date(local: local) { id in TimeZone(identifier: id) } ?? {
      guard case let .zoned(clock, id) = value else { return nil }
      return timeZone(id)?.date(clock)
    }()
  }
}
