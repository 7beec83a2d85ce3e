import Foundation
import Models
import SyncClient

/// One calendar's stored sync state.
public struct CalendarSyncState: Equatable, Sendable {
  public var url: String
  /// The sync-collection token of the last complete sync; nil before the first.
  public var token: String?
  /// The synced objects by href.
  public var objects: [String: SyncedObject]
  /// The objects sync could not read, by href, with the ETag they were read at ("" when
  /// the server gave none): not fetched again until it changes.
  public var unreadable: [String: String]

  public init(
    url: String, token: String? = nil, objects: [String: SyncedObject] = [:], unreadable: [String: String] = [:]
  ) {
    self.unreadable = unreadable
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
  /// The server refused the change as it is now: it waits until it changes here again or
  /// the user asks for another try.
  public var isSetAside: Bool

  public init(
    href: String, todoID: UUID, etag: String?, agreed: [UInt8], local: Todo?,
    localRevision: Int64 = 0, isChangedLocally: Bool = false, localModified: Date? = nil,
    isSetAside: Bool = false
  ) {
    self.isSetAside = isSetAside
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
  public var calendar: CalendarReference
  public var lastSync: Date?
  /// "ok", or the error of the last attempt.
  public var outcome: String?
  /// Local changes and deletions not yet on the server, those set aside included.
  public var queued: Int
  /// The todos the server refused, each with the server's words; they wait for a change
  /// here or `sync --retry`.
  public var setAside: [SetAside]
  /// The server's objects sync could not read, each with why; they stay on the server as
  /// they are.
  public var unreadable: [UnreadableObject]

  public init(
    calendar: CalendarReference, lastSync: Date?, outcome: String?, queued: Int, setAside: [SetAside] = [],
    unreadable: [UnreadableObject] = []
  ) {
    self.unreadable = unreadable
    self.setAside = setAside
    self.calendar = calendar
    self.lastSync = lastSync
    self.outcome = outcome
    self.queued = queued
  }
}

/// A todo the server refused: its title (nil when it was deleted here) and why.
public struct SetAside: Equatable, Sendable {
  public var title: String?
  public var reason: String

  public init(title: String?, reason: String) {
    self.title = title
    self.reason = reason
  }
}

/// A server's object sync could not read as a todo: where, at which version, and why. It
/// is set aside, named in `sync --status`, and never changed on the server.
public struct UnreadableObject: Equatable, Sendable {
  public var href: String
  public var etag: String?
  public var reason: String

  public init(href: String, etag: String?, reason: String) {
    self.href = href
    self.etag = etag
    self.reason = reason
  }
}

/// What a sync without changes needs to know of a calendar.
public struct CalendarSummary: Equatable, Sendable {
  public var token: String?
  /// Local changes and deletions waiting to be sent, not counting those set aside.
  public var queued: Int
  /// Local changes the server refused as they are now.
  public var setAside: Int
  /// The server's objects sync could not read.
  public var unreadable: Int

  public init(token: String? = nil, queued: Int = 0, setAside: Int = 0, unreadable: Int = 0) {
    self.unreadable = unreadable
    self.token = token
    self.queued = queued
    self.setAside = setAside
  }
}

/// An account's calendars as discovery last found them.
public struct DiscoveredCalendars: Equatable, Sendable {
  public var calendars: [RemoteCalendar]
  /// The account settings that found them (URL, user, calendars asked for).
  public var from: String
  public var at: Date

  public init(calendars: [RemoteCalendar], from: String, at: Date) {
    self.calendars = calendars
    self.from = from
    self.at = at
  }
}

/// A todo that lives only here so far, and its revision when read.
public struct LocalTodo: Equatable, Sendable {
  public var todo: Todo
  public var revision: Int64
  /// A server refused to create it as it is now.
  public var isSetAside: Bool

  public init(todo: Todo, revision: Int64, isSetAside: Bool = false) {
    self.isSetAside = isSetAside
    self.todo = todo
    self.revision = revision
  }
}
