import ArgumentParser
import CommandInput
import CommandSupport
import Foundation
import Launchers
import Localization
import Models
import TodosFeature

/// `quickdo add TITLE …`: creates a todo and prints its id alone on stdout.
struct AddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: tr("Add a todo; prints its id."))

  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp(tr("The title (with --parse: a line of words)."))) var title: String
  @Flag(
    help: ArgumentHelp(
      tr("Read the title as a line of words: 'Buy milk tomorrow 9:00 #Home @errand p2 every monday remind 1h' (#list, @tag, p1–p4, and the words --due, --repeat and --remind read).")))
  var parse = false
  @Flag(
    help: ArgumentHelp(
      tr("With --parse: print what the line would add (its title, then when, where and how) and add nothing.")))
  var dryRun = false
  @Option(help: ArgumentHelp(tr("Notes shown in the notification body."))) var notes: String = ""
  @Option(help: ArgumentHelp(tr("How much it matters."))) var priority: Priority = .normal
  @Option(
    help: ArgumentHelp(
      tr("When it is due: ISO 8601, '2026-12-01 17:00', 'today 17:00', 'tomorrow', 'in 2h'."),
      valueName: "when"))
  var due: String?
  @Option(help: ArgumentHelp(tr("A link the notification's Open button opens."))) var url: String?
  @Option(
    name: .customLong("remind"),
    help: ArgumentHelp(
      tr("When to remind: a time before it is due (15m, 1d) or a moment ('tomorrow 9:00'); give it again for more. Without it: reminders.default."),
      valueName: "when"))
  var reminders: [String] = []
  @OptionGroup var repeating: RepeatOptions
  @OptionGroup var placing: ListTagOptions

  func validate() throws {
    if dryRun, !parse { throw ValidationError(tr("--dry-run goes with --parse")) }
  }

  func run() async throws {
    if parse, dryRun {
      try await reportingErrors { try await preview() }
      return
    }
    if parse {
      try await reportingErrors { try await addParsed() }
      return
    }
    try await reportingErrors {
      let due = try due.map { try parseDue($0) }
      let reminders = try parseReminders(reminders) ?? []
      try checkReminders(reminders, due: due)
      let rule = try repeating.rule(changing: nil)
      if rule == nil, repeating.repeatFrom != nil {
        throw CLIError(tr("--repeat-from needs a rule (--repeat)"), code: .dataError)
      }
      try checkRepeat(rule, due: due)
      let new = NewTodo(
        title: try validTitle(title), notes: notes, priority: priority,
        due: due, url: try url.map { try parseURL($0) }, repeatRule: rule,
        repeatFrom: repeating.repeatFrom ?? .due, tags: try placing.checkedTags(), reminders: reminders)
      try await Self.add(new, list: try placing.checkedList(), parent: placing.parent, options: global)
    }
  }

  /// `add --parse`: the todo the line describes, checked as the options are. What the line
  /// was read as goes to stderr, as `list` shows it, so a launcher's user sees it.
  func addParsed() async throws {
    guard due == nil, reminders.isEmpty, repeating.isEmpty, placing.list == nil, placing.tags.isEmpty,
      priority == .normal
    else {
      throw CLIError(
        tr("--parse reads the due time, reminders, repeat, list, tags and priority from the line; give them there"),
        code: .usage)
    }
    let (new, list) = try Self.parsed(title, notes: notes, url: url)
    let todo = try await Self.add(new, list: list, parent: placing.parent, options: global)
    FileHandle.standardError.write(Data((TodoLine.format(todo, showsList: true) + "\n").utf8))
  }

  /// `add --parse --dry-run`: what the line would add, as a launcher shows it ("Add: Buy
  /// milk", then "tomorrow 09:00 · new list Home · @errand"), or why it cannot be added
  /// (65). The agent's launchers run it, so the parser's date code never loads there.
  @MainActor
  func preview() async throws {
    let lists = Set(try await TodoSession(options: global).storage.lists().map(\.name))
    let result = LauncherSearch.preview(title, now: Date(), lists: lists)
    guard case .add = result.id else { throw CLIError(result.subtext, code: .dataError) }
    try StandardOutput.line(result.text + "\n" + result.subtext)
  }

  /// The todo a line of words describes, and its list, checked as `add`'s options are.
  static func parsed(_ text: String, notes: String, url: String?) throws -> (NewTodo, list: String?) {
    let line: QuickAddLine
    do {
      line = try QuickAddLine.parse(text, now: Date())
      try line.check()
    } catch {
      throw CLIError(error.message, code: .dataError)
    }
    let new = NewTodo(
      title: try validTitle(line.title), notes: notes, priority: line.priority ?? .normal, due: line.due,
      url: try url.map { try parseURL($0) }, repeatRule: line.repeatRule,
      tags: ListTagOptions.unique(try line.tags.map { try validName($0, "tag") }), reminders: line.reminders)
    return (new, try line.list.map { try validName($0, "list") })
  }

  /// Adds `new` to `list` (else its parent's, else the default list) under `parent`.
  @MainActor
  @discardableResult
  static func add(_ new: NewTodo, list: String?, parent: String?, options: GlobalOptions) async throws -> Todo {
    let session = try TodoSession(options: options)
    var new = new
    var family: [Todo] = []
    if let parent, parent != "none" {
      let todo = try await session.resolve(parent)
      new.parent = todo.id
      family = [todo]
      if let list, list != todo.list {
        throw CLIError(
          tr("a subtask is in its parent's list: %s is in '%s', not '%s'", todo.shortID, TerminalText.visible(todo.list), TerminalText.visible(list)),
          code: .dataError)
      }
      new.list = todo.list
    } else {
      if let list { new.list = list } else { new.list = try await session.defaultList(options: options) }
    }
    let state = try await session.send(.add(new), to: family)
    guard let id = state.lastAddedID, let todo = state.todos[id: id] else {
      throw CLIError(tr("the todo was not added"), code: .dataError)
    }
    let text = id.uuidString.lowercased()
    do {
      try StandardOutput.line(text)
    } catch let error as CLIError {
      throw CLIError(tr("todo %s was added, but %s", text, error.message), code: error.code)
    }
    return todo
  }
}
