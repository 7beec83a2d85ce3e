import Foundation
import Localization
import LocalizationRig
import Models
import Testing

/// The snooze and due wording at 1, 2, 5 and 22 units, in languages with two plural forms
/// (German) and three (Polish, Russian), from the shipped catalogs.
@Suite struct DurationTextTests {
  static let catalogs = Result { try Catalogs.compiled(["de", "pl", "ru"]) }

  static func translation(_ language: String) throws -> Translation {
    Translation(languages: [language], directories: [try catalogs.get().path])
  }

  @Test(arguments: [
    ("de", ["fällig in 1 Minute", "fällig in 2 Minuten", "fällig in 5 Minuten", "fällig in 22 Minuten"]),
    ("pl", ["termin za 1 minutę", "termin za 2 minuty", "termin za 5 minut", "termin za 22 minuty"]),
    ("ru", ["срок через 1 минуту", "срок через 2 минуты", "срок через 5 минут", "срок через 22 минуты"]),
  ])
  func dueInMinutes(language: String, expected: [String]) throws {
    let t = try Self.translation(language)
    #expect([1, 2, 5, 22].map { DurationText.dueIn(Double($0) * 60, translation: t) } == expected)
  }

  @Test(arguments: [
    ("de", ["seit 1 Tag überfällig", "seit 2 Tagen überfällig", "seit 5 Tagen überfällig", "seit 22 Tagen überfällig"]),
    ("pl", ["po terminie o 1 dzień", "po terminie o 2 dni", "po terminie o 5 dni", "po terminie o 22 dni"]),
    ("ru", ["просрочено на 1 день", "просрочено на 2 дня", "просрочено на 5 дней", "просрочено на 22 дня"]),
  ])
  func overdueByDays(language: String, expected: [String]) throws {
    let t = try Self.translation(language)
    #expect([1, 2, 5, 22].map { DurationText.overdue(-Double($0) * 86_400, translation: t) } == expected)
  }

  @Test(arguments: [
    ("de", [
      "noch 1 Stunde zurückgestellt, bis 10:00", "noch 2 Stunden zurückgestellt, bis 10:00",
      "noch 5 Stunden zurückgestellt, bis 10:00", "noch 22 Stunden zurückgestellt, bis 10:00",
    ]),
    ("pl", [
      "odłożone jeszcze o 1 godzinę, do 10:00", "odłożone jeszcze o 2 godziny, do 10:00",
      "odłożone jeszcze o 5 godzin, do 10:00", "odłożone jeszcze o 22 godziny, do 10:00",
    ]),
    ("ru", [
      "отложено ещё на 1 час, до 10:00", "отложено ещё на 2 часа, до 10:00", "отложено ещё на 5 часов, до 10:00",
      "отложено ещё на 22 часа, до 10:00",
    ]),
  ])
  func snoozedForHours(language: String, expected: [String]) throws {
    let t = try Self.translation(language)
    #expect([1, 2, 5, 22].map { DurationText.snoozed(Double($0) * 3600, until: "10:00", translation: t) } == expected)
  }

  @Test func englishSaysTheSameWithoutACatalog() {
    #expect(DurationText.dueIn(60, translation: .english) == "due in 1 minute")
    #expect(DurationText.dueIn(22 * 3600, translation: .english) == "due in 22 hours")
    #expect(DurationText.overdue(-2 * 86_400, translation: .english) == "overdue by 2 days")
    #expect(DurationText.snoozed(90 * 60, until: "10:00", translation: .english) == "snoozed for 2 more hours, until 10:00")
  }
}
