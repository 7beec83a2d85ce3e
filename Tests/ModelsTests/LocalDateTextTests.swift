import Foundation
import Localization
import LocalizationRig
import Models
import Testing

/// Dates as the user's language and locale say them: "morgen 09:00", "demain 09:00",
/// "tomorrow 9:00 AM"; and a rule in words.
@Suite(.serialized) struct LocalDateTextTests {
  static let catalogs = Result { try Catalogs.compiled(["de", "fr"]) }

  static func translation(_ language: String) throws -> Translation {
    Translation(languages: [language], directories: [try catalogs.get().path])
  }

  static func locale(_ name: String) throws -> TimeLocale {
    setenv("LOCPATH", try Locales.generated([name]).path, 1)
    return TimeLocale(name: name)
  }

  /// Today at noon, and tomorrow at 09:00, in this process's zone.
  static func moments() -> (now: Date, tomorrowNine: Date) {
    let calendar = Calendar.current
    let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: Date())!
    let nine = calendar.date(bySettingHour: 9, minute: 0, second: 0, of: calendar.date(byAdding: .day, value: 1, to: noon)!)!
    return (noon, nine)
  }

  @Test func tomorrowInEachLanguageAndClock() throws {
    let (now, nine) = Self.moments()
    #expect(
      LocalDateText.relative(nine, now: now, locale: try Self.locale("de_DE.UTF-8"), translation: try Self.translation("de"))
        == "morgen 09:00")
    #expect(
      LocalDateText.relative(nine, now: now, locale: try Self.locale("fr_FR.UTF-8"), translation: try Self.translation("fr"))
        == "demain 09:00")
    #expect(
      LocalDateText.relative(nine, now: now, locale: try Self.locale("en_US.UTF-8"), translation: .english)
        == "tomorrow 9:00 AM")
    #expect(LocalDateText.relative(nine, now: now, locale: .iso, translation: .english) == "tomorrow 09:00")
  }

  @Test func furtherAwayADateIsTheLocalesOwn() throws {
    let (now, nine) = Self.moments()
    let later = Calendar.current.date(byAdding: .day, value: 10, to: nine)!
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: later)
    let german = String(format: "%02d.%02d.%04d 09:00", parts.day!, parts.month!, parts.year!)
    #expect(LocalDateText.relative(later, now: now, locale: try Self.locale("de_DE.UTF-8"), translation: try Self.translation("de")) == german)
  }

  @Test func aRuleInGerman() throws {
    let t = try Self.translation("de")
    let weekdays = RepeatRule(.weekly, byDay: [.monday, .tuesday, .wednesday, .thursday, .friday].map { RepeatRule.Day($0) })
    #expect(weekdays.words(at: "09:00", translation: t) == "jeden Werktag um 09:00")
    let twoDays = RepeatRule(.weekly, byDay: [RepeatRule.Day(.monday), RepeatRule.Day(.thursday)])
    #expect(twoDays.words(at: "09:00", translation: t) == "jeden Montag, Donnerstag um 09:00")
    #expect(RepeatRule(.weekly, interval: 2, byDay: [RepeatRule.Day(.friday)]).words(translation: t) == "alle 2 Wochen am Freitag")
    #expect(RepeatRule(.monthly, byMonthDay: [1]).words(translation: t) == "jeden Monat am 1.")
    #expect(RepeatRule(.daily, end: .count(3)).words(translation: t) == "jeden Tag, 3 Mal")
  }
}
