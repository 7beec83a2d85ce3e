import AgentConfig
import PushFeature
import SyncClient
import SyncFeature
import Synchronization

/// The `[[sync.caldav]]` accounts in force in the agent, replaced on config reload.
final class SyncAccounts: Sendable {
  private let accounts: Mutex<[SyncAccount]>

  init(_ accounts: [SyncAccount]) { self.accounts = Mutex(accounts) }

  var current: [SyncAccount] { accounts.withLock { $0 } }

  func replace(with accounts: [SyncAccount]) { self.accounts.withLock { $0 = accounts } }

  /// Each account's schedule, for the sync reducer.
  static func schedules(_ accounts: [SyncAccount]) -> [SyncFeature.Account] {
    accounts.map {
      SyncFeature.Account(id: $0.name, interval: $0.interval, pushInterval: $0.push ? $0.pushInterval : nil)
    }
  }

  /// Each account as instant sync needs it.
  static func push(_ accounts: [SyncAccount]) -> [PushFeature.Account] {
    accounts.map { PushFeature.Account(name: $0.name, push: $0.push) }
  }
}
