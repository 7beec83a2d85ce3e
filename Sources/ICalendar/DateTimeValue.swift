import Foundation

/// A DATE or DATE-TIME value (RFC 5545 §3.3.4, §3.3.5) as it was written: in UTC
/// (`20261201T170000Z`), in a named time zone (`TZID=Europe/Paris:20261201T170000`),
/// floating (`20261201T170000`, the reader's local time), or a whole day
/// (`VALUE=DATE:20261201`).
public enum DateTimeValue: Equatable, Sendable {
  case utc(Date)
  case zoned(WallClock, timeZoneID: String)
  case floating(WallClock)
  case day(year: Int, month: Int, day: Int)

  /// A date and time on a wall clock, with no zone.
  public struct WallClock: Equatable, Sendable {
    public var year, month, day, hour, minute, second: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
      (self.year, self.month, self.day) = (year, month, day)
      (self.hour, self.minute, self.second) = (hour, minute, second)
    }
  }

  /// The value of `line` (its VALUE and TZID parameters and its text); nil when it is not
  /// a date or date-time.
  public init?(_ line: ContentLine) {
    let text = line.value
    if line.parameter("VALUE")?.uppercased() == "DATE" || (text.count == 8 && !text.contains("T")) {
      guard let (year, month, day) = Self.digits(of: text, date: true).map({ ($0[0], $0[1], $0[2]) })
      else { return nil }
      self = .day(year: year, month: month, day: day)
      return
    }
    guard let fields = Self.digits(of: text, date: false) else { return nil }
    let clock = WallClock(
      year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
      second: fields[5])
    if text.hasSuffix("Z") {
      guard let date = clock.date(in: TimeZone(identifier: "UTC")!) else { return nil }
      self = .utc(date)
    } else if let zone = line.parameter("TZID") {
      self = .zoned(clock, timeZoneID: zone)
    } else {
      self = .floating(clock)
    }
  }

  /// `name` holding this value, with the parameters it needs.
  public func line(_ name: String) -> ContentLine {
    switch self {
    case let .utc(date):
      let utc = WallClock(date, in: TimeZone(identifier: "UTC")!)
      return ContentLine(name: name, value: utc.text + "Z")
    case let .zoned(clock, zone):
      return ContentLine(name: name, parameters: [.init(name: "TZID", values: [zone])], value: clock.text)
    case let .floating(clock):
      return ContentLine(name: name, value: clock.text)
    case let .day(year, month, day):
      return ContentLine(
        name: name, parameters: [.init(name: "VALUE", values: ["DATE"])],
        value: Self.pad(year, 4) + Self.pad(month, 2) + Self.pad(day, 2))
    }
  }

  /// The moment this value names: a zone by its IANA name (`zone` answers the others, from
  /// the object's VTIMEZONE or elsewhere), floating times and days in `local`. A day is its
  /// first moment.
  public func date(local: TimeZone, zone: (String) -> TimeZone? = { TimeZone(identifier: $0) })
    -> Date?
  {
    switch self {
    case let .utc(date): date
    case let .zoned(clock, id): zone(id).flatMap { clock.date(in: $0) }
    case let .floating(clock): clock.date(in: local)
    case let .day(year, month, day):
      WallClock(year: year, month: month, day: day, hour: 0, minute: 0, second: 0).date(in: local)
    }
  }

  /// `yyyyMMdd` or `yyyyMMddTHHmmss[Z]` as numbers, checked for range.
  private static func digits(of text: String, date: Bool) -> [Int]? {
    let bytes = Array(text.utf8)
    let expected = date ? 8 : (bytes.last == UInt8(ascii: "Z") ? 16 : 15)
    guard bytes.count == expected, date || bytes[8] == UInt8(ascii: "T") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    let ranges = date ? [0..<4, 4..<6, 6..<8] : [0..<4, 4..<6, 6..<8, 9..<11, 11..<13, 13..<15]
    let fields = ranges.compactMap(number)
    guard fields.count == ranges.count, (1...12).contains(fields[1]), (1...31).contains(fields[2])
    else { return nil }
    if !date, fields[3] > 23 || fields[4] > 59 || fields[5] > 60 { return nil }
    return fields
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}

extension DateTimeValue.WallClock {
  init(_ date: Date, in zone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    self.init(
      year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!, second: c.second!)
  }

  /// This wall-clock time in `zone`; nil for a day that does not exist (February 30).
  func date(in zone: TimeZone) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
    guard let date = calendar.date(from: components),
      calendar.component(.day, from: date) == day
    else { return nil }
    return date
  }

  var text: String {
    typealias V = DateTimeValue
    return V.pad(year, 4) + V.pad(month, 2) + V.pad(day, 2) + "T" + V.pad(hour, 2)
      + V.pad(minute, 2) + V.pad(second, 2)
  }
}
