import ArgumentParser
import CommandSupport
import Foundation
import Models

/// `quickdo import FILE`: todos from a JSON array in the `list --json` format, or from
/// Taskwarrior's `task export`. All or nothing: every todo is checked as `add` checks it
/// before anything is written. A todo whose id is already in the database is skipped and
/// counted, so importing an older export never undoes later work; `--replace` overwrites.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import todos from quickdo JSON or Taskwarrior's 'task export'.",
    discussion: """
      Todos whose id is already in the database are skipped (and counted) unless \
      --replace is given. A file with an invalid todo, or one id twice, is refused whole \
      (exit 65) and nothing is written.
      """)
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The JSON file ('-' for standard input).") var file: String
  @Flag(help: "Overwrite todos whose id is already in the database.") var replace = false

  func run() async throws {
    try await reportingErrors {
      let data: Data
      if file == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
      } else {
        guard FileManager.default.fileExists(atPath: file) else {
          throw CLIError("no such file: \(file)", code: .noInput)
        }
        guard let contents = FileManager.default.contents(atPath: file) else {
          throw CLIError("cannot read \(file)", code: .ioError)
        }
        data = contents
      }
      let todos = try TodoImport.parse(data, source: file)
      try await Self.importTodos(todos, replace: replace, options: global)
    }
  }

  @MainActor
  static func importTodos(_ todos: [Todo], replace: Bool, options: GlobalOptions) async throws {
    let session = try TodoSession(options: options)
    var existing: Set<Todo.ID> = []
    for todo in todos where !(try await session.storage.fetchByIDPrefix(todo.idString)).isEmpty {
      existing.insert(todo.id)
    }
    let written = replace ? todos : todos.filter { !existing.contains($0.id) }
    try await session.send(.imported(written))
    var summary = "imported \(written.count) todo(s)"
    if !existing.isEmpty {
      summary += replace
        ? ", \(existing.count) of them replacing todos with the same id"
        : "; skipped \(existing.count) already in the database (--replace overwrites them)"
    }
    FileHandle.standardError.write(Data((summary + "\n").utf8))
  }
}

/// Reads the two import formats, and checks every todo as `add` would.
enum TodoImport {
  static func parse(_ data: Data, source: String) throws -> [Todo] {
    let todos = try decode(data, source: source)
    var seen: Set<Todo.ID> = []
    for (index, todo) in todos.enumerated() {
      let name = "\(source): todo \(index) ('\(todo.idString)')"
      guard seen.insert(todo.id).inserted else {
        throw CLIError("\(name): the id appears more than once in the file", code: .dataError)
      }
      do {
        try check(todo)
      } catch let error as CLIError {
        throw CLIError("\(name): \(error.message)", code: error.code)
      }
    }
    return todos
  }

  /// The rules `add` applies to what it is given.
  static func check(_ todo: Todo) throws {
    _ = try validTitle(todo.title)
    // SQLite would keep a NUL, but text read back stops at it, and D-Bus strings cannot
    // carry one: refuse it rather than store a todo that comes back cut short.
    for (field, text) in [("title", todo.title), ("notes", todo.notes)]
    where text.unicodeScalars.contains(where: { $0.value == 0 }) {
      throw CLIError("the \(field) contains a NUL character", code: .dataError)
    }
    if let url = todo.url { _ = try checkURL(url, url.absoluteString) }
    let dates = [
      ("createdAt", todo.createdAt), ("completedAt", todo.completedAt), ("due", todo.due),
      ("snoozedUntil", todo.snoozedUntil),
    ]
    for case let (field, date?) in dates {
      try checkInRange(date, "its \(field) \(JSONCoding.string(from: date))")
    }
  }

  private static func decode(_ data: Data, source: String) throws -> [Todo] {
    guard let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
      throw CLIError("\(source) is not a JSON array of objects", code: .dataError)
    }
    if array.first?["description"] != nil {
      return try array.enumerated().compactMap { index, object in
        try taskwarrior(object, index: index, source: source)
      }
    }
    do {
      return try JSONCoding.decoder().decode([Todo].self, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      throw CLIError(
        "\(source): todo \(context.codingPath.first?.intValue.map(String.init) ?? "?") lacks '\(key.stringValue)'",
        code: .dataError)
    } catch {
      throw CLIError("\(source) is not in the 'list --json' format: \(error)", code: .dataError)
    }
  }

  /// One Taskwarrior task; deleted tasks are skipped. Its uuid becomes the todo's id, so a
  /// task imported twice is one todo; a task without a valid uuid is refused.
  static func taskwarrior(_ task: [String: Any], index: Int, source: String) throws -> Todo? {
    let status = task["status"] as? String ?? "pending"
    if status == "deleted" { return nil }
    guard let title = task["description"] as? String, !title.isEmpty else {
      throw CLIError("\(source): task \(index) has no description", code: .dataError)
    }
    guard let id = (task["uuid"] as? String).flatMap(UUID.init(uuidString:)) else {
      throw CLIError(
        "\(source): task \(index) has no valid uuid (Taskwarrior's export gives every task one)",
        code: .dataError)
    }
    func date(_ key: String) -> Date? { (task[key] as? String).flatMap(JSONCoding.date(from:)) }
    let priority: Priority =
      switch task["priority"] as? String {
      case "H": .high
      case "L": .low
      default: .normal
      }
    let created = date("entry") ?? Date()
    let isComplete = status == "completed"
    return Todo(
      id: id, title: title, priority: priority, isComplete: isComplete, createdAt: created,
      completedAt: isComplete ? (date("end") ?? created) : nil, due: date("due"))
  }
}
