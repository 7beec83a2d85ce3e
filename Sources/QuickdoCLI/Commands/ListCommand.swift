import ArgumentParser
import CommandSupport
import Foundation
import Localization
import Models
import TodoStorageClient

/// `quickdo list`: pending todos (or all / completed), of one list, with some tags or with
/// some words in their titles if asked, as text (subtasks under their parents) or JSON.
struct ListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: tr("List todos (pending by default)."))

  @OptionGroup var global: GlobalOptions
  @Flag(help: ArgumentHelp(tr("Pending and completed todos."))) var all = false
  @Flag(help: ArgumentHelp(tr("Only completed todos."))) var completed = false
  @Flag(help: ArgumentHelp(tr("A JSON array (the format 'import' reads)."))) var json = false
  @Option(help: ArgumentHelp(tr("Only this list's todos."), valueName: "name")) var list: String?
  @Option(name: .customLong("tag"), help: ArgumentHelp(tr("Only todos with this tag; give it again for more."), valueName: "tag"))
  var tags: [String] = []
  @Argument(help: ArgumentHelp(tr("Only todos whose titles hold every one of these words, in any case."), valueName: "word"))
  var words: [String] = []

  func validate() throws {
    if all && completed { throw ValidationError(tr("--all and --completed exclude each other")) }
  }

  func run() async throws {
    try await reportingErrors {
      let filter = TodoFilter(all ? .all : completed ? .completed : .pending, list: list, tags: tags, words: words)
      try await Self.list(filter: filter, json: json, options: global)
    }
  }

  @MainActor
  static func list(filter: TodoFilter, json: Bool, options: GlobalOptions) async throws {
    let storage = try TodoSession(options: options).storage
    if json {
      try await storage.exportJSON(filter) { try StandardOutput.write($0) }
      try StandardOutput.write([UInt8(ascii: "\n")])
      return
    }
    // The list is named on each line when the lines come from more than one.
    let showsList = try await storage.listCount(filter) > 1
    let held = HeldNoteFile.read(databasePath: try options.databasePath())
    let now = Date()
    let out = LineOutput()
    try await storage.outline(filter, TodoLine.fields) { todo, depth in
      try out.append(TodoLine.format(todo, depth: depth, showsList: showsList, held: held[todo.id], now: now))
    }
    try out.flush()
  }
}

/// One todo as a line of `list` output: short id, check box, priority, title (its control
/// characters made visible, a line break as `\n`) indented under its parent, tags, list,
/// due date (or start, without one), and why the agent holds it back, if it does.
enum TodoLine {
  /// The deepest indent a subtask gets: a chain deeper than this (from a server) stays
  /// readable.
  static let maxIndent = 8
  /// How many of a todo's tags a line shows; the rest are counted.
  static let maxTagsShown = 10
  /// The fields ``format(_:depth:showsList:held:now:)`` reads: `list` reads only these.
  static let fields = Todo.fields.filter {
    ["id", "title", "priority", "isComplete", "tags", "list", "due", "start", "repeat", "snoozedUntil"].contains($0.name)
  }

  static func format(
    _ todo: Todo, depth: Int = 0, showsList: Bool = false, held: HoldReason? = nil, now: Date = Date()
  ) -> String {
    var line = "\(todo.shortID)  [\(todo.isComplete ? "x" : " ")]"
    let marker =
      switch todo.priority {
      case .high: " !"
      case .normal: "  "
      case .low: " ."
      }
    line += marker
    line += " " + String(repeating: "  ", count: min(depth, maxIndent)) + TerminalText.visible(todo.title)
    for tag in todo.tags.prefix(maxTagsShown) { line += " #" + TerminalText.visible(tag) }
    if todo.tags.count > maxTagsShown {
      line += " " + trn("(+%d tag)", "(+%d tags)", todo.tags.count - maxTagsShown, todo.tags.count - maxTagsShown)
    }
    if showsList { line += "  [\(TerminalText.visible(todo.list))]" }
    if let due = todo.due {
      line += "  (" + DurationText.due(due, pending: !todo.isComplete, now: now) + ")"
    }
    if todo.due == nil, let start = todo.start {
      // TRANSLATORS: when a todo without a due time starts, as in "starts tomorrow 09:00".
      line += "  (" + tr("starts %s", LocalDateText.relative(start, now: now)) + ")"
    }
    if let rule = todo.repeatRule, let occurrence = todo.occurrence, !todo.isComplete {
      line += "  (\(rule.words(at: LocalDateText.time(occurrence))))"
    }
    if let snoozed = todo.snoozedUntil, snoozed > now, !todo.isComplete {
      let until = LocalDateText.relative(snoozed, now: now)
      line += "  (" + DurationText.snoozed(snoozed.timeIntervalSince(now), until: until) + ")"
    }
    switch held {
    case .doNotDisturb?: line += "  (" + tr("held: Do Not Disturb") + ")"
    case .quietHours?: line += "  (" + tr("held: quiet hours") + ")"
    case nil: break
    }
    return line
  }
}
