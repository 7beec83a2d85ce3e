import Foundation
import LocalizationRig
import Testing

/// The CLI in the user's language: every message through the catalogs (a pseudo-language
/// shows one that is not), German with its dates, a broken catalog falling back to English,
/// and output for machines the same in every language.
@Suite struct CLILanguageTests {
  /// What a message may keep raw: the program's name, the todos' own text, ids, numbers,
  /// paths, config keys, flags and links. Anything else with letters came from no catalog.
  static func englishLeft(in text: String, raw: [String]) -> [String] {
    var rest = Catalogs.unmarked(text)
    for word in raw { rest = rest.replacingOccurrences(of: word, with: " ") }
    return rest.split(whereSeparator: { $0.isWhitespace }).map(String.init).filter { token in
      let identifier = token.contains("/") || token.contains(".") || token.contains("_") || token.hasPrefix("--")
      let letters = token.filter { $0.isASCII && $0.isLetter }
      return !identifier && !(token.allSatisfy(\.isHexDigit) && token.count >= 4) && letters.count >= 2
        && token != "quickdo:"
    }
  }

  @Test func everyMessageOfTheCLIComesFromTheCatalog() throws {
    let q = try QuickdoProcess()
    let pseudo = try Catalogs.pseudo()
    let language = ["LANGUAGE": Catalogs.pseudoLanguage, "LANG": "C.UTF-8", "QUICKDO_LOCALEDIR": pseudo.path]
    let brokenConfig = q.directory.appendingPathComponent("broken.toml")
    try "[actions]\ndone_label = 3\nsnoze = true\n".write(to: brokenConfig, atomically: true, encoding: .utf8)
    let importFile = q.directory.appendingPathComponent("import.json")
    try #"[{"id":"6f1f0f6e-7a1c-4f35-9d53-1c7c0f7c1a11","title":"Vrk","isComplete":false,"priority":"normal","createdAt":"2026-01-01T00:00:00Z"}]"#
      .write(to: importFile, atomically: true, encoding: .utf8)

    let first = try q.run(["add", "Qwx", "--due", "in 2h", "--tag", "kpq"], environment: language)
    #expect(first.status == 0, "\(first.stderr)")
    let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let second = try q.run(["add", "Zyv", "--repeat", "daily", "--due", "9:00", "--parent", id], environment: language)
    let child = second.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try q.run(["snooze", child, "30m"], environment: language).status == 0)
    #expect(try q.run(["add", "Jwm", "--due", "2020-01-01 10:00"], environment: language).status == 0)

    let runs: [(arguments: [String], status: Int32)] = [
      (["list"], 0), (["list", "--all"], 0), (["lists"], 0),
      (["import", importFile.path], 0), (["import", importFile.path], 0),
      (["done", "ffff0000"], 1), (["undo", "zz"], 1),
      (["add", ""], 65), (["add", "X", "--due", "whenever"], 65), (["add", "X", "--repeat", "sometimes"], 65),
      (["add", "X", "--repeat", "FREQ=HOURLY"], 65), (["add", "X", "--url", "ftp://x"], 65),
      (["add", "X", "--repeat", "daily"], 65), (["add", "X", "--list", " "], 65),
      (["snooze", id, "forever"], 65), (["edit", id, "--parent", child], 65),
      (["open", "quickdo://nope"], 65), (["open", "quickdo://todo/\(id.prefix(8))/done"], 65),
      (["import", "/nonexistent.json"], 66), (["--config", brokenConfig.path, "config", "check"], 65),
      (["config", "check"], 0), (["done", id], 0), (["snooze", id], 1),
    ]
    let raw = ["Qwx", "Zyv", "Vrk", "Jwm", "#kpq", "Todos", "[x]", "[ ]", "ffff0000", "zz", "whenever", "sometimes", "forever",
      "nope", "FREQ=HOURLY", "ftp://x", "done_label", "snoze"]
    for run in runs {
      let result = try q.run(run.arguments, environment: language)
      #expect(result.status == run.status, "\(run.arguments): \(result.stderr)")
      let left = Self.englishLeft(in: result.stdout + "\n" + result.stderr, raw: raw)
      #expect(left.isEmpty, "\(run.arguments) printed words from no catalog: \(left)\n\(result.stdout)\(result.stderr)")
      // And in English, the same exit status.
      #expect(try q.run(run.arguments).status == run.status || run.arguments.first == "import", "\(run.arguments)")
    }
    // --help: each command's abstract comes from the catalog (ArgumentParser writes the rest).
    for command in ["add", "list", "lists", "done", "undo", "rm", "edit", "snooze", "clear", "import", "open", "config"] {
      let help = try q.run([command, "--help"], environment: language).stdout
      #expect(help.hasPrefix("OVERVIEW: ⟦"), "\(command): \(help.prefix(80))")
    }
  }

  @Test func germanSpeaksGermanAndReadsGermanDates() throws {
    let q = try QuickdoProcess()
    let catalogs = try Catalogs.compiled(["de"])
    let german = [
      "LANG": "de_DE.UTF-8", "QUICKDO_LOCALEDIR": catalogs.path,
      "LOCPATH": try Locales.generated(["de_DE.UTF-8"]).path,
    ]
    let added = try q.run(["add", "Blumen gießen", "--due", "morgen 9:00", "--repeat", "jeden Montag"], environment: german)
    #expect(added.status == 0, "\(added.stderr)")
    let list = try q.run(["list"], environment: german).stdout
    #expect(list.contains("Blumen gießen"))
    #expect(list.contains("jeden Montag um 09:00"), "\(list)")
    let missing = try q.run(["done", "ffff0000"], environment: german)
    #expect(missing.status == 1)
    #expect(missing.stderr == "quickdo: keine Aufgabe mit der ID 'ffff0000'\n")
    // What a machine reads stays as it is in every language.
    #expect(try q.run(["list", "--json"], environment: german).stdout == q.run(["list", "--json"]).stdout)
  }

  @Test func aBrokenCatalogFallsBackToEnglishAndLosesNothing() throws {
    let q = try QuickdoProcess()
    let catalogs = try Catalogs.compiled(["de"])
    let mo = catalogs.appendingPathComponent("de/LC_MESSAGES/quickdo.mo")
    let whole = try Data(contentsOf: mo)
    try whole.prefix(whole.count / 3).write(to: mo)
    let german = ["LANG": "de_DE.UTF-8", "QUICKDO_LOCALEDIR": catalogs.path]
    let missing = try q.run(["done", "ffff0000"], environment: german)
    #expect(missing.status == 1)
    #expect(missing.stderr == "quickdo: no todo with id 'ffff0000'\n")
    #expect(try q.run(["add", "Tee kochen"], environment: german).status == 0)
    #expect(try q.run(["list"], environment: german).stdout.contains("Tee kochen"))
  }
}
