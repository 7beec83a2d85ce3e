import Foundation

/// The languages the user asks for, in gettext's order: `LANGUAGE` (a colon-separated
/// list) unless the locale is C, then `LC_ALL`, `LC_MESSAGES`, `LANG`. Each name is tried
/// as written without its codeset, then without its region (`pt_BR.UTF-8` → `pt_BR`, `pt`).
public enum LanguagePreference {
  /// Catalog names to try, best first; empty for English.
  public static func languages(environment: [String: String]) -> [String] {
    func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    let locale = value("LC_ALL") ?? value("LC_MESSAGES") ?? value("LANG") ?? "C"
    guard locale != "C", locale != "POSIX" else { return [] }
    let asked = value("LANGUAGE").map { $0.split(separator: ":").map(String.init) } ?? [locale]
    var names: [String] = []
    for language in asked {
      // English is the messages' own language: asking for it ends the search.
      if language == "C" || language == "POSIX" || language == "en" || language.hasPrefix("en_") { break }
      for name in variants(language) where !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// `de_DE.UTF-8@euro` → `de_DE@euro`, `de_DE`, `de@euro`, `de`. A name with a slash or
  /// a dot-dot is no language and is skipped, so it can never point outside the catalogs.
  static func variants(_ name: String) -> [String] {
    guard !name.contains("/"), !name.contains(".."), name.utf8.count <= 64 else { return [] }
    var rest = Substring(name)
    var modifier = ""
    if let at = rest.firstIndex(of: "@") {
      modifier = String(rest[at...])
      rest = rest[..<at]
    }
    if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
    let language = rest.split(separator: "_", maxSplits: 1).first.map(String.init) ?? ""
    guard !language.isEmpty else { return [] }
    var names = [String(rest) + modifier, String(rest)]
    names += [language + modifier, language]
    return names.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// Where catalogs are looked for: `$QUICKDO_LOCALEDIR`; beside the executable
  /// (`locale/`, where a source build's scripts put them); and the installed prefix's
  /// `share/locale` (`/usr/bin/quickdo` → `/usr/share/locale`).
  public static func directories(environment: [String: String], executable: String?) -> [String] {
    if let directory = environment["QUICKDO_LOCALEDIR"], !directory.isEmpty { return [directory] }
    guard let executable else { return ["/usr/share/locale"] }
    let folder = (executable as NSString).deletingLastPathComponent
    return [folder + "/locale", (folder as NSString).deletingLastPathComponent + "/share/locale"]
  }
}
