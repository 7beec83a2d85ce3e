import AgentConfig
import Foundation
import SyncClient

/// The `[[sync.caldav]]` accounts of the config, each with its password looked up when its
/// sync starts.
struct ConfiguredAccounts: Sendable {
  let accounts: [SyncAccount]

  init(_ accounts: [SyncAccount]) { self.accounts = accounts }

  /// The account named `name` with its password; nil when it is no longer configured.
  func account(named name: String) throws(SyncError) -> SyncAccount? {
    guard let index = accounts.firstIndex(where: { $0.name == name }) else { return nil }
    var account = accounts[index]
    account.password = try PasswordLookup.password(for: account, key: "sync.caldav[\(index + 1)]")
    return account
  }

}
