import Foundation
import Models

/// What sync remembers between runs, kept in the todo database: per calendar its sync
/// token, per object its href, ETag and the text both sides last agreed on. The live
/// implementation is in `TodoStorageLive`; tests override these closures.
public struct SyncStateClient: Sendable {
  /// The stored state of a calendar, with each synced todo as it is locally now.
  public var calendar: @Sendable (_ url: String) async throws -> CalendarSyncState
  /// A calendar's token alone: what the server is asked with, read first so that the
  /// question goes out before anything else is read.
  public var token: @Sendable (_ url: String) async throws -> String?
  /// A calendar's token, how many local changes wait, and how many of those the server
  /// refused and are set aside, without reading its objects: a sync without changes reads
  /// no more than this.
  public var summary: @Sendable (_ url: String) async throws -> CalendarSummary
  /// Applies a sync step in one transaction: local todos written and deleted, objects'
  /// agreed versions, the calendar's token. A todo changed locally since it was read is
  /// left as it is (its object's agreed version is still recorded, so the next sync
  /// merges the change).
  public var commit: @Sendable (_ commit: SyncCommit) async throws -> Void
  /// The todos in a list that live on no server yet (todos put in a calendar's list, to
  /// be created there), with their revisions and whether a server refused them as they are.
  public var unsynced: @Sendable (_ list: String) async throws -> [LocalTodo]
  /// The accounts whose calendars' lists hold todos not created on their server yet.
  public var accountsWithNewTodos: @Sendable () async throws -> Set<String>
  /// Each calendar's list name, by the calendar's URL (see `CalendarLists`).
  public var listNames: @Sendable () async throws -> [String: String]
  /// The UID of every synced object with its todo's id, across calendars: how RELATED-TO
  /// names a parent. `fill`: objects stored before UIDs were kept get theirs (read from
  /// their agreed text) recorded.
  public var relatives: @Sendable (_ fill: Bool) async throws -> Relatives
  /// Every calendar's last sync and what waits to be sent, for `quickdo sync --status`.
  public var status: @Sendable () async throws -> [CalendarSyncStatus]
  /// The calendars last discovered for an account, with what found them and when.
  public var discovered: @Sendable (_ account: String) async throws -> DiscoveredCalendars?
  /// Records an account's calendars as discovery found them; calendars of the account no
  /// longer found are forgotten (their todos stay, no longer synced).
  public var saveDiscovered: @Sendable (_ account: String, _ calendars: DiscoveredCalendars) async throws -> Void
  /// Forgets every refusal, so the next sync sends those todos again (`sync --retry`); how
  /// many there were.
  public var forgetRefusals: @Sendable () async throws -> Int

  public init(
    calendar: @escaping @Sendable (String) async throws -> CalendarSyncState,
    token: @escaping @Sendable (String) async throws -> String?,
    summary: @escaping @Sendable (String) async throws -> CalendarSummary,
    commit: @escaping @Sendable (SyncCommit) async throws -> Void,
    unsynced: @escaping @Sendable (String) async throws -> [LocalTodo],
    accountsWithNewTodos: @escaping @Sendable () async throws -> Set<String>,
    listNames: @escaping @Sendable () async throws -> [String: String],
    relatives: @escaping @Sendable (Bool) async throws -> Relatives,
    status: @escaping @Sendable () async throws -> [CalendarSyncStatus],
    discovered: @escaping @Sendable (String) async throws -> DiscoveredCalendars?,
    saveDiscovered: @escaping @Sendable (String, DiscoveredCalendars) async throws -> Void,
    forgetRefusals: @escaping @Sendable () async throws -> Int
  ) {
    self.forgetRefusals = forgetRefusals
    self.discovered = discovered
    self.saveDiscovered = saveDiscovered
    self.calendar = calendar
    self.unsynced = unsynced
    self.accountsWithNewTodos = accountsWithNewTodos
    self.listNames = listNames
    self.relatives = relatives
    self.token = token
    self.summary = summary
    self.commit = commit
    self.status = status
  }
}
