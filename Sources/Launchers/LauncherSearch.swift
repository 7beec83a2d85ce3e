import CommandInput
import Foundation
import Localization
import Models

/// What the words typed into a launcher match: after the keyword `todo`, the one todo the
/// line describes, to add (previewed by `quickdo add --parse --dry-run`); otherwise the
/// pending todos whose titles hold every word. Both launchers ask it, so KRunner and
/// GNOME's search show the same.
public enum LauncherSearch {
  /// The word that turns the rest of the line into a todo to add.
  public static let keyword = "todo"
  /// The most results a search gives.
  public static let maxResults = 10
  /// Fewer letters than this search no todos: one letter matches most of a long list.
  public static let minLetters = 2

  /// The line after the keyword, when `query` starts with it.
  public static func lineToAdd(_ query: String) -> String? {
    let trimmed = query.drop(while: \.isWhitespace)
    guard let space = trimmed.firstIndex(where: \.isWhitespace),
      trimmed[..<space].lowercased() == keyword
    else { return nil }
    let line = trimmed[space...].drop(while: \.isWhitespace)
    return line.isEmpty ? nil : String(line)
  }

  /// "Add: Buy milk" with what the line says besides the title, or with why it cannot be
  /// added.
  public static func preview(_ line: String, now: Date, lists: Set<String>) -> LauncherResult {
    let parsed: QuickAddLine
    do {
      parsed = try QuickAddLine.parse(line, now: now)
      try parsed.check()
    } catch {
      return refused(line, because: error.message)
    }
    var parts: [String] = []
    if let due = parsed.due { parts.append(LocalDateText.relative(due, now: now)) }
    if let list = parsed.list {
      // TRANSLATORS: a launcher's preview of a todo to add, naming a list that does not exist yet.
      parts.append(lists.contains(list) ? TerminalText.visible(list) : tr("new list %s", TerminalText.visible(list)))
    }
    parts += parsed.tags.map { "@" + TerminalText.visible($0) }
    switch parsed.priority {
    // TRANSLATORS: a launcher's preview of a todo to add: its priority.
    case .high?: parts.append(trc("priority", "high"))
    case .low?: parts.append(trc("priority", "low"))
    case .normal?, nil: break
    }
    if let rule = parsed.repeatRule { parts.append(rule.words(at: parsed.due.map { LocalDateText.time($0) })) }
    if !parsed.reminders.isEmpty {
      parts.append(trn("%d reminder", "%d reminders", parsed.reminders.count, parsed.reminders.count))
    }
    return LauncherResult(
      id: .add(line: line), text: tr("Add: %s", TerminalText.visible(parsed.title)),
      subtext: parts.joined(separator: " · "))
  }

  /// A line that cannot be added, shown as typed (its start), with why as the subtext.
  public static func refused(_ line: String, because reason: String) -> LauncherResult {
    // TRANSLATORS: a launcher's result that adds a todo; %s is its title.
    LauncherResult(id: .problem, text: tr("Add: %s", TerminalText.visible(String(line.prefix(80)))), subtext: reason)
  }

  /// The pending todos whose titles hold every word of `query`, ignoring case, in `list`'s
  /// order, at most ``maxResults``. Only the first ones are kept while the todos are read:
  /// a word most titles hold would otherwise copy the whole list on each key typed, and
  /// the agent's memory would keep the room (its budget: 30 MB at 10,000 todos).
  public static func matching(_ query: String, in todos: some Collection<Todo>, now: Date) -> [LauncherResult] {
    let words = query.lowercased().split(whereSeparator: \.isWhitespace)
    guard words.reduce(0, { $0 + $1.count }) >= minLetters else { return [] }
    var first: [Todo] = []
    for todo in todos where !todo.isComplete {
      if first.count == maxResults, let last = first.last, !TodoOrdering.areInIncreasingOrder(todo, last) { continue }
      let title = todo.title.lowercased()
      guard words.allSatisfy({ title.contains($0) }) else { continue }
      first.insert(todo, at: first.firstIndex { TodoOrdering.areInIncreasingOrder(todo, $0) } ?? first.count)
      if first.count > maxResults { first.removeLast() }
    }
    return first.map { result(for: $0, now: now) }
  }

  /// A pending todo as a result: its title, with its list and when it is due.
  public static func result(for todo: Todo, now: Date) -> LauncherResult {
    var subtext = TerminalText.visible(todo.list)
    if let due = todo.due { subtext += " · " + DurationText.due(due, pending: true, now: now) }
    return LauncherResult(id: .todo(todo.id), text: TerminalText.visible(todo.title), subtext: subtext)
  }
}
