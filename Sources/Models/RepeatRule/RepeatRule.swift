/// How a repeating todo repeats: the part of an RFC 5545 RRULE quickdo supports (FREQ
/// DAILY, WEEKLY, MONTHLY or YEARLY; INTERVAL; BYDAY, with ordinals in monthly and yearly
/// rules; BYMONTHDAY, negative values too; BYMONTH; COUNT; UNTIL; WKST). A value with no
/// I/O: occurrences are wall-clock times, worked out on the proleptic Gregorian calendar,
/// so "9:00 every day" stays 9:00 whatever the time zone does.
public struct RepeatRule: Equatable, Hashable, Sendable {
  public enum Frequency: String, Sendable, CaseIterable {
    case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
  }

  /// A weekday, numbered as RFC 5545 lists them from Monday.
  public enum Weekday: Int, Sendable, CaseIterable, Comparable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue] }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  }

  /// A BYDAY entry: a weekday, and in monthly and yearly rules which one of the month or
  /// year it is (1 the first, -1 the last; nil every one).
  public struct Day: Hashable, Sendable {
    public var ordinal: Int?
    public var weekday: Weekday

    public init(_ weekday: Weekday, ordinal: Int? = nil) {
      self.weekday = weekday
      self.ordinal = ordinal
    }
  }

  /// Where a series ends.
  public enum End: Hashable, Sendable {
    /// After this many occurrences.
    case count(Int)
    /// At this wall-clock time, included.
    case until(LocalDateTime)
  }

  public var frequency: Frequency
  public var interval: Int
  public var byDay: [Day]
  public var byMonthDay: [Int]
  public var byMonth: [Int]
  public var end: End?
  public var weekStart: Weekday

  public init(
    _ frequency: Frequency, interval: Int = 1, byDay: [Day] = [], byMonthDay: [Int] = [],
    byMonth: [Int] = [], end: End? = nil, weekStart: Weekday = .monday
  ) {
    self.frequency = frequency
    self.interval = interval
    self.byDay = byDay
    self.byMonthDay = byMonthDay
    self.byMonth = byMonth
    self.end = end
    self.weekStart = weekStart
  }

  /// How many periods (days, weeks, months or years) in a row without an occurrence end a
  /// search, for a rule that matches nothing more (the 30th of February): 400 years' worth,
  /// after which the Gregorian calendar repeats itself.
  var periodsSearched: Int {
    switch frequency {
    case .daily: 146_097
    case .weekly: 20_872
    case .monthly: 4_800
    case .yearly: 400
    }
  }

  /// The series' occurrences from `start` on, in order: those of `start`'s wall-clock times
  /// that the rule matches (`start` itself only if it matches), until the rule's end or the
  /// year 9999.
  public func occurrences(from start: LocalDateTime) -> Occurrences {
    Occurrences(rule: self, start: start)
  }

  /// The first occurrence after `moment` (a wall-clock time), or nil when the series has
  /// ended by then.
  public func next(after moment: LocalDateTime, start: LocalDateTime) -> LocalDateTime? {
    occurrences(from: start).first { $0 > moment }
  }
}

/// A wall-clock date and time, without a time zone: what a repeating todo's times are.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int

  public init(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) {
    (self.year, self.month, self.day) = (year, month, day)
    (self.hour, self.minute, self.second) = (hour, minute, second)
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.year, a.month, a.day, a.hour, a.minute, a.second) < (b.year, b.month, b.day, b.hour, b.minute, b.second)
  }

  /// `20261126T090000`: RFC 5545's form of a date-time (UNTIL, DUE).
  public var basicText: String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)\(two(month))\(two(day))T\(two(hour))\(two(minute))\(two(second))"
  }

  /// `2026-11-26T09:00:00`.
  public var description: String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let year = String(repeating: "0", count: max(0, 4 - String(self.year).count)) + String(self.year)
    return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
  }
}

extension RepeatRule {
  /// The occurrences of a rule from a start, generated period by period.
  public struct Occurrences: Sequence, IteratorProtocol {
    let rule: RepeatRule
    let start: LocalDateTime
    var period = 0
    var periodsWithout = 0
    var pending: [LocalDateTime] = []
    var produced = 0
    var isDone = false

    init(rule: RepeatRule, start: LocalDateTime) {
      self.rule = rule
      self.start = start
    }

    public mutating func next() -> LocalDateTime? {
      while !isDone {
        if let first = pending.first {
          pending.removeFirst()
          if case let .count(count)? = rule.end, produced >= count { isDone = true; return nil }
          if case let .until(until)? = rule.end, first > until { isDone = true; return nil }
          produced += 1
          return first
        }
        guard periodsWithout < rule.periodsSearched, let days = rule.days(inPeriod: period, from: start)
        else { isDone = true; return nil }
        period += 1
        pending = days.map {
          let (year, month, day) = CivilDay.date(of: $0)
          return LocalDateTime(year, month, day, start.hour, start.minute, start.second)
        }.filter { $0 >= start }
        periodsWithout = pending.isEmpty ? periodsWithout + 1 : 0
      }
      return nil
    }
  }

  /// The days (as day numbers) of period `index` that the rule matches, in order; nil once
  /// the period is past the year 9999.
  func days(inPeriod index: Int, from start: LocalDateTime) -> [Int]? {
    let startDay = CivilDay.number(start.year, start.month, start.day)
    let step = index * interval
    let candidates: [Int]
    switch frequency {
    case .daily:
      candidates = [startDay + step]
    case .weekly:
      let offset = (CivilDay.weekday(startDay).rawValue - weekStart.rawValue + 7) % 7
      let first = startDay - offset + 7 * step
      candidates = Array(first..<first + 7)
    case .monthly:
      let months = start.year * 12 + start.month - 1 + step
      candidates = CivilDay.month(year: months / 12, month: months % 12 + 1)
    case .yearly:
      let year = start.year + step
      // Only the months the rule can match are looked at.
      let months =
        !byMonth.isEmpty ? Array(Set(byMonth)).sorted()
        : byDay.isEmpty && byMonthDay.isEmpty ? [start.month] : Array(1...12)
      candidates = months.flatMap { CivilDay.month(year: year, month: $0) }
    }
    guard let last = candidates.last, CivilDay.date(of: last).year <= 9999 else { return nil }
    return candidates.filter { matches($0, start: start) }
  }

  /// Whether day `number` is one of the rule's within its period.
  func matches(_ number: Int, start: LocalDateTime) -> Bool {
    let (year, month, day) = CivilDay.date(of: number)
    let weekday = CivilDay.weekday(number)
    let monthLength = CivilDay.length(year: year, month: month)
    // What the rule leaves open comes from the start, as RFC 5545 says.
    let expandsDays = !byDay.isEmpty || !byMonthDay.isEmpty
    if !byMonth.isEmpty, !byMonth.contains(month) { return false }
    if byMonth.isEmpty, frequency == .yearly, !expandsDays, month != start.month { return false }
    if !byMonthDay.isEmpty {
      guard byMonthDay.contains(where: { $0 == day || $0 == day - monthLength - 1 }) else { return false }
    } else if !expandsDays, frequency == .monthly || frequency == .yearly, day != start.day {
      return false
    }
    if !byDay.isEmpty {
      return byDay.contains { entry in
        guard entry.weekday == weekday else { return false }
        guard let ordinal = entry.ordinal else { return true }
        // Which one of the month (monthly, or yearly with BYMONTH) or of the year it is.
        let inMonth = frequency == .monthly || !byMonth.isEmpty
        let (index, total) =
          inMonth
          ? ((day - 1) / 7 + 1, (monthLength - day) / 7 + (day - 1) / 7 + 1)
          : CivilDay.weekdayIndexInYear(number)
        return ordinal > 0 ? ordinal == index : total - index + 1 == -ordinal
      }
    }
    if frequency == .weekly, !expandsDays {
      return weekday == CivilDay.weekday(CivilDay.number(start.year, start.month, start.day))
    }
    return true
  }
}
