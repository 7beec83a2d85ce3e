import Foundation

/// The project's translations for tests, compiled at test time with GNU msgfmt as the
/// package build compiles them, and a pseudo-language whose every message is its English
/// in ⟦…⟧, so a test can tell a message that went through the catalogs from one that did
/// not.
public enum Catalogs {
  /// The repository's root.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A fresh directory holding `po/<language>.po` compiled for each language, laid out as
  /// `QUICKDO_LOCALEDIR` wants it.
  public static func compiled(_ languages: [String]) throws -> URL {
    let directory = try freshDirectory("catalogs")
    for language in languages {
      let po = try String(contentsOf: root.appendingPathComponent("po/\(language).po"), encoding: .utf8)
      try compile(po: po, language: language, into: directory)
    }
    return directory
  }

  /// A fresh directory holding the pseudo-language `xx`: every message of po/quickdo.pot
  /// translated as `⟦English⟧`, placeholders kept.
  public static func pseudo() throws -> URL {
    let directory = try freshDirectory("pseudo")
    try compile(po: pseudoCatalog(), language: pseudoLanguage, into: directory)
    return directory
  }

  /// The pseudo-language's name.
  public static let pseudoLanguage = "xx"

  /// `po` compiled with `msgfmt --check` into `directory/<language>/LC_MESSAGES/quickdo.mo`.
  public static func compile(po: String, language: String, into directory: URL) throws {
    let folder = directory.appendingPathComponent("\(language)/LC_MESSAGES")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let source = folder.appendingPathComponent("quickdo.po")
    try po.write(to: source, atomically: true, encoding: .utf8)
    try run("/usr/bin/msgfmt", ["--check", "-o", folder.appendingPathComponent("quickdo.mo").path, source.path])
  }

  /// The template with every msgstr the msgid in marks.
  static func pseudoCatalog() throws -> String {
    let template = try String(contentsOf: root.appendingPathComponent("po/quickdo.pot"), encoding: .utf8)
    var out = """
      msgid ""
      msgstr ""
      "Project-Id-Version: quickdo\\n"
      "PO-Revision-Date: 2026-01-01 00:00+0000\\n"
      "Last-Translator: tests\\n"
      "Language-Team: pseudo\\n"
      "Language: xx\\n"
      "MIME-Version: 1.0\\n"
      "Content-Type: text/plain; charset=UTF-8\\n"
      "Content-Transfer-Encoding: 8bit\\n"
      "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

      """
    for entry in template.components(separatedBy: "\n\n").dropFirst() {
      let lines = entry.split(separator: "\n").map(String.init)
      /// The escaped text of the keyword's string, its continuation lines joined.
      func text(_ keyword: String) -> String? {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(keyword + " \"") }) else { return nil }
        var value = String(lines[start].dropFirst(keyword.count + 2).dropLast())
        for line in lines[(start + 1)...] {
          guard line.hasPrefix("\"") else { break }
          value += String(line.dropFirst().dropLast())
        }
        return value
      }
      guard let msgid = text("msgid") else { continue }
      if let context = text("msgctxt") { out += "msgctxt \"\(context)\"\n" }
      out += "msgid \"\(msgid)\"\n"
      if let plural = text("msgid_plural") {
        out += "msgid_plural \"\(plural)\"\nmsgstr[0] \"\(marked(msgid))\"\nmsgstr[1] \"\(marked(plural))\"\n\n"
      } else {
        out += "msgstr \"\(marked(msgid))\"\n\n"
      }
    }
    return out
  }

  /// An escaped message in marks; a line break it starts or ends with stays outside them,
  /// as msgfmt wants.
  static func marked(_ escaped: String) -> String {
    var text = Substring(escaped)
    var before = "", after = ""
    while text.hasPrefix("\\n") { before += "\\n"; text = text.dropFirst(2) }
    while text.hasSuffix("\\n") { after += "\\n"; text = text.dropLast(2) }
    return before + "⟦" + text + "⟧" + after
  }

  /// `text` with every ⟦…⟧ span (and spans within it) taken out: what did not come from a
  /// catalog.
  public static func unmarked(_ text: String) -> String {
    var out = ""
    var depth = 0
    for character in text {
      if character == "⟦" {
        depth += 1
      } else if character == "⟧", depth > 0 {
        depth -= 1
      } else if depth == 0 {
        out.append(character)
      }
    }
    return out
  }

  static func freshDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quickdo-\(name)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CatalogError("\(program) \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))")
    }
  }
}

/// glibc locales for tests that check dates as a locale writes them, made with localedef
/// into a directory of this process's, which `LOCPATH` points glibc at: no root, and the
/// machine's own locales untouched.
public enum Locales {
  /// The directory for `LOCPATH`, holding `names` (`de_DE.UTF-8`).
  public static func generated(_ names: [String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-locales-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for name in names where !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path) {
      let parts = name.split(separator: ".")
      try Catalogs.run(
        "/usr/bin/localedef", ["-i", String(parts[0]), "-f", "UTF-8", "-c", directory.appendingPathComponent(name).path])
    }
    return directory
  }
}

public struct CatalogError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
