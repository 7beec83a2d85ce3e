import GRDB

/// `list WORDS`' test of a title, as an SQL function: whether the title holds the word in
/// any case. SQLite's own `LIKE` folds the case of ASCII letters only, so "ÄPFEL" would not
/// find "Äpfel"; the launchers' search folds case the same way (`String.lowercased`).
enum TitleWords {
  /// `quickdo_title_holds(title, word)`, `word` already lowercased.
  static let function = DatabaseFunction("quickdo_title_holds", argumentCount: 2, pure: true) { values in
    guard let title = String.fromDatabaseValue(values[0]), let word = String.fromDatabaseValue(values[1]) else {
      return false
    }
    return title.lowercased().contains(word)
  }
}
