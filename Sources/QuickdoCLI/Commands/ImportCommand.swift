import ArgumentParser
import Foundation
import Models

/// `quickdo import FILE`: todos from a JSON array in the `list --json` format, or from
/// Taskwarrior's `task export`. Re-importing the same file changes nothing.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import todos from quickdo JSON or Taskwarrior's 'task export'.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The JSON file ('-' for standard input).") var file: String

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
      try await Self.importTodos(todos, options: global)
    }
  }

  @MainActor
  static func importTodos(_ todos: [Todo], options: GlobalOptions) async throws {
    try await TodoSession(options: options).send(.imported(todos))
    FileHandle.standardError.write(Data("imported \(todos.count) todo(s)\n".utf8))
  }
}

/// Reads the two import formats.
enum TodoImport {
  static func parse(_ data: Data, source: String) throws -> [Todo] {
    let todos = try decode(data, source: source)
    // SQLite would keep a NUL, but text read back stops at it, and D-Bus strings cannot
    // carry one: refuse it rather than store a todo that comes back cut short.
    for (index, todo) in todos.enumerated() {
      for (field, text) in [("title", todo.title), ("notes", todo.notes)]
      where text.unicodeScalars.contains(where: { $0.value == 0 }) {
        throw CLIError(
          "\(source): todo \(index) ('\(todo.id.uuidString.lowercased())'): the \(field) contains a NUL character",
          code: .dataError)
      }
    }
    return todos
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

  /// One Taskwarrior task; deleted tasks are skipped.
  static func taskwarrior(_ task: [String: Any], index: Int, source: String) throws -> Todo? {
    let status = task["status"] as? String ?? "pending"
    if status == "deleted" { return nil }
    guard let title = task["description"] as? String, !title.isEmpty else {
      throw CLIError("\(source): task \(index) has no description", code: .dataError)
    }
    func date(_ key: String) -> Date? { (task[key] as? String).flatMap(ISO8601.date(from:)) }
    let priority: Priority =
      switch task["priority"] as? String {
      case "H": .high
      case "L": .low
      default: .normal
      }
    let created = date("entry") ?? Date()
    let isComplete = status == "completed"
    return Todo(
      id: (task["uuid"] as? String).flatMap(UUID.init(uuidString:)) ?? UUID(),
      title: title, priority: priority, isComplete: isComplete, createdAt: created,
      completedAt: isComplete ? (date("end") ?? created) : nil, due: date("due"))
  }
}
