import Foundation
import Localization
import Models
import NotificationLayout
import TOMLKit

/// Every section and key config.toml may contain, with its type, allowed values and where
/// it goes in ``AgentConfig``. Adding a key means adding a line here, a field there, and
/// its commented default in data/config.toml (a test checks they agree).
enum ConfigSchema {
  struct Problem: Error {
    let message: String
  }

  struct Field: Sendable {
    /// The value of this key in `config`, written as TOML.
    let render: @Sendable (AgentConfig) -> String
    let apply: @Sendable (inout AgentConfig, TOMLValueConvertible) -> Result<Void, Problem>
    /// Whether `config` leaves this key unset (a label in the user's language).
    var isUnset: @Sendable (AgentConfig) -> Bool = { _ in false }
  }

  static let sections: Set<String> = [
    "notifications", "notifications.urgency", "actions", "selection", "reminders", "todos", "storage", "dnd", "launchers",
    "sync",
  ]

  static let fields: [String: Field] = [
    "notifications.layout": choice(\.layout),
    "notifications.max": integer(\.max, 1...20),
    "notifications.expire_timeout": integer(\.expireTimeout, -1...86_400_000),
    "notifications.app_name": text(\.appName, allowEmpty: false),
    "notifications.icon": text(\.icon, allowEmpty: true),
    "notifications.server_timeout": duration(\.serverTimeout, 1...25),
    "notifications.urgency.low": urgency(.low),
    "notifications.urgency.normal": urgency(.normal),
    "notifications.urgency.high": urgency(.high),
    "actions.done_label": label(\.doneLabel) { QuickActionRules().doneLabel },
    "actions.snooze": flag(\.snooze),
    "actions.snooze_label": label(\.snoozeLabel) { QuickActionRules().snoozeLabel },
    "actions.snooze_duration": duration(\.snoozeDuration, 60...(30 * 86_400)),
    "actions.open_link": flag(\.openLink),
    "actions.open_label": label(\.openLabel) { QuickActionRules().openLabel },
    "actions.default": choice(\.defaultAction),
    "actions.dismiss_snoozes_for": duration(\.dismissSnoozesFor, 0...(30 * 86_400)),
    "actions.undo_window": duration(\.undoWindow, 0...3600),
    "selection.order": order(),
    "selection.min_priority": choice(\.minPriority),
    "selection.lists": names(\.selectedLists, of: "list"),
    "selection.exclude_lists": names(\.excludedLists, of: "list"),
    "selection.tags": names(\.selectedTags, of: "tag"),
    "selection.exclude_tags": names(\.excludedTags, of: "tag"),
    "todos.default_list": text(\.defaultList, allowEmpty: false),
    "reminders.enabled": flag(\.remindersEnabled),
    "reminders.default": durationOrNone(\.reminderDefault, 0...(7 * 86_400)),
    "storage.database": text(\.database, allowEmpty: true),
    "dnd.follow": flag(\.followsDoNotDisturb),
    "dnd.quiet_hours": quietHours(\.quietHours),
    "dnd.show_each": integer(\.showEach, 0...20),
    "dnd.pass": choice(\.quietPass),
    "launchers.terminal": command(\.launcherTerminal),
  ]

  /// Keys read under their older names, which configs written for an earlier version use.
  static let formerNames = ["reminders.lead_time": "reminders.default"]

  static var topLevel: [String] { sections.filter { !$0.contains(".") }.sorted() }

  static func keys(in section: String) -> [String] {
    if section == "sync" { return ["caldav"] }
    let direct = fields.keys.filter { $0.hasPrefix(section + ".") }.map { String($0.dropFirst(section.count + 1)) }
    let subsections = sections.filter { $0.hasPrefix(section + ".") }.map { String($0.dropFirst(section.count + 1)) }
    return Set((direct + subsections).map { $0.split(separator: ".")[0] }).map(String.init).sorted()
  }

  // MARK: Field kinds

  /// A button's label: unset, the word of the user's language (`translated`), which is what
  /// `config show` shows for it.
  static func label(
    _ key: WritableKeyPath<AgentConfig, String?> & Sendable, translated: @escaping @Sendable () -> String
  ) -> Field {
    Field(
      render: { quoted($0[keyPath: key] ?? translated()) },
      apply: { config, value in validText(value, allowEmpty: false).map { config[keyPath: key] = $0 } },
      isUnset: { $0[keyPath: key] == nil })
  }

  static func text(_ key: WritableKeyPath<AgentConfig, String> & Sendable, allowEmpty: Bool) -> Field {
    Field(render: { quoted($0[keyPath: key]) }) { config, value in
      validText(value, allowEmpty: allowEmpty).map { config[keyPath: key] = $0 }
    }
  }

  /// A string of at most 200 characters with nothing invisible in it.
  static func validText(_ value: TOMLValueConvertible, allowEmpty: Bool) -> Result<String, Problem> {
    guard let string = value.string else { return .failure(Problem(message: tr("must be a string, not %s", describe(value)))) }
    if !allowEmpty, string.trimmingCharacters(in: .whitespaces).isEmpty {
      return .failure(Problem(message: tr("must not be empty")))
    }
    if string.count > 200 { return .failure(Problem(message: tr("is longer than 200 characters"))) }
    if TerminalText.hasInvisibles(string) {
      return .failure(Problem(message: tr("must not contain control or format characters")))
    }
    return .success(string)
  }

  static func flag(_ key: WritableKeyPath<AgentConfig, Bool> & Sendable) -> Field {
    Field(render: { "\($0[keyPath: key])" }) { config, value in
      guard value.type == .bool, let flag = value.bool else {
        return .failure(Problem(message: tr("must be true or false, not %s", describe(value))))
      }
      config[keyPath: key] = flag
      return .success(())
    }
  }

  static func integer(_ key: WritableKeyPath<AgentConfig, Int> & Sendable, _ range: ClosedRange<Int>) -> Field {
    Field(render: { "\($0[keyPath: key])" }) { config, value in
      guard value.type == .int, let number = value.int else {
        return .failure(Problem(message: tr("must be a whole number from %s to %s, not %s", range.lowerBound, range.upperBound, describe(value))))
      }
      guard range.contains(number) else {
        return .failure(Problem(message: tr("must be from %s to %s, not %s", range.lowerBound, range.upperBound, number)))
      }
      config[keyPath: key] = number
      return .success(())
    }
  }

  static func duration(_ key: WritableKeyPath<AgentConfig, TimeInterval> & Sendable, _ range: ClosedRange<TimeInterval>) -> Field {
    Field(render: { quoted(QuickDuration.format($0[keyPath: key])) }) { config, value in
      seconds(value, range, orNone: false).map { config[keyPath: key] = $0 }
    }
  }

  /// A duration as ``duration(_:_:)`` reads one, or "none" (nil).
  static func durationOrNone(
    _ key: WritableKeyPath<AgentConfig, TimeInterval?> & Sendable, _ range: ClosedRange<TimeInterval>
  ) -> Field {
    Field(render: { quoted($0[keyPath: key].map(QuickDuration.format) ?? "none") }) { config, value in
      if value.string == "none" {
        config[keyPath: key] = nil
        return .success(())
      }
      return seconds(value, range, orNone: true).map { config[keyPath: key] = $0 }
    }
  }

  /// The seconds `value` names: a string such as "15m", within `range`.
  static func seconds(_ value: TOMLValueConvertible, _ range: ClosedRange<TimeInterval>, orNone: Bool) -> Result<TimeInterval, Problem> {
    let bounds = tr("from %s to %s", QuickDuration.format(range.lowerBound), QuickDuration.format(range.upperBound))
    guard let text = value.string else {
      return .failure(Problem(message: orNone
        ? tr("must be \"none\" or a duration such as \"90s\", \"15m\", \"1h\" or \"1d\" (%s), not %s", bounds, describe(value))
        : tr("must be a duration such as \"90s\", \"15m\", \"1h\" or \"1d\" (%s), not %s", bounds, describe(value))))
    }
    guard let seconds = ConfigDuration.seconds(text) else {
      return .failure(Problem(message: tr("\"%s\" is not a duration; write a whole number and a unit: \"90s\", \"15m\", \"1h\", \"1d\"", text)))
    }
    guard range.contains(seconds) else {
      return .failure(Problem(message: tr("must be %s, not \"%s\"", bounds, text)))
    }
    return .success(seconds)
  }

  static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
    _ key: WritableKeyPath<AgentConfig, Value> & Sendable
  ) -> Field where Value.RawValue == String {
    let values = Dictionary(uniqueKeysWithValues: Value.allCases.map { ($0.rawValue, $0) })
    let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    return Field(render: { quoted($0[keyPath: key].rawValue) }) { config, value in
      guard let text = value.string, let choice = values[text] else {
        return .failure(Problem(message: tr("must be one of %s, not %s", allowed, describe(value))))
      }
      config[keyPath: key] = choice
      return .success(())
    }
  }

  static func urgency(_ priority: Priority) -> Field {
    let names: [String: QuickAction.Urgency] = ["low": .low, "normal": .normal, "critical": .critical]
    return Field(render: { config in
      quoted(names.first { $0.value == config.urgency[priority] }?.key ?? "normal")
    }) { config, value in
      guard let text = value.string, let urgency = names[text] else {
        return .failure(Problem(message: tr("must be one of \"low\", \"normal\", \"critical\", not %s", describe(value))))
      }
      config.urgency[priority] = urgency
      return .success(())
    }
  }

  /// A list of names (lists, tags), each once.
  static func names(_ key: WritableKeyPath<AgentConfig, [String]> & Sendable, of kind: String) -> Field {
    Field(render: { "[" + $0[keyPath: key].map(quoted).joined(separator: ", ") + "]" }) { config, value in
      guard let array = value.array else {
        return .failure(Problem(message: tr("must be a list of %s names, not %s", kind, describe(value))))
      }
      var names: [String] = []
      for element in array {
        guard let name = element.string, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
          return .failure(Problem(message: tr("may only contain %s names (non-empty strings), not %s", kind, describe(element))))
        }
        if TerminalText.hasInvisibles(name) {
          return .failure(Problem(message: tr("must not contain control or format characters")))
        }
        if names.contains(name) { return .failure(Problem(message: tr("names %s twice", quoted(name)))) }
        names.append(name)
      }
      config[keyPath: key] = names
      return .success(())
    }
  }

  /// Daily stretches of time, each "HH:MM-HH:MM" (24-hour times; past midnight runs into the
  /// next day).
  static func quietHours(_ key: WritableKeyPath<AgentConfig, [QuietHours]> & Sendable) -> Field {
    Field(render: { "[" + $0[keyPath: key].map { quoted($0.text) }.joined(separator: ", ") + "]" }) { config, value in
      let problem = Problem(message: tr("must be a list of time ranges such as [\"22:00-07:00\"], not %s", describe(value)))
      guard let array = value.array, array.count <= 24 else { return .failure(problem) }
      var ranges: [QuietHours] = []
      for element in array {
        guard let text = element.string, let range = QuietHours(text: text) else {
          return .failure(Problem(message: tr("must be a list of time ranges such as [\"22:00-07:00\"], not %s", describe(element))))
        }
        ranges.append(range)
      }
      config[keyPath: key] = ranges
      return .success(())
    }
  }

  /// A program and its arguments, run without a shell: each a non-empty string without
  /// control characters, the first an absolute path or a name found in $PATH.
  static func command(_ key: WritableKeyPath<AgentConfig, [String]> & Sendable) -> Field {
    Field(render: { "[" + $0[keyPath: key].map(quoted).joined(separator: ", ") + "]" }) { config, value in
      guard let array = value.array, array.count <= 32 else {
        return .failure(Problem(message: tr("must be a command and its arguments as a list of strings, such as [\"kgx\", \"--\"], not %s", describe(value))))
      }
      var words: [String] = []
      for element in array {
        guard let word = element.string, !word.isEmpty, !TerminalText.hasInvisibles(word) else {
          return .failure(Problem(message: tr("must be a command and its arguments as a list of strings, such as [\"kgx\", \"--\"], not %s", describe(element))))
        }
        words.append(word)
      }
      config[keyPath: key] = words
      return .success(())
    }
  }

  static func order() -> Field {
    Field(render: { "[" + $0.order.map { quoted($0.rawValue) }.joined(separator: ", ") + "]" }) { config, value in
      let allowed = SelectionCriterion.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      guard let array = value.array else {
        return .failure(Problem(message: tr("must be a list of %s, not %s", allowed, describe(value))))
      }
      var order: [SelectionCriterion] = []
      for element in array {
        guard let text = element.string, let criterion = SelectionCriterion(rawValue: text) else {
          return .failure(Problem(message: tr("may only contain %s, not %s", allowed, describe(element))))
        }
        if order.contains(criterion) {
          return .failure(Problem(message: tr("lists \"%s\" twice", text)))
        }
        order.append(criterion)
      }
      guard !order.isEmpty else { return .failure(Problem(message: tr("must list at least one of %s", allowed))) }
      config.order = SelectionCriterion.complete(order)
      return .success(())
    }
  }
}

/// A TOML basic string (a JSON string literal is one).
func quoted(_ text: String) -> String { JSONBytes.quoted(text) }

/// Config durations: QuickDuration's syntax, plus zero ("0s") where a key allows "off".
enum ConfigDuration {
  static func seconds(_ text: String) -> TimeInterval? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let unit = trimmed.last, "smhdw".contains(unit), !trimmed.dropLast().isEmpty,
      trimmed.dropLast().allSatisfy({ $0 == "0" })
    {
      return 0
    }
    return QuickDuration.seconds(trimmed)
  }
}
