import Foundation
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
  public static func parse(
    _ text: String, file: String, base: AgentConfig = .defaults
  ) throws(ConfigErrors) -> (config: AgentConfig, setKeys: [String]) {
    if text.utf8.count > maxBytes {
      throw ConfigErrors(.invalid, [ConfigIssue(file: file, message: "is larger than \(maxBytes / 1024) KB; not a config file?")])
    }
    if let nul = text.utf8.firstIndex(of: 0) {
      let line = text.utf8[..<nul].count(where: { $0 == UInt8(ascii: "\n") }) + 1
      throw ConfigErrors(.invalid, [ConfigIssue(file: file, line: line, message: "contains a NUL byte; not a text file?")])
    }
    if let (line, problem) = TOMLPreflight.firstProblem(in: text) {
      throw ConfigErrors(.invalid, [ConfigIssue(file: file, line: line, message: "TOML syntax: " + problem)])
    }
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw ConfigErrors(.invalid, [
        ConfigIssue(file: file, line: error.source.begin.line, message: "TOML syntax: \(error.description) (column \(error.source.begin.column))")
      ])
    } catch {
      throw ConfigErrors(.invalid, [ConfigIssue(file: file, message: "TOML syntax: \(error)")])
    }
    var reader = ConfigReader(file: file, locator: KeyLocator(text: text), config: base)
    reader.read(table, prefix: "")
    if !reader.issues.isEmpty { throw ConfigErrors(.invalid, reader.issues) }
    return (reader.config, reader.setKeys)
  }

  /// Reads and parses the file at `path`: missing, unreadable, a directory, writable by
  /// others, not UTF-8 or too large are errors like the rest.
  public static func parseFile(
    at path: String, base: AgentConfig = .defaults
  ) throws(ConfigErrors) -> (config: AgentConfig, setKeys: [String]) {
    let text = try ConfigFile.read(path)
    return try parse(text, file: path, base: base)
  }
}
