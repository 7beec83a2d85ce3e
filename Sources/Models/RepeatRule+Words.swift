/// How `list` says a rule: `every weekday at 09:00`, `every 2 weeks on friday`, `every
/// month on the last friday, 3 times`. A rule that words would not say plainly is shown as
/// its RRULE text.
extension RepeatRule {
  /// The rule in words, with `time` (`09:00`) said before its end.
  public func words(at time: String? = nil) -> String {
    let units = [Frequency.daily: "day", .weekly: "week", .monthly: "month", .yearly: "year"]
    let unit = units[frequency]!
    var text = interval == 1 ? "every \(unit)" : "every \(interval) \(unit)s"
    let plainDays = byDay.allSatisfy { $0.ordinal == nil }
    switch frequency {
    case _ where !byMonth.isEmpty || weekStart != .monday && interval > 1:
      return rruleText
    case .daily where byDay.isEmpty && byMonthDay.isEmpty:
      break
    case .weekly where byMonthDay.isEmpty && plainDays:
      if byDay.map(\.weekday) == [.monday, .tuesday, .wednesday, .thursday, .friday], interval == 1 {
        text = "every weekday"
      } else if !byDay.isEmpty {
        let days = byDay.map(\.weekday.name).joined(separator: ", ")
        text = interval == 1 ? "every \(days)" : "\(text) on \(days)"
      }
    case .monthly where byDay.isEmpty && byMonthDay.count <= 1:
      if let day = byMonthDay.first {
        guard day > 0 || day == -1 else { return rruleText }
        text += day == -1 ? " on the last day" : " on the \(Self.ordinal(day))"
      }
    case .monthly where byMonthDay.isEmpty && byDay.count == 1:
      guard let ordinal = byDay[0].ordinal, (1...4).contains(ordinal) || ordinal == -1 else { return rruleText }
      text += " on the \(ordinal == -1 ? "last" : Self.ordinal(ordinal)) \(byDay[0].weekday.name)"
    case .yearly where byDay.isEmpty && byMonthDay.isEmpty:
      break
    default:
      return rruleText
    }
    if let time { text += " at \(time)" }
    switch end {
    case let .count(count)?: text += count == 1 ? ", this time only" : ", \(count) times"
    case let .until(until)?: text += ", until \(String(until.description.prefix(10)))"
    case nil: break
    }
    return text
  }

  static func ordinal(_ n: Int) -> String {
    let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
    return "\(n)\(suffix)"
  }
}

extension RepeatRule.Weekday {
  public var name: String {
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue]
  }
}
