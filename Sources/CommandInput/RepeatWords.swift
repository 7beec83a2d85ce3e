import Models
import Localization

/// `--repeat` as users type it: a few words (`daily`, `weekly`, `monthly`, `yearly`,
/// `weekdays`, `every 2 weeks`, `every monday,thursday`, `every month on the last friday`,
/// `every month on the 1st`), or an RFC 5545 rule (`FREQ=MONTHLY;BYMONTHDAY=1`, with or
/// without `RRULE:`). The words may be the user's language's too (`jeden Montag`), as
/// ``DateWords`` reads them. A failure is one sentence naming the part that is wrong.
package enum RepeatWords {
  package static func parse(_ text: String, language: DateWords = .current) throws(RepeatRuleError) -> RepeatRule {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.contains("=") {
      let rule = trimmed.uppercased().hasPrefix("RRULE:") ? String(trimmed.dropFirst(6)) : trimmed
      return try RepeatRule(rrule: rule)
    }
    let words = language.englishWords(trimmed.replacingOccurrences(of: ",", with: " , ")).filter { $0 != "and" }
    switch words {
    case ["daily"], ["every", "day"]: return RepeatRule(.daily)
    case ["weekly"], ["every", "week"]: return RepeatRule(.weekly)
    case ["monthly"], ["every", "month"]: return RepeatRule(.monthly)
    case ["yearly"], ["annually"], ["every", "year"]: return RepeatRule(.yearly)
    case ["weekdays"], ["every", "weekday"]: return RepeatRule(.weekly, byDay: weekdays)
    default: break
    }
    guard words.first == "every", words.count >= 2 else { throw unknown(text) }
    var rest = Array(words.dropFirst())
    var interval = 1
    if let number = Int(rest[0]) {
      guard (1...10_000).contains(number) else { throw RepeatRuleError(tr("'every %s' is not between 1 and 10000", number)) }
      interval = number
      rest.removeFirst()
    }
    guard let unit = rest.first else { throw unknown(text) }
    let frequency: RepeatRule.Frequency
    switch unit {
    case "day", "days": frequency = .daily
    case "week", "weeks": frequency = .weekly
    case "month", "months": frequency = .monthly
    case "year", "years": frequency = .yearly
    default:
      // `every monday,thursday`: weekly on those days.
      guard interval == 1 else { throw unknown(text) }
      return RepeatRule(.weekly, byDay: try days(rest, text))
    }
    rest.removeFirst()
    var rule = RepeatRule(frequency, interval: interval)
    guard !rest.isEmpty else { return rule }
    guard rest.first == "on", rest.count >= 2 else { throw unknown(text) }
    rest.removeFirst()
    switch frequency {
    case .weekly:
      rule.byDay = try days(rest, text)
    case .monthly:
      if rest.first == "the" { rest.removeFirst() }
      if rest == ["last", "day"] {
        rule.byMonthDay = [-1]
      } else if rest.count == 1, let day = monthDay(rest[0]) {
        rule.byMonthDay = [day]
      } else if rest.count == 2, let ordinal = ordinals[rest[0]], let day = weekday(rest[1]) {
        rule.byDay = [RepeatRule.Day(day, ordinal: ordinal)]
      } else {
        throw RepeatRuleError(tr("'on %s' is not a day of the month (the 1st, the last day, the last friday)", rest.joined(separator: " ")))
      }
    case .daily, .yearly:
      throw RepeatRuleError(tr("'on …' goes with weeks or months (every month on the 1st)"))
    }
    return rule
  }

  static let weekdays = [RepeatRule.Weekday.monday, .tuesday, .wednesday, .thursday, .friday].map { RepeatRule.Day($0) }

  static let ordinals = ["first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": -1]

  static func unknown(_ text: String) -> RepeatRuleError {
    RepeatRuleError(
      tr("'%s' is not a repeat (try daily, weekdays, 'every 2 weeks', 'every monday,thursday', 'every month on the last friday' or FREQ=…)", TerminalText.visible(text)))
  }

  /// `monday , thursday` (commas and "and" between them).
  static func days(_ words: [String], _ text: String) throws(RepeatRuleError) -> [RepeatRule.Day] {
    var days: [RepeatRule.Day] = []
    for word in words where word != "," {
      guard let day = weekday(word) else { throw RepeatRuleError(tr("'%s' is not a weekday", TerminalText.visible(word))) }
      if !days.contains(RepeatRule.Day(day)) { days.append(RepeatRule.Day(day)) }
    }
    guard !days.isEmpty else { throw unknown(text) }
    return days.sorted { $0.weekday < $1.weekday }
  }

  /// `monday`, `mon`, `mondays`.
  static func weekday(_ word: String) -> RepeatRule.Weekday? {
    let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    let word = word.hasSuffix("s") && word.count > 3 ? String(word.dropLast()) : word
    guard word.count >= 3, let index = names.firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
    return RepeatRule.Weekday(rawValue: index)
  }

  /// `1st`, `2nd`, `15th`, `31`: a day of the month.
  static func monthDay(_ word: String) -> Int? {
    let digits = word.prefix { $0.isNumber }
    let suffix = word.dropFirst(digits.count)
    guard let day = Int(digits), (1...31).contains(day), ["", "st", "nd", "rd", "th"].contains(suffix) else { return nil }
    return day
  }
}
