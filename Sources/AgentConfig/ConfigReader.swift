import Foundation
import Localization
import TOMLKit

/// Walks a parsed TOML table against ``ConfigSchema``: known keys are applied, anything
/// else (unknown keys and sections, wrong types, bad values) becomes an issue.
struct ConfigReader {
  let file: String
  let locator: KeyLocator
  /// Whether the file is readable by its owner only (it may then hold passwords).
  var isPrivate = false
  var config: AgentConfig
  var issues: [ConfigIssue] = []
  var setKeys: [String] = []

  init(file: String, locator: KeyLocator, config: AgentConfig) {
    self.file = file
    self.locator = locator
    self.config = config
  }

  mutating func read(_ table: TOMLTable, prefix: String) {
    let keys = table.keys.sorted {
      (locator.line(of: join(prefix, $0)) ?? .max, $0) < (locator.line(of: join(prefix, $1)) ?? .max, $1)
    }
    for key in keys {
      guard let value = table[key] else { continue }
      let path = join(prefix, key)
      if path == "sync.caldav" {
        let (accounts, problems) = SyncAccountReader(isPrivate: isPrivate).read(value)
        for (key, message) in problems { issue(key, message) }
        config.syncAccounts = accounts
        if problems.isEmpty { setKeys.append(path) }
        continue
      }
      if ConfigSchema.sections.contains(path) {
        if let section = value.table {
          read(section, prefix: path)
        } else {
          issue(path, tr("must be a table ([%s]), not %s", path, describe(value)))
        }
        continue
      }
      guard let field = ConfigSchema.fields[ConfigSchema.formerNames[path] ?? path] else {
        let known = prefix.isEmpty ? ConfigSchema.topLevel : ConfigSchema.keys(in: prefix)
        let what = prefix.isEmpty ? tr("unknown section or key") : tr("unknown key in [%s]", prefix)
        let hint = Suggestion.closest(to: key, in: known).map { tr("; did you mean \"%s\"?", $0) } ?? ""
        issue(path, what + hint + tr(" (known: %s)", known.joined(separator: ", ")))
        continue
      }
      switch field.apply(&config, value) {
      case .success: setKeys.append(ConfigSchema.formerNames[path] ?? path)
      case let .failure(problem): issue(path, problem.message)
      }
    }
  }

  private mutating func issue(_ path: String, _ message: String) {
    issues.append(ConfigIssue(file: file, key: path, line: locator.line(of: path), message: message))
  }

  private func join(_ prefix: String, _ key: String) -> String {
    prefix.isEmpty ? key : prefix + "." + key
  }
}

/// The type of a TOML value in words, for messages: "an integer (50)".
func describe(_ value: TOMLValueConvertible) -> String {
  switch value.type {
  case .string: tr("a string (\"%s\")", value.string ?? "")
  case .int: tr("an integer (%s)", value.int ?? 0)
  case .double: tr("a number (%s)", value.double ?? 0)
  case .bool: tr("a boolean (%s)", value.bool ?? false)
  case .array: tr("an array")
  case .table: "a table"
  case .date, .time, .dateTime: "a date/time"
  }
}

/// The known name closest to a misspelt one, if any is close.
enum Suggestion {
  static func closest(to word: String, in candidates: [String]) -> String? {
    candidates
      .map { ($0, distance(word.lowercased(), $0)) }
      .filter { $0.1 <= max(2, word.count / 3) }
      .min { $0.1 < $1.1 }?.0
  }

  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
