import ArgumentParser
import CommandSupport
import Foundation
import Localization
import Models

/// `quickdo import FILE`: todos from a JSON array in the `list --json` format, or from
/// Taskwarrior's `task export`. All or nothing: every todo is checked as `add` checks it
/// before anything is written. A todo whose id is already in the database is skipped and
/// counted, so importing an older export never undoes later work; `--replace` overwrites.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: tr("Import todos from quickdo JSON or Taskwarrior's 'task export'."),
    discussion: tr("Todos whose id is already in the database are skipped (and counted) unless --replace is given. A file with an invalid todo, or one id twice, is refused whole (exit 65) and nothing is written."))
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp(tr("The JSON file ('-' for standard input)."))) var file: String
  @Flag(help: ArgumentHelp(tr("Overwrite todos whose id is already in the database."))) var replace = false

  func run() async throws {
    try await reportingErrors {
      let data: Data
      if file == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
      } else {
        guard FileManager.default.fileExists(atPath: file) else {
          throw CLIError(tr("no such file: %s", file), code: .noInput)
        }
        guard let contents = FileManager.default.contents(atPath: file) else {
          throw CLIError(tr("cannot read %s", file), code: .ioError)
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
    // A todo that names no list (an export older than lists, a Taskwarrior task without a
    // project) goes where `add` puts one.
    var todos = todos
    if todos.contains(where: { $0.list.isEmpty }) {
      let list = try await session.defaultList(options: options)
      for index in todos.indices where todos[index].list.isEmpty { todos[index].list = list }
    }
    var existing: Set<Todo.ID> = []
    for todo in todos where !(try await session.storage.fetchByIDPrefix(todo.idString)).isEmpty {
      existing.insert(todo.id)
    }
    let written = replace ? todos : todos.filter { !existing.contains($0.id) }
    try await session.send(.imported(written))
    var summary = trn("imported %d todo", "imported %d todos", written.count, written.count)
    if !existing.isEmpty {
      summary =
        replace
        ? trn("%s, %d of them replacing a todo with the same id", "%s, %d of them replacing todos with the same id",
          existing.count, summary, existing.count)
        : trn("%s; skipped %d already in the database (--replace overwrites it)",
          "%s; skipped %d already in the database (--replace overwrites them)", existing.count, summary, existing.count)
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
      let name = tr("%s: todo %s ('%s')", source, index, todo.idString)
      guard seen.insert(todo.id).inserted else {
        throw CLIError(tr("%s: the id appears more than once in the file", name), code: .dataError)
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
    for (field, text) in [("title", todo.title), ("notes", todo.notes), ("list", todo.list)] + todo.tags.map({ ("tag", $0) })
    where text.unicodeScalars.contains(where: { $0.value == 0 }) {
      throw CLIError(tr("the %s contains a NUL character", field), code: .dataError)
    }
    if todo.parent == todo.id { throw CLIError(tr("the todo is its own parent"), code: .dataError) }
    if let url = todo.url { _ = try checkURL(url, url.absoluteString) }
    if !todo.isComplete { try checkRepeat(todo.repeatRule, due: todo.occurrence) }
    let dates = [
      ("createdAt", todo.createdAt), ("completedAt", todo.completedAt), ("due", todo.due),
      ("snoozedUntil", todo.snoozedUntil), ("start", todo.start),
    ]
    for case let (field, date?) in dates {
      try checkInRange(date, "its \(field) \(JSONCoding.string(from: date))")
    }
  }

  private static func decode(_ data: Data, source: String) throws -> [Todo] {
    guard let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
      throw CLIError(tr("%s is not a JSON array of objects", source), code: .dataError)
    }
    if array.first?["description"] != nil {
      let series = TaskwarriorSeries(array)
      return try array.enumerated().compactMap { index, object in
        try taskwarrior(object, index: index, source: source, series: series)
      }
    }
    do {
      return try JSONCoding.decoder().decode([Todo].self, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      throw CLIError(
        tr("%s: todo %s lacks '%s'", source, context.codingPath.first?.intValue.map(String.init) ?? "?", key.stringValue),
        code: .dataError)
    } catch {
      throw CLIError(tr("%s is not in the 'list --json' format: %s", source, error), code: .dataError)
    }
  }

  /// One Taskwarrior task; deleted tasks are skipped. Its uuid becomes the todo's id, so a
  /// task imported twice is one todo; a task without a valid uuid is refused. A recurring
  /// task's template (status `recurring`) is one repeating todo, due when its first pending
  /// instance is; the instances (those with a `parent`) are not imported again.
  static func taskwarrior(
    _ task: [String: Any], index: Int, source: String, series: TaskwarriorSeries
  ) throws -> Todo? {
    let status = task["status"] as? String ?? "pending"
    if status == "deleted" || task["parent"] != nil { return nil }
    guard let title = task["description"] as? String, !title.isEmpty else {
      throw CLIError(tr("%s: task %s has no description", source, index), code: .dataError)
    }
    guard let id = (task["uuid"] as? String).flatMap(UUID.init(uuidString:)) else {
      throw CLIError(
        tr("%s: task %s has no valid uuid (Taskwarrior's export gives every task one)", source, index),
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
    // A project is a list of that name (`home.garden` too); no project, the default list.
    // `depends` is an order between tasks, not a subtask: it is not imported.
    let project = (task["project"] as? String).map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    let tags = ListTagOptions.unique((task["tags"] as? [String] ?? []).filter { !$0.isEmpty })
    var todo = Todo(
      id: id, title: title, priority: priority, isComplete: isComplete, createdAt: created,
      completedAt: isComplete ? (date("end") ?? created) : nil, due: date("due"), list: project, tags: tags)
    if status == "recurring" {
      let recur = task["recur"] as? String ?? ""
      guard var rule = TaskwarriorSeries.rule(recur) else {
        throw CLIError(
          tr("%s: task %s recurs '%s', which quickdo does not repeat (daily, weekly, 2weeks, monthly, yearly, weekdays…)", source, index, TerminalText.visible(recur)),
          code: .dataError)
      }
      if let until = date("until") { rule.end = .until(LocalDateTime(until, in: .current)) }
      todo.repeatRule = rule
      todo.due = series.firstPendingDue[UUIDText.format(id)] ?? todo.due
      try checkRepeat(rule, due: todo.due)
    }
    return todo
  }
}

/// What a Taskwarrior export says of its recurring tasks: the due time of each template's
/// first pending instance, and the rules `recur` values stand for.
struct TaskwarriorSeries {
  let firstPendingDue: [String: Date]

  init(_ tasks: [[String: Any]]) {
    var due: [String: Date] = [:]
    for task in tasks where task["status"] as? String == "pending" {
      guard let parent = (task["parent"] as? String)?.lowercased(),
        let date = (task["due"] as? String).flatMap(JSONCoding.date(from:))
      else { continue }
      due[parent] = min(due[parent] ?? date, date)
    }
    firstPendingDue = due
  }

  /// `daily`, `weekly`, `2weeks`, `monthly`, `quarterly`, `yearly`, `weekdays`, `P1D`…
  static func rule(_ recur: String) -> RepeatRule? {
    let text = recur.lowercased()
    let named: [String: RepeatRule] = [
      "daily": RepeatRule(.daily), "day": RepeatRule(.daily),
      "weekly": RepeatRule(.weekly), "week": RepeatRule(.weekly),
      "biweekly": RepeatRule(.weekly, interval: 2), "fortnight": RepeatRule(.weekly, interval: 2),
      "monthly": RepeatRule(.monthly), "month": RepeatRule(.monthly),
      "bimonthly": RepeatRule(.monthly, interval: 2), "quarterly": RepeatRule(.monthly, interval: 3),
      "semiannual": RepeatRule(.monthly, interval: 6),
      "yearly": RepeatRule(.yearly), "year": RepeatRule(.yearly), "annual": RepeatRule(.yearly),
      "biannual": RepeatRule(.yearly, interval: 2), "biyearly": RepeatRule(.yearly, interval: 2),
      "weekdays": RepeatRule(.weekly, byDay: [.monday, .tuesday, .wednesday, .thursday, .friday].map { .init($0) }),
    ]
    if let rule = named[text] { return rule }
    // `2weeks`, `3d`, or ISO 8601's `P2W`: a number and a unit.
    let isISO = text.hasPrefix("p")
    let body = isISO ? String(text.dropFirst()) : text
    let digits = body.prefix { $0.isNumber }
    guard let count = Int(digits), (1...10_000).contains(count) else { return nil }
    let units: [String: RepeatRule.Frequency] =
      isISO
      ? ["d": .daily, "w": .weekly, "m": .monthly, "y": .yearly]
      : [
        "d": .daily, "day": .daily, "days": .daily, "w": .weekly, "wk": .weekly, "wks": .weekly,
        "week": .weekly, "weeks": .weekly, "mo": .monthly, "mos": .monthly, "mth": .monthly,
        "mths": .monthly, "month": .monthly, "months": .monthly, "y": .yearly, "yr": .yearly,
        "yrs": .yearly, "year": .yearly, "years": .yearly,
      ]
    return units[String(body.dropFirst(digits.count))].map { RepeatRule($0, interval: count) }
  }
}
