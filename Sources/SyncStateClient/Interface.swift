import Foundation
import Models

/// What sync remembers between runs, kept in the todo database: per calendar its sync
/// token, per object its href, ETag and the text both sides last agreed on. The live
/// implementation is in `TodoStorageLive`; tests override these closures.
public struct SyncStateClient: Sendable {
  /// The stored state of a calendar, with each synced todo as it is locally now.
  public var calendar: @Sendable (_ url: String) async throws -> CalendarSyncState
  /// Applies a sync step in one transaction: local todos written and deleted, objects'
  /// agreed versions, the calendar's token. A todo changed locally since it was read is
  /// left as it is (its object's agreed version is still recorded, so the next sync
  /// merges the change).
  public var commit: @Sendable (_ commit: SyncCommit) async throws -> Void
  /// Every calendar's last sync and what waits to be sent, for `quickdo sync --status`.
  public var status: @Sendable () async throws -> [CalendarSyncStatus]

  public init(
    calendar: @escaping @Sendable (String) async throws -> CalendarSyncState,
    commit: @escaping @Sendable (SyncCommit) async throws -> Void,
    status: @escaping @Sendable () async throws -> [CalendarSyncStatus]
  ) {
    self.calendar = calendar
    self.commit = commit
    self.status = status
  }
}
