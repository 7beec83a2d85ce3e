import Foundation

/// quickdo's messages in the user's language: the catalogs of the languages asked for,
/// searched in order per message, and English (the text in the source) when none has it.
/// A translation whose placeholders differ from the original's is skipped like a missing
/// one, so a faulty catalog can cost a word of language but never an argument, such as a
/// todo's title.
public struct Translation: Sendable {
  public var catalogs: [MessageCatalog]

  public init(catalogs: [MessageCatalog]) {
    self.catalogs = catalogs
  }

  /// The user's language, read once per process from its environment; in English, no
  /// file is looked at.
  public static let current: Translation = {
    let environment = ProcessInfo.processInfo.environment
    guard !LanguagePreference.languages(environment: environment).isEmpty else { return .english }
    return Translation(
      environment: environment,
      executable: try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
  }()

  /// English only.
  public static let english = Translation(catalogs: [])

  /// The catalogs the environment asks for, as found in the catalog directories.
  public init(environment: [String: String], executable: String?) {
    let directories = LanguagePreference.directories(environment: environment, executable: executable)
    self.init(languages: LanguagePreference.languages(environment: environment), directories: directories)
  }

  /// The catalogs of `languages` (catalog names such as `pt_BR`), first found first.
  public init(languages: [String], directories: [String]) {
    var catalogs: [MessageCatalog] = []
    for language in languages {
      for directory in directories {
        if let catalog = MessageCatalog(path: "\(directory)/\(language)/LC_MESSAGES/quickdo.mo") {
          catalogs.append(catalog)
          break
        }
      }
    }
    self.init(catalogs: catalogs)
  }

  /// `message`, translated; `context` tells apart the same English words in two roles
  /// (the button "Done" and the state "done").
  public func string(_ message: String, context: String? = nil) -> String {
    let key = context.map { $0 + "\u{4}" + message } ?? message
    for catalog in catalogs {
      if let text = catalog.lookup(key)?.first, !text.isEmpty, MessageFormat.fits(text, message) { return text }
    }
    return message
  }

  /// The form of `singular`/`plural` that `count` takes in the language that has it.
  public func plural(_ singular: String, _ plural: String, count: Int, context: String? = nil) -> String {
    let key = context.map { $0 + "\u{4}" + singular } ?? singular
    for catalog in catalogs {
      guard let forms = catalog.lookup(key), forms.count == catalog.plural.count else { continue }
      let text = forms[catalog.plural.form(count)]
      if !text.isEmpty, MessageFormat.fits(text, plural) { return text }
    }
    return count == 1 ? singular : plural
  }

  /// The words a translation lists for one English word, `|` between them (`jeden|jede`),
  /// lowercased; empty when no catalog translates it.
  public func alternatives(_ context: String, _ word: String) -> [String] {
    guard let text = translated(context, word) else { return [] }
    return text.lowercased().split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// `message`'s translation, or nil when the catalogs have none.
  public func translated(_ context: String, _ message: String) -> String? {
    let text = string(message, context: context)
    return text == message ? nil : text
  }
}

extension Translation {
  /// `message` translated, its `%s`/`%d` filled with `arguments` in order. The message
  /// must be a string literal: `scripts/update-pot.sh` collects them.
  public func tr(_ message: String, _ arguments: Any...) -> String {
    MessageFormat.fill(string(message), arguments.map { String(describing: $0) })
  }

  /// `tr` for words whose English is the same in two roles; `context` names the role.
  public func trc(_ context: String, _ message: String, _ arguments: Any...) -> String {
    MessageFormat.fill(string(message, context: context), arguments.map { String(describing: $0) })
  }

  /// The form of a message that `count` takes (`%d minute`/`%d minutes`, or Polish's
  /// three), filled with `arguments`.
  public func trn(
    _ singular: String, _ plural: String, _ count: Int, _ arguments: Any...
  ) -> String {
    MessageFormat.fill(self.plural(singular, plural, count: count), arguments.map { String(describing: $0) })
  }
}

/// `message` in the user's language, its `%s`/`%d` filled with `arguments` in order.
/// The message must be a string literal: `scripts/update-pot.sh` collects them.
public func tr(_ message: String, _ arguments: Any...) -> String {
  MessageFormat.fill(Translation.current.string(message), arguments.map { String(describing: $0) })
}

/// `tr` for words whose English is the same in two roles; `context` names the role.
public func trc(_ context: String, _ message: String, _ arguments: Any...) -> String {
  MessageFormat.fill(Translation.current.string(message, context: context), arguments.map { String(describing: $0) })
}

/// The form of a message that `count` takes in the user's language.
public func trn(
  _ singular: String, _ plural: String, _ count: Int, _ arguments: Any...
) -> String {
  MessageFormat.fill(Translation.current.plural(singular, plural, count: count), arguments.map { String(describing: $0) })
}
