import AgentConfig
import Foundation
import SyncClient

/// The `[[sync.caldav]]` accounts of the config, each turned into a ``SyncAccount`` with its
/// password looked up when its sync starts.
struct ConfiguredAccounts: Sendable {
  let accounts: [SyncAccountConfig]

  init(_ accounts: [SyncAccountConfig]) { self.accounts = accounts }

  /// The account named `name` with its password; nil when it is no longer configured.
  func account(named name: String) throws(SyncError) -> SyncAccount? {
    guard let index = accounts.firstIndex(where: { $0.name == name }) else { return nil }
    let config = accounts[index]
    return SyncAccount(
      name: config.name, url: config.url, username: config.username,
      password: try PasswordLookup.password(for: config, key: "sync.caldav[\(index + 1)]"),
      calendars: config.calendars, defaultCalendar: config.defaultCalendar, timeout: config.timeout,
      caFile: config.caFile)
  }

}
