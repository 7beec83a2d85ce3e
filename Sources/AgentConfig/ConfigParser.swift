import Foundation
import Localization
import Models
import TOMLKit

/// Turns config.toml text into an ``AgentConfig``: TOML syntax first (TOMLKit, whose toml++
/// core also rejects duplicate keys, with a line and column), then every key against the
/// schema, collecting every problem before giving up.
public enum ConfigParser {
  /// Files larger than this are refused unread (a config is a few KB).
  public static let maxBytes = 1 << 20

  /// The configuration `text` describes, each key it sets overriding `base` (the built-in
  /// defaults unless given), with the key paths it set.
  /// `isPrivate`: whether the file is readable by its owner only, which a `password`
  /// in a `[[sync.caldav]]` table needs.
  public static func parse(
    _ text: String, file: String, base: AgentConfig = .defaults, isPrivate: Bool = false
  ) throws(ConfigErrors) -> (config: AgentConfig, setKeys: [String]) {
    if text.utf8.count > maxBytes {
      throw ConfigErrors(.invalid, [ConfigIssue(file: file, message: tr("is larger than %s KB; not a config file?", maxBytes / 1024))])
    }
    if let nul = text.utf8.firstIndex(of: 0) {
      let line = text.utf8[..<nul].count(where: { $0 == UInt8(ascii: "\n") }) + 1
      throw ConfigErrors(.invalid, [ConfigIssue(file: file, line: line, message: tr("contains a NUL byte; not a text file?"))])
    }
    if let (line, problem) = TOMLPreflight.firstProblem(in: text) {
      throw ConfigErrors(.invalid, [ConfigIssue(file: file, line: line, message: tr("TOML syntax: %s", problem))])
    }
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw ConfigErrors(.invalid, [
        ConfigIssue(file: file, line: error.source.begin.line, message: tr("TOML syntax: %s (column %s)", error.description, error.source.begin.column))
      ])
    } catch {
      throw ConfigErrors(.invalid, [ConfigIssue(file: file, message: tr("TOML syntax: %s", error))])
    }
    let locator = KeyLocator(text: text)
    if let line = nulEscapeLine(text) {
      // TOMLKit hands strings over as C strings: the value would arrive cut at the NUL.
      let key = locator.key(onLine: line).map { "\($0): " } ?? ""
      throw ConfigErrors(.invalid, [
        ConfigIssue(file: file, line: line, message: tr("%smust not contain control or format characters (a \\u0000 escape)", key))
      ])
    }
    var reader = ConfigReader(file: file, locator: locator, config: base)
    reader.isPrivate = isPrivate
    reader.read(table, prefix: "")
    if !reader.issues.isEmpty { throw ConfigErrors(.invalid, reader.issues) }
    return (reader.config, reader.setKeys)
  }

  /// The first line with a `\u0000` or `\U00000000` escape outside a comment. Reads bytes,
  /// as ``KeyLocator`` does: every config load reads the built-in file too.
  static func nulEscapeLine(_ text: String) -> Int? {
    var number = 0
    for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      let bytes = Array(line)
      if bytes.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) == UInt8(ascii: "#") { continue }
      if [#"\u0000"#, #"\U00000000"#].contains(where: { KeyLocator.firstIndex(of: $0, in: bytes) != nil }) {
        return number
      }
    }
    return nil
  }

  /// Reads and parses the file at `path`: missing, unreadable, a directory, writable by
  /// others, not UTF-8 or too large are errors like the rest.
  public static func parseFile(
    at path: String, base: AgentConfig = .defaults
  ) throws(ConfigErrors) -> (config: AgentConfig, setKeys: [String]) {
    let text = try ConfigFile.read(path)
    return try parse(text, file: path, base: base, isPrivate: ConfigFile.isPrivate(path))
  }
}
