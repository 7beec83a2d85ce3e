import Foundation
import Localization
import LocalizationRig
import Testing

/// Which language a message comes out in: the languages asked for, in order, each message
/// from the first catalog that has a usable translation of it, else English.
@Suite struct TranslationTests {
  static func catalogs(_ languages: [String]) throws -> URL { try Catalogs.compiled(languages) }

  static func environment(_ values: [String: String], _ directory: URL) -> Translation {
    Translation(environment: values.merging(["QUICKDO_LOCALEDIR": directory.path]) { $1 }, executable: nil)
  }

  @Test func theLocaleOrLanguageListPicksTheCatalog() throws {
    let directory = try Self.catalogs(["de", "fr", "pt_BR"])
    #expect(Self.environment(["LANG": "de_DE.UTF-8"], directory).tr("Done: %s", "X") == "Erledigt: X")
    #expect(Self.environment(["LANG": "pt_BR.UTF-8"], directory).tr("Done: %s", "X") == "Concluída: X")
    #expect(Self.environment(["LANG": "C.UTF-8", "LANGUAGE": "fr:de"], directory).tr("Done: %s", "X") == "Terminé : X")
    // LC_ALL outranks LANG; LANGUAGE outranks both, unless the locale is C.
    #expect(Self.environment(["LANG": "fr_FR.UTF-8", "LC_ALL": "de_DE.UTF-8"], directory).tr("Done: %s", "X") == "Erledigt: X")
    #expect(Self.environment(["LC_ALL": "C", "LANGUAGE": "de"], directory).tr("Done: %s", "X") == "Done: X")
    #expect(Self.environment([:], directory).tr("Done: %s", "X") == "Done: X")
  }

  @Test func aLanguageWithNoCatalogFallsToTheNextOrToEnglish() throws {
    let directory = try Self.catalogs(["de"])
    #expect(Self.environment(["LANG": "C.UTF-8", "LANGUAGE": "xx"], directory).tr("Done: %s", "X") == "Done: X")
    #expect(Self.environment(["LANG": "C.UTF-8", "LANGUAGE": "xx:de"], directory).tr("Done: %s", "X") == "Erledigt: X")
    // English asked for first means English, though German is listed after it.
    #expect(Self.environment(["LANG": "C.UTF-8", "LANGUAGE": "en:de"], directory).tr("Done: %s", "X") == "Done: X")
    // A name that would leave the catalog directory is no language.
    #expect(Self.environment(["LANG": "../../de"], directory).tr("Done: %s", "X") == "Done: X")
  }

  @Test func aBrokenCatalogFallsBackWithoutLosingAnArgument() throws {
    let directory = try Self.catalogs(["de"])
    // A first language whose catalog lost a placeholder, added one, or is truncated.
    try Catalogs.compile(
      po: """
        msgid ""
        msgstr "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "Done: %s"
        msgstr "Fertig"

        msgid "Due %s"
        msgstr "Fällig %s %s"

        """, language: "yy", into: directory)
    let broken = directory.appendingPathComponent("zz/LC_MESSAGES")
    try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
    let good = try Data(contentsOf: directory.appendingPathComponent("de/LC_MESSAGES/quickdo.mo"))
    try good.prefix(good.count / 2).write(to: broken.appendingPathComponent("quickdo.mo"))

    let faulty = Self.environment(["LANG": "C.UTF-8", "LANGUAGE": "yy"], directory)
    #expect(faulty.tr("Done: %s", "Buy milk") == "Done: Buy milk")
    #expect(faulty.tr("Due %s", "today") == "Due today")
    let next = Self.environment(["LANG": "C.UTF-8", "LANGUAGE": "zz:yy:de"], directory)
    #expect(next.tr("Done: %s", "Buy milk") == "Erledigt: Buy milk")
    #expect(next.trc("button", "Done") == "Erledigt")
  }

  @Test func buttonsAndStatesAreToldApartByContext() throws {
    let german = Self.environment(["LANG": "de_DE.UTF-8"], try Self.catalogs(["de"]))
    #expect(german.trc("button", "Done") == "Erledigt")
    #expect(german.trc("button", "Snooze") == "Schlummern")
    #expect(german.tr("Done: %s", "X") == "Erledigt: X")
    #expect(german.tr("already done") == "bereits erledigt")
  }
}
