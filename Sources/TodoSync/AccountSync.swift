import Foundation
import InstantSyncClient
import PushUpkeep
import SyncClient
import Localization

/// One account's sync: its calendars (as discovery last found them, or found again), then
/// each calendar both ways, within the account's whole-sync deadline. `quickdo-sync` runs
/// it for each account it is asked for.
public enum AccountSync {
  /// Syncs every calendar of `account` through `client` and `state`; one report per
  /// calendar. Throws a ``SyncError`` saying what stopped it.
  public static func run(
    _ account: SyncAccount, client: SyncClient, state: SyncStateClient, push: PushStateClient? = nil,
    dryRun: Bool = false, now: @escaping @Sendable () -> Date = Date.init
  ) async throws -> [SyncReport] {
    try await withDeadline(account) {
      try await sync(account, client: client, state: state, push: push, dryRun: dryRun, now: now)
    }
  }

  /// `work`, given up with an `unreachable` error when the account's whole-sync deadline
  /// passes (each request has its own, shorter one).
  static func withDeadline(
    _ account: SyncAccount, _ work: @escaping @Sendable () async throws -> [SyncReport]
  ) async throws -> [SyncReport] {
    let seconds = account.timeout * SyncAccount.syncDeadlineFactor
    return try await withThrowingTaskGroup(of: [SyncReport]?.self) { group in
      group.addTask { try await work() }
      group.addTask {
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let reports = first else {
        throw SyncError.unreachable(
          account: account.name, detail: tr("the sync did not finish within %s s; it is done again next time", Int(seconds)))
      }
      return reports
    }
  }

  /// Every calendar of `account`, one after the other.
  static func sync(
    _ account: SyncAccount, client: SyncClient, state: SyncStateClient, push: PushStateClient?, dryRun: Bool,
    now: @escaping @Sendable () -> Date
  ) async throws -> [SyncReport] {
    let name = account.name
    let discovery = AccountDiscovery(account: account, client: client, state: state, now: now)
    var reports: [SyncReport] = []
    let list = try await discovery.calendars(saving: !dryRun)
    var calendars = list.calendars
    var pushNotes: [String] = []
    if let push, !dryRun {
      (calendars, pushNotes) = try await PushUpkeep(account: account, client: client, push: push, now: now).run(calendars)
    }
    if let wanted = account.defaultCalendar, !calendars.contains(where: { $0.matches(wanted) }) {
      throw SyncError.configuration(
        account: name, detail: tr("default_calendar \"%s\" is none of the account's calendars (%s)", wanted, calendars.map { "\"\($0.displayName)\"" }.joined(separator: ", ")))
    }
    // Each calendar's list, as storage named it when discovery saved the calendars (a dry
    // run's calendars found anew go by their display names).
    let stored = try await state.listNames()
    let named = Dictionary(
      calendars.compactMap { calendar in stored[calendar.url.absoluteString].map { (calendar.url, $0) } },
      uniquingKeysWith: { first, _ in first })
    for calendar in calendars {
      let listName = named[calendar.url] ?? calendar.displayName
      let sync = CalendarSync(
        account: account, calendar: calendar, client: client, state: state, now: now, dryRun: dryRun,
        listName: listName,
        otherLists: Dictionary(
          calendars.filter { $0.url != calendar.url }.map { (named[$0.url] ?? $0.displayName, $0) },
          uniquingKeysWith: { first, _ in first }))
      do {
        reports.append(try await sync.run())
      } catch let error as SyncError {
        if !dryRun {
          // Found again next time, in case the calendar moved or went.
          try? await discovery.forget()
          try? await state.commit(
            SyncCommit(
              calendar: calendar.reference,
              outcome: error.description, now: now()))
        }
        throw error
      }
    }
    // Discovery's lines go with the first calendar's report.
    if !reports.isEmpty { reports[0].notes = list.skipped + pushNotes + reports[0].notes }
    return reports
  }

  /// The accounts with local changes waiting: changed or deleted synced todos, and todos
  /// put in one of their calendars' lists that are not on the server yet. The agent asks it
  /// to know which accounts to sync after a change.
  public static func queuedAccounts(state: SyncStateClient) async throws -> Set<String> {
    Set(try await state.status().filter { $0.queued > 0 }.map(\.calendar.account))
      .union(try await state.accountsWithNewTodos())
  }
}

/// An account's calendars: as discovery last found them when that was recent and with the
/// same settings, else discovered again and kept, so that a sync with no change is one
/// request per calendar (discovery takes three more).
struct AccountDiscovery {
  let account: SyncAccount
  let client: SyncClient
  let state: SyncStateClient
  let now: @Sendable () -> Date

  /// How long found calendars are trusted before discovery runs again (new calendars on
  /// the server show up within this time).
  static let maxAge: TimeInterval = 86_400

  /// What found the calendars: the settings that change what discovery finds, and the
  /// rules it found them under (calendars kept by an older discovery, which did not check
  /// their origin, are found again).
  var key: String {
    (["origin-checked", "push", account.url.absoluteString, account.username] + account.calendars).joined(separator: "\n")
  }

  func calendars(saving: Bool) async throws -> CalendarList {
    if let found = try await state.discovered(account.name), found.from == key,
      now().timeIntervalSince(found.at) < Self.maxAge, !found.calendars.isEmpty
    {
      return CalendarList(calendars: found.calendars)
    }
    let list = try await client.calendars(account)
    if saving {
      try await state.saveDiscovered(
        account.name, DiscoveredCalendars(calendars: list.calendars, from: key, at: now()))
    }
    return list
  }

  /// Makes the next sync discover again.
  func forget() async throws {
    guard var found = try await state.discovered(account.name) else { return }
    found.at = .distantPast
    try await state.saveDiscovered(account.name, found)
  }
}
