import CommandSupport
import Composable
import Foundation
import Localization
import Models
import TodoStorageClient
import TodoStorageLive
import TodosFeature

/// One CLI invocation's access to the todos: the storage client over the database file, and
/// a one-shot store over `TodosFeature` for changes, so the CLI writes no SQL of its own.
@MainActor
struct TodoSession {
  let storage: TodoStorageClient

  init(options: GlobalOptions) throws {
    storage = .live(
      try AppDatabase.openFile(at: try options.databasePath(), connections: .single))
  }

  /// Sends `action` to a store holding `todos`, waits until its effects (the commit) have
  /// finished, and returns the final state; a failed commit is an I/O error.
  @discardableResult
  func send(_ action: TodosFeature.Action, to todos: [Todo] = []) async throws
    -> TodosFeature.State
  {
    let storage = self.storage
    let store = Store(
      initialState: TodosFeature.State(todos: IdentifiedArray(uniqueElements: todos))
    ) {
      TodosFeature()
    } withDependencies: {
      $0.todoStorage = storage
      // The live values, given outright: a dependency left to its default is looked up
      // through swift-dependencies' cache, whose first use scans the environment for a
      // test runner, a cost of every command under the CLI's budget.
      $0.uuid = UUIDGenerator { UUID() }
      $0.date = DateGenerator { Date() }
      $0.continuousClock = ContinuousClock()
    }
    await store.send(action).finish()
    if let error = store.state.persistenceError {
      throw CLIError(error, code: .ioError)
    }
    return store.state
  }

  /// `todo` and the todos related to it as parents or subtasks: what a store needs to
  /// complete, reopen or move it with its family.
  func withFamily(_ todo: Todo) async throws -> [Todo] {
    [todo] + (try await storage.family(todo.id))
  }

  /// The list a new todo goes to when none is named: `[todos] default_list` when the
  /// config sets it; else, for a config written before lists, the calendar an account's
  /// `default_calendar` names; else "Todos". Without a config file nothing is read.
  func defaultList(options: GlobalOptions) async throws -> String {
    let source = options.configSource
    guard source.path != nil else { return Todo.defaultList }
    let loaded = try loadConfig(source)
    if loaded.setKeys.contains("todos.default_list") { return loaded.config.defaultList }
    for account in loaded.config.syncAccounts {
      guard let wanted = account.defaultCalendar else { continue }
      let lists = try await storage.lists().filter { $0.account == account.name }
      let named = lists.first { list in
        [list.url, list.url.flatMap { URL(string: $0)?.path }].contains(wanted)
          || list.url.flatMap { URL(string: $0)?.path } == wanted + "/"
          || list.name == wanted || list.name.hasPrefix(account.name + "/" + wanted)
      }
      if let named { return named.name }
      // Not synced yet: a display name is the list's name to be.
      if !wanted.contains("/") { return wanted }
    }
    return loaded.config.defaultList
  }

  /// The todos several typed ids name, each once, in the order given.
  func resolveAll(_ typed: [String]) async throws -> [Todo] {
    var todos: [Todo] = []
    for text in typed {
      let todo = try await resolve(text)
      if !todos.contains(where: { $0.id == todo.id }) { todos.append(todo) }
    }
    return todos
  }

  /// The todo a typed id names: a full id or a unique prefix.
  func resolve(_ typed: String) async throws -> Todo {
    let key = typed.lowercased()
    guard !key.isEmpty, key.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      throw CLIError(tr("'%s' is not a todo id (expected hex digits)", typed), code: .notFound)
    }
    let matches = try await storage.fetchByIDPrefix(key)
    if let exact = matches.first(where: { $0.idString == key }) { return exact }
    switch matches.count {
    case 0:
      throw CLIError(tr("no todo with id '%s'", typed), code: .notFound)
    case 1:
      return matches[0]
    default:
      let shown = matches.prefix(5)
      let list = shown.map { "\($0.idString) (\($0.title))" }.joined(separator: ", ")
      let message =
        matches.count > shown.count
        ? tr("id prefix '%s' is ambiguous: it matches %s todos; the first %s: %s", typed, matches.count, shown.count, list)
        : tr("id prefix '%s' is ambiguous: it matches %s todos; they are: %s", typed, matches.count, list)
      throw CLIError(message, code: .notFound)
    }
  }
}
