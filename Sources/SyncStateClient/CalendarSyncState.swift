import Foundation
import Models

/// One calendar's stored sync state.
public struct CalendarSyncState: Equatable, Sendable {
  public var url: String
  /// The sync-collection token of the last complete sync; nil before the first.
  public var token: String?
  /// The synced objects by href.
  public var objects: [String: SyncedObject]

  public init(url: String, token: String? = nil, objects: [String: SyncedObject] = [:]) {
    self.url = url
    self.token = token
    self.objects = objects
  }
}

/// A todo that lives on the server too: where, which version, and what both sides agreed.
public struct SyncedObject: Equatable, Sendable {
  public var href: String
  public var todoID: UUID
  /// The server's ETag of the agreed version; nil while the todo waits to be created there.
  public var etag: String?
  /// The object's text as both sides last agreed on it (the base of a three-way merge).
  public var agreed: [UInt8]
  /// The todo as it is locally, nil when it was deleted locally (and waits to be deleted
  /// on the server).
  public var local: Todo?
  /// The todo's revision when it was read; a commit changes it only if still the same.
  public var localRevision: Int64
  /// Whether the todo changed locally since the agreed version.
  public var isChangedLocally: Bool
  /// When the todo was last written locally (nil for rows older than sync).
  public var localModified: Date?

  public init(
    href: String, todoID: UUID, etag: String?, agreed: [UInt8], local: Todo?,
    localRevision: Int64 = 0, isChangedLocally: Bool = false, localModified: Date? = nil
  ) {
    self.localModified = localModified
    self.href = href
    self.todoID = todoID
    self.etag = etag
    self.agreed = agreed
    self.local = local
    self.localRevision = localRevision
    self.isChangedLocally = isChangedLocally
  }
}

/// A calendar's last sync and its queue, for `quickdo sync --status`.
public struct CalendarSyncStatus: Equatable, Sendable {
  public var url: String
  public var account: String
  public var displayName: String
  public var lastSync: Date?
  /// "ok", or the error of the last attempt.
  public var outcome: String?
  /// Local changes and deletions not yet on the server.
  public var queued: Int

  public init(
    url: String, account: String, displayName: String, lastSync: Date?, outcome: String?,
    queued: Int
  ) {
    self.url = url
    self.account = account
    self.displayName = displayName
    self.lastSync = lastSync
    self.outcome = outcome
    self.queued = queued
  }
}

/// An account's calendars as discovery last found them.
public struct DiscoveredCalendars: Equatable, Sendable {
  public struct Calendar: Equatable, Sendable {
    public var url: String
    public var displayName: String
    public var supportsSyncCollection: Bool

    public init(url: String, displayName: String, supportsSyncCollection: Bool) {
      self.url = url
      self.displayName = displayName
      self.supportsSyncCollection = supportsSyncCollection
    }
  }

  public var calendars: [Calendar]
  /// The account settings that found them (URL, user, calendars asked for).
  public var from: String
  public var at: Date

  public init(calendars: [Calendar], from: String, at: Date) {
    self.calendars = calendars
    self.from = from
    self.at = at
  }
}

/// A todo that lives only here so far, and its revision when read.
public struct LocalTodo: Equatable, Sendable {
  public var todo: Todo
  public var revision: Int64

  public init(todo: Todo, revision: Int64) {
    self.todo = todo
    self.revision = revision
  }
}
