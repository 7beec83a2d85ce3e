import Localization
import Models

/// The words `--due` and `--repeat` read in the user's language, besides English: each
/// becomes its English word before the English grammar reads the text, so "morgen 9:00"
/// reads as "tomorrow 9:00" and "jeden Montag" as "every monday". The words come from the
/// language's catalog (`msgctxt "date word"`, alternatives between `|`), so a translator
/// adds them with no code.
package struct DateWords: Sendable {
  /// A word of the language → the English word it stands for.
  var english: [String: String] = [:]
  /// The language's words for "every", longest first: written without a space before the
  /// next word in Chinese and Japanese (每周一, 毎週月曜日).
  var everyPrefixes: [String] = []
  /// How the user's locale writes a date and its AM/PM, read too.
  package var locale: TimeLocale

  /// The user's language and locale.
  package static let current = DateWords(translation: .current, locale: .current)

  /// English and ISO 8601 only.
  package static let english = DateWords(translation: .english, locale: .iso)

  package init(translation t: Translation, locale: TimeLocale) {
    self.locale = locale
    // The single words of a frequency come first: where one is also a word for "every"
    // (Japanese 毎週), alone it means the frequency.
    // TRANSLATORS: the "date word" entries are words --due and --repeat read. Give every
    // form a person may type, lowercase, with "|" between them ("montag|mo|mon").
    let words: [(String, [String])] = [
      ("daily", t.alternatives("date word", "daily")),
      ("weekly", t.alternatives("date word", "weekly")),
      ("monthly", t.alternatives("date word", "monthly")),
      ("yearly", t.alternatives("date word", "yearly")),
      ("weekday", t.alternatives("date word", "weekday")),
      ("weekdays", t.alternatives("date word", "weekdays")),
      ("now", t.alternatives("date word", "now")),
      ("today", t.alternatives("date word", "today")),
      ("tomorrow", t.alternatives("date word", "tomorrow")),
      ("in", t.alternatives("date word", "in")),
      ("every", t.alternatives("date word", "every")),
      ("and", t.alternatives("date word", "and")),
      ("day", t.alternatives("date word", "day")),
      ("days", t.alternatives("date word", "days")),
      ("week", t.alternatives("date word", "week")),
      ("weeks", t.alternatives("date word", "weeks")),
      ("month", t.alternatives("date word", "month")),
      ("months", t.alternatives("date word", "months")),
      ("year", t.alternatives("date word", "year")),
      ("years", t.alternatives("date word", "years")),
      ("monday", t.alternatives("date word", "monday")),
      ("tuesday", t.alternatives("date word", "tuesday")),
      ("wednesday", t.alternatives("date word", "wednesday")),
      ("thursday", t.alternatives("date word", "thursday")),
      ("friday", t.alternatives("date word", "friday")),
      ("saturday", t.alternatives("date word", "saturday")),
      ("sunday", t.alternatives("date word", "sunday")),
      // A quick-add line's word before a reminder ("remind 15m").
      ("remind", t.alternatives("date word", "remind")),
    ]
    for (word, alternatives) in words {
      for alternative in alternatives where english[alternative] == nil { english[alternative] = word }
    }
    // A frequency word comes first ("毎週" alone is weekly), then "every" glued to what
    // follows it ("毎週月曜日").
    everyPrefixes = t.alternatives("date word", "every").sorted { $0.count > $1.count }
  }

  /// `text`'s words, lowercased, each in English where it is one of the language's; a word
  /// glued to "every" or a number to its unit is taken apart (每周一 → every monday).
  package func englishWords(_ text: String) -> [String] {
    var out: [String] = []
    for word in text.lowercased().split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      out += split(word).map { english[$0] ?? $0 }
    }
    return out
  }

  private func split(_ word: String) -> [String] {
    if english[word] != nil { return [word] }
    if let every = everyPrefixes.first(where: { word.hasPrefix($0) && word.count > $0.count }) {
      return ["every"] + split(String(word.dropFirst(every.count)))
    }
    let digits = word.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, digits.count < word.count, english[String(word.dropFirst(digits.count))] != nil {
      return [String(digits), String(word.dropFirst(digits.count))]
    }
    return [word]
  }
}
