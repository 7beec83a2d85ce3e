import ArgumentParser
import CommandSupport
import Foundation
import Models
import TodoStorageClient

/// `quickdo list`: pending todos (or all / completed), as text or JSON.
struct ListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List todos (pending by default).")

  @OptionGroup var global: GlobalOptions
  @Flag(help: "Pending and completed todos.") var all = false
  @Flag(help: "Only completed todos.") var completed = false
  @Flag(help: "A JSON array (the format 'import' reads).") var json = false

  func validate() throws {
    if all && completed { throw ValidationError("--all and --completed exclude each other") }
  }

  func run() async throws {
    try await reportingErrors {
      let filter: TodoFilter = all ? .all : completed ? .completed : .pending
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
    let todos = try await storage.load(filter)
    var out = ""
    for todo in todos { out += TodoLine.format(todo) + "\n" }
    try StandardOutput.write(Array(out.utf8))
  }
}

/// One todo as a line of `list` output: short id, check box, priority, title (its control
/// characters made visible, a line break as `\n`), due date.
enum TodoLine {
  static func format(_ todo: Todo, now: Date = Date()) -> String {
    var line = "\(todo.idString.prefix(8))  [\(todo.isComplete ? "x" : " ")]"
    let marker =
      switch todo.priority {
      case .high: " !"
      case .normal: "  "
      case .low: " ."
      }
    line += marker
    line += " " + TerminalText.visible(todo.title)
    if let due = todo.due {
      line += "  (due \(due.formatted(date: .abbreviated, time: .shortened))"
      line += !todo.isComplete && due < now ? ", overdue)" : ")"
    }
    if let rule = todo.repeatRule, let due = todo.due, !todo.isComplete {
      line += "  (\(rule.words(at: String(LocalDateText.format(due).suffix(5)))))"
    }
    if let snoozed = todo.snoozedUntil, snoozed > now, !todo.isComplete {
      line += "  (snoozed until \(snoozed.formatted(date: .omitted, time: .shortened)))"
    }
    return line
  }
}
