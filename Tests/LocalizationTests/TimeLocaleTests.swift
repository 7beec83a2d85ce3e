import Foundation
import Localization
import LocalizationRig
import Testing

/// Dates and times as glibc's locale data writes them, read back the same way.
@Suite(.serialized) struct TimeLocaleTests {
  static func locale(_ name: String) throws -> TimeLocale {
    setenv("LOCPATH", try Locales.generated([name]).path, 1)
    return TimeLocale(name: name)
  }

  @Test func eachLocaleWritesItsOwnOrderAndClock() throws {
    let german = try Self.locale("de_DE.UTF-8")
    #expect(german.date(year: 2026, month: 12, day: 5) == "05.12.2026")
    #expect(german.time(hour: 9, minute: 0) == "09:00")
    let american = try Self.locale("en_US.UTF-8")
    #expect(american.date(year: 2026, month: 12, day: 5) == "12/05/2026")
    #expect(american.time(hour: 9, minute: 0) == "9:00 AM")
    #expect(american.time(hour: 0, minute: 5) == "12:05 AM")
    #expect(american.time(hour: 17, minute: 30) == "5:30 PM")
    #expect(TimeLocale(name: "C") == .iso)
    #expect(TimeLocale(name: "xx_YY.UTF-8") == .iso, "a locale that is not installed")
  }

  @Test func aDateReadsBackAsWritten() throws {
    for name in ["de_DE.UTF-8", "en_US.UTF-8", "ja_JP.UTF-8", "nl_NL.UTF-8"] {
      let locale = try Self.locale(name)
      let text = locale.date(year: 2026, month: 12, day: 5)
      let read = try #require(locale.readDate(text), "\(name): \(text)")
      #expect(read == (2026, 12, 5), "\(name): \(text)")
    }
    #expect(TimeLocale.iso.readDate("2026-12-5x") == nil)
  }
}
