import Foundation
import Localization

/// Why a rule's text was refused: one sentence naming the part that is wrong.
public struct RepeatRuleError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension RepeatRule {
  /// Rules longer than this are refused unread.
  public static let maximumTextLength = 1024

  /// Reads RFC 5545 RRULE text without the `RRULE:` prefix (`FREQ=WEEKLY;BYDAY=MO,TH`).
  /// A part quickdo does not support (BYSETPOS, BYWEEKNO, BYYEARDAY, BYHOUR…, FREQ=HOURLY…)
  /// is refused by name, never dropped; a UTC `UNTIL` is read as its wall-clock time in
  /// `timeZone`.
  public init(rrule text: String, timeZone: TimeZone = .current) throws(RepeatRuleError) {
    guard text.utf8.count <= Self.maximumTextLength else {
      throw RepeatRuleError(tr("the rule is longer than %s characters", Self.maximumTextLength))
    }
    var values: [String: String] = [:]
    for part in text.split(separator: ";", omittingEmptySubsequences: false) {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2, !pair[0].isEmpty else {
        throw RepeatRuleError(tr("'%s' is not NAME=VALUE", TerminalText.visible(String(part))))
      }
      let name = pair[0].uppercased()
      guard Self.supported.contains(name) else {
        throw RepeatRuleError(
          Self.known.contains(name)
            ? tr("%s is not supported (quickdo repeats with FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT, UNTIL and WKST)", name)
            : tr("'%s' is not a part of a repeat rule", TerminalText.visible(String(pair[0]))))
      }
      guard values.updateValue(String(pair[1]), forKey: name) == nil else {
        throw RepeatRuleError(tr("%s is given twice", name))
      }
    }
    guard let frequencyText = values["FREQ"] else { throw RepeatRuleError(tr("the rule has no FREQ")) }
    guard let frequency = Frequency(rawValue: frequencyText.uppercased()) else {
      throw RepeatRuleError(
        ["SECONDLY", "MINUTELY", "HOURLY"].contains(frequencyText.uppercased())
          ? tr("FREQ=%s is not supported (DAILY, WEEKLY, MONTHLY or YEARLY)", frequencyText.uppercased())
          : tr("FREQ '%s' is not DAILY, WEEKLY, MONTHLY or YEARLY", TerminalText.visible(frequencyText)))
    }
    self.init(frequency)
    if let text = values["INTERVAL"] { interval = try Self.number(text, "INTERVAL", in: 1...10_000) }
    if let text = values["BYMONTH"] {
      byMonth = try Self.list(text, "BYMONTH") { text throws(RepeatRuleError) in
        try Self.number(text, "BYMONTH", in: 1...12)
      }
    }
    if let text = values["BYMONTHDAY"] {
      guard frequency != .weekly else { throw RepeatRuleError(tr("BYMONTHDAY does not go with FREQ=WEEKLY")) }
      byMonthDay = try Self.list(text, "BYMONTHDAY") { text throws(RepeatRuleError) in
        let day = try Self.number(text, "BYMONTHDAY", in: -31...31)
        guard day != 0 else { throw RepeatRuleError(tr("BYMONTHDAY 0 is no day of a month")) }
        return day
      }
    }
    if let text = values["BYDAY"] {
      byDay = try Self.list(text, "BYDAY") { text throws(RepeatRuleError) in
        try Self.day(text, frequency: frequency, hasByMonth: !byMonth.isEmpty)
      }
    }
    if let text = values["WKST"] {
      guard let day = Weekday.allCases.first(where: { $0.code == text.uppercased() }) else {
        throw RepeatRuleError(tr("WKST '%s' is not a weekday (MO…SU)", TerminalText.visible(text)))
      }
      weekStart = day
    }
    switch (values["COUNT"], values["UNTIL"]) {
    case (_?, _?): throw RepeatRuleError(tr("COUNT and UNTIL do not go together"))
    case let (count?, nil): end = .count(try Self.number(count, "COUNT", in: 1...100_000))
    case let (nil, until?): end = .until(try Self.until(until, timeZone: timeZone))
    case (nil, nil): break
    }
  }

  /// The rule as RRULE text, its parts in one fixed order (`FREQ=MONTHLY;BYDAY=-1FR`).
  public var rruleText: String {
    var parts = ["FREQ=\(frequency.rawValue)"]
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    switch end {
    case let .count(count)?: parts.append("COUNT=\(count)")
    case let .until(until)?: parts.append("UNTIL=\(until.basicText)")
    case nil: break
    }
    if !byDay.isEmpty {
      parts.append("BYDAY=" + byDay.map { ($0.ordinal.map(String.init) ?? "") + $0.weekday.code }.joined(separator: ","))
    }
    if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
    if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
    if weekStart != .monday { parts.append("WKST=\(weekStart.code)") }
    return parts.joined(separator: ";")
  }

  static let supported: Set = ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "COUNT", "UNTIL", "WKST"]
  static let known: Set = ["BYSECOND", "BYMINUTE", "BYHOUR", "BYYEARDAY", "BYWEEKNO", "BYSETPOS", "RSCALE", "SKIP"]

  static func number(_ text: String, _ part: String, in range: ClosedRange<Int>) throws(RepeatRuleError) -> Int {
    guard text.utf8.count <= 6, let value = Int(text), range.contains(value), text.first != "+" || part == "BYMONTHDAY"
    else {
      throw RepeatRuleError(tr("%s '%s' is not a number from %s to %s", part, TerminalText.visible(text), range.lowerBound, range.upperBound))
    }
    return value
  }

  static func list<T>(
    _ text: String, _ part: String, _ item: (String) throws(RepeatRuleError) -> T
  ) throws(RepeatRuleError) -> [T] {
    let items = text.split(separator: ",", omittingEmptySubsequences: false)
    guard items.count <= 64 else { throw RepeatRuleError(tr("%s lists more than 64 values", part)) }
    var values: [T] = []
    for entry in items {
      guard !entry.isEmpty else { throw RepeatRuleError(tr("%s has an empty value", part)) }
      values.append(try item(String(entry)))
    }
    return values
  }

  /// A BYDAY entry: `MO`, `2TU`, `-1FR`; ordinals only where they mean something.
  static func day(_ text: String, frequency: Frequency, hasByMonth: Bool) throws(RepeatRuleError) -> Day {
    let upper = text.uppercased()
    guard let weekday = Weekday.allCases.first(where: { upper.hasSuffix($0.code) }) else {
      throw RepeatRuleError(tr("BYDAY '%s' is not a weekday (MO…SU, as in 2TU or -1FR)", TerminalText.visible(text)))
    }
    let prefix = String(upper.dropLast(2))
    guard !prefix.isEmpty else { return Day(weekday) }
    guard frequency == .monthly || frequency == .yearly else {
      throw RepeatRuleError(tr("BYDAY '%s': a numbered weekday needs FREQ=MONTHLY or YEARLY", TerminalText.visible(text)))
    }
    let limit = frequency == .monthly || hasByMonth ? 5 : 53
    let ordinal = try number(prefix, "BYDAY", in: -limit...limit)
    guard ordinal != 0 else { throw RepeatRuleError(tr("BYDAY '%s': there is no 0th weekday", TerminalText.visible(text))) }
    return Day(weekday, ordinal: ordinal)
  }

  /// `20261231`, `20261231T090000` or `20261231T080000Z`.
  static func until(_ text: String, timeZone: TimeZone) throws(RepeatRuleError) -> LocalDateTime {
    let bytes = Array(text.utf8)
    func digits(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    let wrong = RepeatRuleError(tr("UNTIL '%s' is not a date (20261231 or 20261231T235959Z)", TerminalText.visible(text)))
    guard let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8),
      (1900...9999).contains(year), (1...12).contains(month),
      (1...CivilDay.length(year: year, month: month)).contains(day)
    else { throw wrong }
    if bytes.count == 8 { return LocalDateTime(year, month, day, 23, 59, 59) }
    guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")), bytes[8] == UInt8(ascii: "T"),
      let hour = digits(9..<11), let minute = digits(11..<13), let second = digits(13..<15),
      hour < 24, minute < 60, second < 61
    else { throw wrong }
    let local = LocalDateTime(year, month, day, hour, minute, min(second, 59))
    guard bytes.count == 16 else { return local }
    // UTC: the wall-clock time it is in the todo's zone.
    return LocalDateTime(local.date(in: TimeZone(identifier: "UTC")!), in: timeZone)
  }
}
