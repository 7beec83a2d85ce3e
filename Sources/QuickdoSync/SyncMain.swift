import CommandSupport
import Logging

/// What `quickdo sync` runs once it has parsed its options; the agent runs
/// `quickdo sync --account NAME --json` for each account's sync.
package enum SyncMain {
  @MainActor
  package static func run(_ options: SyncOptions) async throws {
    // The command prints each calendar's outcome itself; the reducer's log lines are the
    // agent's.
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
    try await SyncCommandRun(options: options).run()
  }
}
