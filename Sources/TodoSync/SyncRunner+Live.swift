import Foundation
import SyncClient
import SyncStateClient

extension SyncRunner {
  /// Syncs `accounts` through `client` and `state`; `account(name)` gives an account with
  /// its password looked up (nil: no such account any more).
  public static func live(
    client: SyncClient, state: SyncStateClient,
    account: @escaping @Sendable (String) async throws -> SyncAccount?,
    dryRun: Bool = false
  ) -> SyncRunner {
    SyncRunner(
      run: { name in
        guard let account = try await account(name) else { return [] }
        var reports: [SyncReport] = []
        for calendar in try await client.calendars(account) {
          let sync = CalendarSync(account: account, calendar: calendar, client: client, state: state, dryRun: dryRun)
          do {
            reports.append(try await sync.run())
          } catch let error as SyncError {
            if !dryRun {
              try? await state.commit(
                SyncCommit(
                  calendar: .init(url: calendar.url.absoluteString, account: name, displayName: calendar.displayName),
                  outcome: error.description, now: Date()))
            }
            throw error
          }
        }
        return reports
      },
      accountsWithQueuedChanges: {
        Set(try await state.status().filter { $0.queued > 0 }.map(\.account))
      })
  }
}
