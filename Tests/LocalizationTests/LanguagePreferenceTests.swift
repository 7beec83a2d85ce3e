import Localization
import Testing

/// gettext's order of the environment's languages.
@Suite struct LanguagePreferenceTests {
  @Test func localesBecomeCatalogNamesBestFirst() {
    #expect(LanguagePreference.languages(environment: ["LANG": "pt_BR.UTF-8"]) == ["pt_BR", "pt"])
    #expect(
      LanguagePreference.languages(environment: ["LANG": "de_DE.UTF-8@euro"]) == ["de_DE@euro", "de_DE", "de@euro", "de"])
    #expect(LanguagePreference.languages(environment: ["LC_MESSAGES": "ru_RU.UTF-8", "LANG": "de_DE"]) == ["ru_RU", "ru"])
    #expect(LanguagePreference.languages(environment: ["LANG": "de_DE", "LANGUAGE": "fr:zh_CN"]) == ["fr", "zh_CN", "zh"])
    #expect(LanguagePreference.languages(environment: ["LANG": "POSIX", "LANGUAGE": "fr"]).isEmpty)
    #expect(LanguagePreference.languages(environment: ["LANG": "en_US.UTF-8"]).isEmpty)
  }

  @Test func catalogsAreFoundBesideTheProgramOrUnderItsPrefix() {
    #expect(
      LanguagePreference.directories(environment: [:], executable: "/usr/bin/quickdo")
        == ["/usr/bin/locale", "/usr/share/locale"])
    #expect(
      LanguagePreference.directories(environment: ["QUICKDO_LOCALEDIR": "/tmp/l"], executable: "/usr/bin/quickdo")
        == ["/tmp/l"])
  }
}
