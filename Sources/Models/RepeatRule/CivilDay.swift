/// Days as numbers counted from 1970-01-01 on the proleptic Gregorian calendar (Howard
/// Hinnant's `days_from_civil` and `civil_from_days`): plain integer arithmetic for the
/// repeat rules and the JSON writer, the same calendar Foundation's Gregorian one is for
/// the years quickdo keeps.
enum CivilDay {
  static func number(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func date(of number: Int) -> (year: Int, month: Int, day: Int) {
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// 1970-01-01 was a Thursday.
  static func weekday(_ number: Int) -> RepeatRule.Weekday {
    RepeatRule.Weekday(rawValue: ((number % 7) + 7 + 3) % 7)!
  }

  static func length(year: Int, month: Int) -> Int {
    let next = month == 12 ? number(year + 1, 1, 1) : number(year, month + 1, 1)
    return next - number(year, month, 1)
  }

  /// The day numbers of a month.
  static func month(year: Int, month: Int) -> [Int] {
    let first = number(year, month, 1)
    return Array(first..<first + length(year: year, month: month))
  }

  /// Which one of its weekday in its year the day is, and how many there are.
  static func weekdayIndexInYear(_ number: Int) -> (index: Int, total: Int) {
    let year = date(of: number).year
    let first = self.number(year, 1, 1)
    let length = self.number(year + 1, 1, 1) - first
    let dayOfYear = number - first
    return (dayOfYear / 7 + 1, (length - 1 - dayOfYear) / 7 + dayOfYear / 7 + 1)
  }
}
