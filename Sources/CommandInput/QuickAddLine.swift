import Foundation
import Localization
import Models

/// One line of words as a person types a todo where they already type (`quickdo add
/// --parse`, `quickdo://add?text=…`, a launcher): `Buy milk tomorrow 9:00 #Home @errand p2
/// every monday`. The markers are Todoist's and Planify's: `#List` (`#"Two words"`) is the
/// list, `@tag` a tag, `p1`–`p4` or `!high`, `!medium`, `!low` the priority. The words
/// `--due`, `--repeat` and `--remind` read, in the user's language too, give the due time,
/// the repeat, and after "remind" a reminder. Every other word stays in the title, in its
/// order; a `\` before a word keeps it there as written (`Read \tomorrow's paper`).
package struct QuickAddLine: Equatable, Sendable {
  package var title: String
  package var due: Date?
  package var list: String?
  package var tags: [String] = []
  package var priority: Priority?
  package var repeatRule: RepeatRule?
  package var reminders: [Reminder] = []

  package init(title: String) { self.title = title }

  /// The longest line read, in characters: a launcher passes whatever was typed or pasted.
  package static let maxLength = 2_000
  /// The most tags one line gives.
  package static let maxTags = 100

  /// The todo `line` describes at `now`.
  package static func parse(
    _ line: String, now: Date, calendar: Calendar = .current, words: DateWords = .current
  ) throws(QuickAddError) -> QuickAddLine {
    guard line.count <= maxLength else {
      throw QuickAddError(tr("the line is longer than %s characters", maxLength))
    }
    var result = QuickAddLine(title: "")
    // The words left for the title and the date and repeat words, and whether each was
    // escaped (`\`), which keeps it in the title.
    var rest: [(word: String, literal: Bool)] = []
    var tokens = Self.tokens(line)[...]
    while let token = tokens.popFirst() {
      if token.hasPrefix("\\"), token.count > 1 {
        rest.append((String(token.dropFirst()), true))
      } else if let name = marked(token, "#") {
        var name = name
        if name.hasPrefix("\"") {
          // `#"Two words"`: the name runs to the closing quote.
          var quoted = String(name.dropFirst())
          while !quoted.hasSuffix("\"") {
            guard let next = tokens.popFirst() else {
              throw QuickAddError(tr("the list name after #\" has no closing quote"))
            }
            quoted += " " + next
          }
          name = String(quoted.dropLast())
        }
        if let list = result.list, list != name {
          throw QuickAddError(tr("the line names two lists, #%s and #%s", TerminalText.visible(list), TerminalText.visible(name)))
        }
        result.list = name
      } else if let tag = marked(token, "@") {
        if !result.tags.contains(tag) { result.tags.append(tag) }
        guard result.tags.count <= maxTags else { throw QuickAddError(tr("the line names more than %s tags", maxTags)) }
      } else if let priority = priorities[token.lowercased()] {
        result.priority = priority
      } else {
        rest.append((token, false))
      }
    }
    var used = Set<Int>()
    // A span of words the parse takes whole: none escaped or taken already, at most
    // `longest`, starting at a word `starts` accepts; the first that `read` reads, the
    // longest one first.
    func take<Value>(longest: Int, starts: (String) -> Bool, _ read: (String) -> Value?) -> Value? {
      for start in rest.indices where !rest[start].literal && !used.contains(start) && starts(rest[start].word) {
        for count in stride(from: min(longest, rest.count - start), through: 1, by: -1) {
          let span = start..<(start + count)
          guard span.allSatisfy({ !rest[$0].literal && !used.contains($0) }),
            let value = read(span.map { rest[$0].word }.joined(separator: " "))
          else { continue }
          used.formUnion(span)
          return value
        }
      }
      return nil
    }
    func english(_ word: String) -> [String] { words.englishWords(word) }
    result.repeatRule = take(longest: 8, starts: { english($0).first.map(Self.repeatStarts.contains) ?? false }) { text in
      try? RepeatWords.parse(text, language: words)
    }
    // "remind" and the words after it that read as a reminder, as often as it comes.
    for at in rest.indices where !used.contains(at) && !rest[at].literal && english(rest[at].word) == ["remind"] {
      let reminder = (1...3).reversed().lazy.compactMap { count -> (Reminder, Range<Int>)? in
        let span = (at + 1)..<min(at + 1 + count, rest.count)
        guard span.count == count, span.allSatisfy({ !rest[$0].literal && !used.contains($0) }),
          let reminder = ReminderWords.parse(
            span.map { rest[$0].word }.joined(separator: " "), now: now, calendar: calendar, words: words)
        else { return nil }
        return (reminder, span)
      }.first
      // "Remind Bob about lunch": a title word.
      guard let (reminder, span) = reminder else { continue }
      used.insert(at)
      used.formUnion(span)
      result.reminders.append(reminder)
    }
    result.due = take(longest: 3, starts: { Self.startsADate(english($0), words: words) }) { text in
      // A weekday's short name alone is too often a word (`sat`, `wed`, `Mo`): with a time only.
      if !text.contains(" "), text.count < 4, text.allSatisfy(\.isASCII),
        RepeatWords.weekday(english(text).first ?? "") != nil
      {
        return nil
      }
      return HumanDate.parse(text, now: now, calendar: calendar, words: words)
    }
    result.title = rest.indices.filter { !used.contains($0) }.map { rest[$0].word }.joined(separator: " ")
    guard !result.title.isEmpty else {
      throw QuickAddError(tr("the line has no title, only when, where and how"))
    }
    return result
  }

  /// The line's words, split at white space.
  static func tokens(_ line: String) -> [String] {
    line.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// `#Home` → `Home`: a marker and a name that does not start with another marker.
  static func marked(_ token: String, _ marker: Character) -> String? {
    guard token.first == marker, let next = token.dropFirst().first, next != marker else { return nil }
    return String(token.dropFirst())
  }

  /// Todoist's and Planify's `p1` and `p2` rank above their default, as high does here;
  /// `p3` is low and `p4` their default.
  static let priorities: [String: Priority] = [
    "p1": .high, "p2": .high, "p3": .low, "p4": .normal, "!high": .high, "!medium": .normal, "!normal": .normal,
    "!low": .low,
  ]

  /// The English words a repeat starts with.
  static let repeatStarts: Set<String> = ["every", "daily", "weekly", "monthly", "yearly", "annually", "weekdays"]

  /// Whether a due time may start at a word (its English form): a day (`today`,
  /// `tomorrow`, a weekday, a date), `in` before a duration, or a time with its colon or
  /// AM/PM. A number alone (`Buy 2 apples`) or a duration alone (`Run 5k`) is title.
  static func startsADate(_ english: [String], words: DateWords) -> Bool {
    guard let word = english.first else { return false }
    if ["today", "tomorrow", "in"].contains(word) || RepeatWords.weekday(word) != nil { return true }
    if word.contains(":") || word.contains("-") || word.contains(".") || word.contains("/") {
      return word.contains(where: \.isNumber)
    }
    let meridiems = ["am", "pm", words.locale.am.lowercased(), words.locale.pm.lowercased()].filter { !$0.isEmpty }
    return word.first?.isNumber == true && meridiems.contains { word.hasSuffix($0) }
  }
}

/// Why a line does not make a todo: one sentence a launcher shows as its match's text.
package struct QuickAddError: Error, Equatable, Sendable {
  package var message: String
  package init(_ message: String) { self.message = message }
}
