import ArgumentParser
import CommandInput
import CommandSupport
import Foundation
import Localization
import Models
import TodosFeature

/// `quickdo open URL`: carries out a `quickdo://` link (the desktop entry's `Exec`, so a
/// link clicked in a browser or a mail reaches the same reducer as the CLI). A link that is
/// not exactly one of the forms in `DeepLink` exits 65 and changes nothing.
struct OpenCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: tr("Carry out a quickdo:// link."),
    discussion: tr("quickdo://todo/<id>/done, quickdo://todo/<id>/undo, quickdo://todo/<id>/snooze[?for=DURATION], quickdo://add?title=T[&notes=N&priority=P&due=D&url=U&list=L&tag=T…] (percent-encoded). Links need the full 36-character id. `add` prints the new todo's id."))
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp(tr("The quickdo:// link."))) var link: String

  func run() async throws {
    try await reportingErrors {
      let parsed: DeepLink
      do throws(DeepLink.ParseError) {
        parsed = try DeepLink.parse(link)
      } catch {
        throw CLIError(tr("invalid link: %s", error.message), code: .dataError)
      }
      try await Self.open(parsed, options: global)
    }
  }

  @MainActor
  static func open(_ link: DeepLink, options: GlobalOptions) async throws {
    switch link {
    case let .done(id):
      try await change(id, options: options) { .markDone(id: $0.id) }
    case let .undo(id):
      try await change(id, options: options) { .markPending(id: $0.id) }
    case let .snooze(id, duration):
      let seconds = try duration ?? configuredSnoozeDuration(options)
      let until = Date().addingTimeInterval(seconds)
      try await change(id, options: options) { todo in
        try SnoozeCommand.checkPending(todo)
        return .snooze(id: todo.id, until: until)
      }
    case let .add(request) where request.text != nil:
      let (new, list) = try AddCommand.parsed(request.text ?? "", notes: request.notes, url: request.url)
      try await AddCommand.add(new, list: list, parent: nil, options: options)
    case let .add(request):
      let due = try request.due.map(parseDue)
      let reminders = try parseReminders(request.reminders) ?? []
      try checkReminders(reminders, due: due)
      let new = NewTodo(
        title: try validTitle(request.title), notes: request.notes, priority: request.priority,
        due: due, url: try request.url.map(parseURL),
        tags: ListTagOptions.unique(try request.tags.map { try validName($0, "tag") }), reminders: reminders)
      try await AddCommand.add(new, list: try request.list.map { try validName($0, "list") }, parent: nil, options: options)
    }
  }

  /// A link carries a full id: it names that todo or none (never a prefix match).
  @MainActor
  private static func change(
    _ id: Todo.ID, options: GlobalOptions, _ action: (Todo) throws -> TodosFeature.Action
  ) async throws {
    let session = try TodoSession(options: options)
    let key = id.uuidString.lowercased()
    guard let todo = try await session.storage.fetchByIDPrefix(key).first(where: { $0.id == id })
    else { throw CLIError(tr("no todo with id '%s'", key), code: .notFound) }
    try await session.send(try action(todo), to: try await session.withFamily(todo))
  }

  /// `actions.snooze_duration` of the config in force (the built-in default: 1h).
  private static func configuredSnoozeDuration(_ options: GlobalOptions) throws -> TimeInterval {
    try loadConfig(options.configSource).config.snoozeDuration
  }
}
