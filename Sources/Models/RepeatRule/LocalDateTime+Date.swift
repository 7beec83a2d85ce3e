import Foundation

extension LocalDateTime {
  /// The wall-clock time `date` is in `timeZone`.
  public init(_ date: Date, in timeZone: TimeZone) {
    let parts = Self.calendar(timeZone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    self.init(parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  }

  /// The moment this wall-clock time is in `timeZone`. A time the clocks skip (02:30 on
  /// the night they go forward) is the moment as long after the jump as it was meant after
  /// the last time before it; a time they pass twice is its first moment.
  public func date(in timeZone: TimeZone) -> Date {
    let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return Self.calendar(timeZone).date(from: parts) ?? Date(timeIntervalSince1970: 0)
  }

  private static func calendar(_ timeZone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }
}

extension LocalDateTime {
  /// The same time of day `days` days later (earlier when negative).
  public func adding(days: Int) -> LocalDateTime {
    let (year, month, day) = CivilDay.date(of: CivilDay.number(year, month, day) + days)
    return LocalDateTime(year, month, day, hour, minute, second)
  }

  /// How many calendar days `later`'s date is after this one's.
  public func days(until later: LocalDateTime) -> Int {
    CivilDay.number(later.year, later.month, later.day) - CivilDay.number(year, month, day)
  }
}
