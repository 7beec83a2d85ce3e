import Dependencies
import IssueReporting

/// Syncs a configured account, by name, from its password to its last calendar: what the
/// sync reducer asks for. The agent's runner (`SyncProgram`) runs `quickdo sync --account
/// NAME --json` for it, which runs `AccountSync` with the live ``SyncClient``.
public struct SyncRunner: Sendable {
  /// Syncs every calendar of the account; one report per calendar.
  public var run: @Sendable (_ account: String) async throws -> [SyncReport]
  /// The accounts with local changes not yet on their server.
  public var accountsWithQueuedChanges: @Sendable () async throws -> Set<String>

  public init(
    run: @escaping @Sendable (String) async throws -> [SyncReport],
    accountsWithQueuedChanges: @escaping @Sendable () async throws -> Set<String>
  ) {
    self.run = run
    self.accountsWithQueuedChanges = accountsWithQueuedChanges
  }
}

extension SyncRunner: TestDependencyKey {
  /// Every endpoint fails the test when called: tests override what they use.
  public static let testValue = SyncRunner(
    run: unimplemented("SyncRunner.run"),
    accountsWithQueuedChanges: unimplemented("SyncRunner.accountsWithQueuedChanges"))
}

extension DependencyValues {
  /// Runs account syncs.
  public var syncRunner: SyncRunner {
    get { self[SyncRunner.self] }
    set { self[SyncRunner.self] = newValue }
  }
}
