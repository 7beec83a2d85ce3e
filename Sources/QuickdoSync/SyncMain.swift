import ArgumentParser
import CommandSupport
import Logging

/// The `quickdo-sync` program's command, which `quickdo sync` execs with the options it
/// parsed, and the agent runs with `--account NAME --json` for each account's sync.
public struct SyncMain: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "quickdo-sync", abstract: SyncOptions.abstract,
    discussion: SyncOptions.discussion, version: QuickdoVersion.current)

  @OptionGroup var options: SyncOptions

  public init() {}

  public func run() async throws {
    try await Self.run(options.settings)
  }

  /// Runs `arguments` as this command does: a plain sync line (`SyncSettings(plainLine:)`)
  /// at once, any other through ArgumentParser. Exits with the sync's status.
  public static func runAndExit(_ arguments: [String]) async -> Never {
    guard let settings = SyncSettings(plainLine: arguments) else {
      await main(arguments)
      exit(withError: nil)
    }
    do {
      try await run(settings)
      exit(withError: nil)
    } catch {
      exit(withError: error)
    }
  }

  static func run(_ settings: SyncSettings) async throws {
    // The command prints each calendar's outcome itself; the reducer's log lines are the
    // agent's.
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
    try await reportingErrors {
      try await SyncCommandRun(options: settings).run()
    }
  }
}
