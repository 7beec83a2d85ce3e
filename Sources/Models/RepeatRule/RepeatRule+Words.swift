import Localization

/// How `list` says a rule: `every weekday at 09:00`, `every 2 weeks on friday`, `every
/// month on the last friday, 3 times`, in the user's language. A rule that words would not
/// say plainly is shown as its RRULE text.
extension RepeatRule {
  /// The rule in words, with `time` (`09:00`) said before its end.
  public func words(
    at time: String? = nil, translation t: Translation = .current, locale: TimeLocale = .current
  ) -> String {
    var text = every(t)
    let plainDays = byDay.allSatisfy { $0.ordinal == nil }
    switch frequency {
    case _ where !byMonth.isEmpty || weekStart != .monday && interval > 1:
      return rruleText
    case .daily where byDay.isEmpty && byMonthDay.isEmpty:
      break
    case .weekly where byMonthDay.isEmpty && plainDays:
      if byDay.map(\.weekday) == [.monday, .tuesday, .wednesday, .thursday, .friday], interval == 1 {
        text = t.tr("every weekday")
      } else if !byDay.isEmpty {
        let days = byDay.map { $0.weekday.name(t) }.joined(separator: ", ")
        // TRANSLATORS: a weekly repeat; %s is one or more weekday names, "monday, thursday".
        // "every 2 weeks on %s" below is the same with a number of weeks first.
        text = interval == 1 ? t.tr("every %s", days) : t.tr("%s on %s", text, days)
      }
    case .monthly where byDay.isEmpty && byMonthDay.count <= 1:
      if let day = byMonthDay.first {
        guard day > 0 || day == -1 else { return rruleText }
        text = day == -1 ? t.tr("%s on the last day", text) : t.tr("%s on the %s", text, Self.ordinal(day, t))
      }
    case .monthly where byMonthDay.isEmpty && byDay.count == 1:
      guard let ordinal = byDay[0].ordinal, (1...4).contains(ordinal) || ordinal == -1 else { return rruleText }
      let which = ordinal == -1 ? t.trc("ordinal", "last") : Self.ordinal(ordinal, t)
      // TRANSLATORS: "every month on the last friday": the repeat so far, "last" or "2nd", a weekday.
      text = t.tr("%s on the %s %s", text, which, byDay[0].weekday.name(t))
    case .yearly where byDay.isEmpty && byMonthDay.isEmpty:
      break
    default:
      return rruleText
    }
    // TRANSLATORS: a repeat and its time of day: "every day at 09:00".
    if let time { text = t.tr("%s at %s", text, time) }
    switch end {
    case let .count(count)?:
      text = count == 1 ? t.tr("%s, this time only", text) : t.trn("%s, %d time", "%s, %d times", count, text, count)
    case let .until(until)?:
      text = t.tr("%s, until %s", text, locale.date(year: until.year, month: until.month, day: until.day))
    case nil: break
    }
    return text
  }

  /// "every day", "every 2 weeks".
  func every(_ t: Translation) -> String {
    switch (frequency, interval) {
    case (.daily, 1): t.tr("every day")
    case (.weekly, 1): t.tr("every week")
    case (.monthly, 1): t.tr("every month")
    case (.yearly, 1): t.tr("every year")
    case (.daily, let n): t.trn("every %d day", "every %d days", n, n)
    case (.weekly, let n): t.trn("every %d week", "every %d weeks", n, n)
    case (.monthly, let n): t.trn("every %d month", "every %d months", n, n)
    case (.yearly, let n): t.trn("every %d year", "every %d years", n, n)
    }
  }

  /// `1st`, `22nd`: English's suffixes, or the language's one pattern for every number
  /// (`%d.` in German), which its catalog gives as the translation of `%dth`.
  static func ordinal(_ n: Int, _ t: Translation) -> String {
    // TRANSLATORS: a day of the month or a weekday's rank, written with its number: "%d."
    // in German. English adds st, nd, rd or th itself.
    if let pattern = t.translated("ordinal", "%dth") { return MessageFormat.fill(pattern, [String(n)]) }
    let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
    return "\(n)\(suffix)"
  }
}

extension RepeatRule.Weekday {
  /// The English name, as RRULE words and `--repeat` read it.
  public var name: String {
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue]
  }

  /// The name in the user's language.
  public func name(_ t: Translation) -> String {
    switch self {
    case .monday: t.trc("weekday", "monday")
    case .tuesday: t.trc("weekday", "tuesday")
    case .wednesday: t.trc("weekday", "wednesday")
    case .thursday: t.trc("weekday", "thursday")
    case .friday: t.trc("weekday", "friday")
    case .saturday: t.trc("weekday", "saturday")
    case .sunday: t.trc("weekday", "sunday")
    }
  }
}
