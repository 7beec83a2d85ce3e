import ArgumentParser
import CommandSupport
import Logging

/// `quickdo sync`'s command, as sync's image or the `quickdo-sync` program runs it: the
/// one parser of a sync line (`SyncOptions`, which the CLI's listing of `sync` shares).
/// `SyncLaunch` in `quickdo` hands it every sync, a user's or the agent's.
public struct SyncMain: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "quickdo sync", abstract: SyncOptions.abstract,
    discussion: SyncOptions.discussion, version: QuickdoVersion.current)

  @OptionGroup var options: SyncOptions

  public init() {}

  public func run() async throws {
    // The command prints each calendar's outcome itself; the reducer's log lines are the
    // agent's.
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
    try await reportingErrors {
      try await SyncCommandRun(options: options.settings).run()
    }
  }

  /// Parses and runs `arguments` (what follows `quickdo sync`), then exits with the sync's
  /// status.
  public static func runAndExit(_ arguments: [String]) async -> Never {
    await main(arguments)
    exit(withError: nil)
  }
}
