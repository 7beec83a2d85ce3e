import ArgumentParser
import CommandSupport
import Foundation
import Localization
import Models
import TodosFeature

/// `quickdo done ID…`: marks todos done (already done: left as is).
struct DoneCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "done", abstract: tr("Mark todos done."))
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp(tr("Full ids or unique prefixes."))) var ids: [String]

  func validate() throws {
    if ids.isEmpty { throw ValidationError(tr("give at least one id")) }
  }

  func run() async throws {
    try await reportingErrors { try await Self.done(ids, options: global) }
  }

  @MainActor
  static func done(_ ids: [String], options: GlobalOptions) async throws {
    let session = try TodoSession(options: options)
    for todo in try await session.resolveAll(ids) {
      try await session.send(.markDone(id: todo.id), to: try await session.withFamily(todo))
    }
  }
}

/// `quickdo undo ID`: undoes a todo's last Done.
struct UndoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo",
    abstract: tr("Undo a Done: the todo is pending again, a repeating one back at the time done."))
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp(tr("A full id or a unique prefix."))) var id: String

  func run() async throws {
    try await reportingErrors { try await Self.change(id, options: global) { todo, _ in .markPending(id: todo.id) } }
  }

  /// Sends what `action` makes of the todo `typed` names to a store holding it and its
  /// family (an undo reopens subtasks, a move takes them along).
  @MainActor
  static func change(
    _ typed: String, options: GlobalOptions, _ action: (Todo, TodoSession) async throws -> TodosFeature.Action
  ) async throws {
    let session = try TodoSession(options: options)
    let todo = try await session.resolve(typed)
    try await session.send(try await action(todo, session), to: try await session.withFamily(todo))
  }
}

/// `quickdo rm ID…`: deletes todos.
struct RemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "rm", abstract: tr("Delete todos."))
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp(tr("Full ids or unique prefixes."))) var ids: [String]

  func validate() throws {
    if ids.isEmpty { throw ValidationError(tr("give at least one id")) }
  }

  func run() async throws {
    try await reportingErrors { try await Self.remove(ids, options: global) }
  }

  @MainActor
  static func remove(_ ids: [String], options: GlobalOptions) async throws {
    let session = try TodoSession(options: options)
    let todos = try await session.resolveAll(ids)
    try await session.send(.delete(ids: todos.map(\.id)), to: todos)
  }
}

/// `quickdo edit ID …`: changes a todo's fields.
struct EditCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "edit", abstract: tr("Edit a todo."))
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp(tr("A full id or a unique prefix."))) var id: String
  @Option(help: ArgumentHelp(tr("A new title."))) var title: String?
  @Option(help: ArgumentHelp(tr("New notes."))) var notes: String?
  @Option(help: ArgumentHelp(tr("How much it matters."))) var priority: Priority?
  @Option(help: ArgumentHelp(tr("A new due date ('none' removes it)."))) var due: String?
  @Option(help: ArgumentHelp(tr("A new link ('none' removes it)."))) var url: String?
  @OptionGroup var repeating: RepeatOptions
  @OptionGroup var placing: ListTagOptions
  @Option(name: .customLong("untag"), help: ArgumentHelp(tr("A tag to remove; give it again for more."), valueName: "tag"))
  var untags: [String] = []
  @Option(
    name: .customLong("remind"),
    help: ArgumentHelp(
      tr("Its reminders from now on: a time before it is due (15m, 1d) or a moment ('tomorrow 9:00'); give it again for more; 'none' removes them."),
      valueName: "when"))
  var reminders: [String] = []

  func run() async throws {
    try await reportingErrors {
      var edit = TodoEdit()
      edit.list = try placing.checkedList()
      edit.addTags = try placing.checkedTags()
      edit.removeTags = try untags.map { try validName($0, "tag") }
      if let title { edit.title = try validTitle(title) }
      edit.notes = notes
      edit.priority = priority
      if due == "none" { edit.clearDue = true } else { edit.due = try due.map(parseDue) }
      if url == "none" { edit.clearURL = true } else { edit.url = try url.map(parseURL) }
      edit.reminders = try parseReminders(reminders)
      try await UndoCommand.change(id, options: global) { [edit, repeating, placing] todo, session in
        var edit = edit
        if placing.parent == "none" {
          edit.clearParent = true
        } else if let typed = placing.parent {
          let parent = try await session.resolve(typed)
          let below = TodoFamily(try await session.withFamily(todo)).descendants(of: todo.id)
          guard parent.id != todo.id, !below.contains(parent.id) else {
            throw CLIError(
              tr("%s cannot be the parent of %s: it is that todo or one of its subtasks", parent.shortID, todo.shortID),
              code: .dataError)
          }
          if let list = edit.list, list != parent.list {
            throw CLIError(
              tr("a subtask is in its parent's list: %s is in '%s', not '%s'", parent.shortID, TerminalText.visible(parent.list), TerminalText.visible(list)),
              code: .dataError)
          }
          edit.parent = parent.id
          edit.list = parent.list
        }
        if repeating.rule == "none" {
          guard repeating.until == nil, repeating.count == nil else {
            throw CLIError(tr("--repeat none ends the series; --until and --count go with a rule"), code: .dataError)
          }
          edit.clearRepeat = true
        } else if !repeating.isEmpty {
          edit.repeatRule = try repeating.rule(changing: todo.repeatRule)
          guard edit.repeatRule != nil else {
            throw CLIError(tr("--repeat-from needs a rule (--repeat)"), code: .dataError)
          }
          edit.repeatFrom = repeating.repeatFrom
        }
        var edited = todo
        edit.apply(to: &edited)
        try checkRepeat(edited.repeatRule, due: edited.due)
        if edit.reminders != nil || edit.clearDue { try checkReminders(edited.reminders, due: edited.due) }
        return .edit(id: todo.id, edit)
      }
    }
  }
}

/// `quickdo snooze ID [DURATION]`: hides a todo's notification for a while (default 1h).
struct SnoozeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snooze", abstract: tr("Snooze a todo (default: 1h)."))
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp(tr("A full id or a unique prefix."))) var id: String
  @Argument(help: ArgumentHelp(tr("How long: 90s, 15m, 1h, 1d…"))) var duration: String = "1h"

  func run() async throws {
    try await reportingErrors {
      let until = Date().addingTimeInterval(try parseDuration(duration))
      try await UndoCommand.change(id, options: global) { todo, _ in
        try Self.checkPending(todo)
        return .snooze(id: todo.id, until: until)
      }
    }
  }
}

extension SnoozeCommand {
  /// Only a pending todo has a notification to hide: snoozing a done one is an error (1).
  static func checkPending(_ todo: Todo) throws {
    guard todo.isComplete else { return }
    throw CLIError(
      tr("todo %s is done; only a pending todo can be snoozed (quickdo undo %s first)", todo.idString, todo.shortID),
      code: .notFound)
  }
}

/// `quickdo clear`: deletes every completed todo.
struct ClearCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clear", abstract: tr("Delete all completed todos."))
  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors { try await Self.clear(options: global) }
  }

  @MainActor
  static func clear(options: GlobalOptions) async throws {
    let session = try TodoSession(options: options)
    let completed = try await session.storage.load(.completed)
    try await session.send(.clearCompleted, to: completed)
  }
}
