import CommandInput
import Foundation
import Localization
import LocalizationRig
import Models
import Testing

/// Each shipped language's words for `--due` and `--repeat`, read with its own catalog,
/// beside English, at a fixed clock and zone.
@Suite struct DateWordsTests {
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Paris")!
    return calendar
  }()
  /// Sunday 2026-11-22 10:00 in Paris.
  static let now = Date(timeIntervalSince1970: 1_795_338_000)
  static let catalogs = Result { try Catalogs.compiled(["de", "fr", "es", "pt_BR", "it", "nl", "pl", "ru", "zh_CN", "ja"]) }

  static func translation(_ language: String) throws -> Translation {
    Translation(languages: [language], directories: [try catalogs.get().path])
  }

  static func words(_ language: String) throws -> DateWords {
    DateWords(translation: try translation(language), locale: .iso)
  }

  static func due(_ text: String, _ words: DateWords) -> [Int]? {
    HumanDate.parse(text, now: now, calendar: calendar, words: words).map {
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: $0)
      return [c.year!, c.month!, c.day!, c.hour!, c.minute!]
    }
  }

  static let tomorrowNine = [2026, 11, 23, 9, 0]
  static let mondayNine = [2026, 11, 23, 9, 0]
  static let todayFive = [2026, 11, 22, 17, 0]
  static let everyMonday = RepeatRule(.weekly, byDay: [RepeatRule.Day(.monday)])
  static let everyTwoWeeks = RepeatRule(.weekly, interval: 2)

  @Test(arguments: [
    ("de", ["morgen 9:00", "Montag 9:00", "heute 17:00", "in 2h"], ["jeden Montag", "täglich", "alle 2 Wochen"]),
    ("fr", ["demain 9:00", "lundi 9:00", "aujourd'hui 17:00", "dans 2h"], ["tous les lundis", "quotidien", "toutes les 2 semaines"]),
    ("es", ["mañana 9:00", "lunes 9:00", "hoy 17:00", "dentro de 2h"], ["cada lunes", "diario", "cada 2 semanas"]),
    ("pt_BR", ["amanhã 9:00", "segunda 9:00", "hoje 17:00", "daqui a 2h"], ["toda segunda", "diariamente", "a cada 2 semanas"]),
    ("it", ["domani 9:00", "lunedì 9:00", "oggi 17:00", "tra 2h"], ["ogni lunedì", "quotidiano", "ogni 2 settimane"]),
    ("nl", ["morgen 9:00", "maandag 9:00", "vandaag 17:00", "over 2h"], ["elke maandag", "dagelijks", "om de 2 weken"]),
    ("pl", ["jutro 9:00", "poniedziałek 9:00", "dziś 17:00", "za 2h"], ["w każdy poniedziałek", "codziennie", "co 2 tygodnie"]),
    ("ru", ["завтра 9:00", "понедельник 9:00", "сегодня 17:00", "через 2h"], ["по понедельникам", "ежедневно", "каждые 2 недели"]),
    ("zh_CN", ["明天 9:00", "周一 9:00", "今天 17:00", "in 2h"], ["每周一", "每天", "每2周"]),
    ("ja", ["明日 9:00", "月曜日 9:00", "今日 17:00", "in 2h"], ["毎週月曜日", "毎日", "毎2週"]),
  ])
  func aLanguagesWordsReadAsTheirEnglish(language: String, dues: [String], repeats: [String]) throws {
    let words = try Self.words(language)
    #expect(Self.due(dues[0], words) == Self.tomorrowNine, "\(dues[0])")
    #expect(Self.due(dues[1], words) == Self.mondayNine, "\(dues[1])")
    #expect(Self.due(dues[2], words) == Self.todayFive, "\(dues[2])")
    #expect(HumanDate.parse(dues[3], now: Self.now, calendar: Self.calendar, words: words) == Self.now + 7200, "\(dues[3])")
    #expect(try RepeatWords.parse(repeats[0], language: words) == Self.everyMonday, "\(repeats[0])")
    #expect(try RepeatWords.parse(repeats[1], language: words) == RepeatRule(.daily), "\(repeats[1])")
    #expect(try RepeatWords.parse(repeats[2], language: words) == Self.everyTwoWeeks, "\(repeats[2])")
    // English and ISO 8601 read in every language.
    #expect(Self.due("tomorrow 9:00", words) == Self.tomorrowNine)
    #expect(Self.due("2026-11-23T09:00", words) == Self.tomorrowNine)
    #expect(try RepeatWords.parse("every monday", language: words) == Self.everyMonday)
  }

  @Test func anotherLanguagesWordsAreNotRead() throws {
    // German words mean nothing to an English or a French user.
    #expect(Self.due("morgen 9:00", .english) == nil)
    #expect(Self.due("morgen 9:00", try Self.words("fr")) == nil)
    #expect(throws: RepeatRuleError.self) { try RepeatWords.parse("jeden Montag", language: .english) }
  }

  @Test func theLocalesDateAndTwelveHourClockReadBack() throws {
    let us = DateWords(
      translation: .english, locale: TimeLocale(datePattern: "%m/%d/%Y", twelveHour: true, am: "AM", pm: "PM"))
    #expect(Self.due("11/23/2026 9:00 AM", us) == Self.tomorrowNine)
    #expect(Self.due("tomorrow 5:30 pm", us) == [2026, 11, 23, 17, 30])
    #expect(Self.due("tomorrow 12am", us) == [2026, 11, 23, 0, 0])
    #expect(Self.due("tomorrow 13:00 pm", us) == nil)
    let german = DateWords(
      translation: try Self.translation("de"),
      locale: TimeLocale(datePattern: "%d.%m.%Y", twelveHour: false, am: "", pm: ""))
    #expect(Self.due("23.11.2026 09:00", german) == Self.tomorrowNine)
    #expect(Self.due("31.02.2026 09:00", german) == nil)
  }
}
