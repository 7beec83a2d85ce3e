import AgentConfig
import Foundation
import SyncClient
import SyncFeature
import Synchronization

/// The `[[sync.caldav]]` accounts in force (replaced on config reload), each turned into a
/// ``SyncAccount`` with its password looked up when a sync starts.
final class ConfiguredAccounts: Sendable {
  private let accounts: Mutex<[SyncAccountConfig]>

  init(_ accounts: [SyncAccountConfig]) { self.accounts = Mutex(accounts) }

  func replace(with accounts: [SyncAccountConfig]) { self.accounts.withLock { $0 = accounts } }

  var current: [SyncAccountConfig] { accounts.withLock { $0 } }

  /// The account named `name` with its password; nil when it is no longer configured.
  func account(named name: String) throws(SyncError) -> SyncAccount? {
    let all = accounts.withLock { $0 }
    guard let index = all.firstIndex(where: { $0.name == name }) else { return nil }
    let config = all[index]
    return SyncAccount(
      name: config.name, url: config.url, username: config.username,
      password: try PasswordLookup.password(for: config, key: "sync.caldav[\(index + 1)]"),
      calendars: config.calendars, defaultCalendar: config.defaultCalendar)
  }

  /// The accounts that take the todos added here.
  var withDefaultCalendars: [String] {
    accounts.withLock { $0.filter { $0.defaultCalendar != nil }.map(\.name) }
  }

  /// Each account's schedule, for the sync reducer.
  static func schedules(_ accounts: [SyncAccountConfig]) -> [SyncFeature.Account] {
    accounts.map { SyncFeature.Account(id: $0.name, interval: $0.interval) }
  }
}
