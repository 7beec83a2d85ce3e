import ArgumentParser
import CommandSupport
import Localization

/// The `quickdo` root command: global options and the list of subcommands.
public struct Quickdo: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "quickdo",
    abstract: tr("Todos as desktop notifications with buttons."),
    discussion: tr("quickdo keeps todos in a SQLite database and shows the pending ones as desktop notifications whose buttons complete, snooze or open them."),
    version: QuickdoVersion.current,
    subcommands: [
      AddCommand.self, ListCommand.self, ListsCommand.self, DoneCommand.self, UndoCommand.self,
      RemoveCommand.self, EditCommand.self, SnoozeCommand.self, ClearCommand.self,
      ImportCommand.self, OpenCommand.self, AgentCommand.self, SyncCommand.self, ConfigCommand.self,
      InstallCommand.self, UninstallCommand.self,
    ]
  )

  public init() {}

  public func run() async throws {
    print(Self.helpMessage())
  }
}
