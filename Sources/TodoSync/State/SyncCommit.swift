import Foundation
import Models
import SyncClient

/// One transaction of a sync run, for one calendar.
public struct SyncCommit: Equatable, Sendable {
  public var calendar: CalendarReference
  /// Objects whose agreed version is now `agreed`, with the todo to store (nil: keep the
  /// local todo as it is).
  public var saved: [Saved]
  /// Objects gone from both sides now; `deleteTodo` removes the local todo too.
  public var removed: [Removed]
  /// Todos whose change the server refused, as they are now.
  public var setAside: [Refusal] = []
  /// The server's objects this run could not read, set aside as they are.
  public var unreadable: [UnreadableObject] = []
  /// Hrefs read, or gone from the server, in this run: an earlier "could not read" of
  /// theirs is forgotten.
  public var readable: [String] = []
  /// The new sync token, when this commit finishes the changes it covers; nil keeps the
  /// stored one.
  public var token: String?
  /// "ok" or an error, shown by `sync --status`; nil leaves the last outcome.
  public var outcome: String?
  /// The name of the calendar's list the run filed its todos under: the commit is refused
  /// (``SyncListRenamed``) when the calendar's list has another name by then. Nil: not
  /// checked.
  public var listName: String?
  public var now: Date

  public init(
    calendar: CalendarReference, saved: [Saved] = [], removed: [Removed] = [], token: String? = nil,
    outcome: String? = nil, now: Date
  ) {
    self.calendar = calendar
    self.saved = saved
    self.removed = removed
    self.token = token
    self.outcome = outcome
    self.now = now
  }

  public struct Saved: Equatable, Sendable {
    public var href: String
    public var etag: String?
    public var agreed: [UInt8]
    public var todo: Todo?
    public var todoID: UUID
    /// The local revision the todo had when read (nil: a todo new to this device); the
    /// todo is written only if it still has it.
    public var expectedRevision: Int64?
    /// The object's UID, when it is known anew (nil keeps the one recorded).
    public var uid: String?
    /// The calendar it is saved in, when it is not the commit's (a todo moved there).
    public var calendar: URL?

    public init(
      href: String, etag: String?, agreed: [UInt8], todoID: UUID, todo: Todo?,
      expectedRevision: Int64?, uid: String? = nil, calendar: URL? = nil
    ) {
      self.uid = uid
      self.calendar = calendar
      self.href = href
      self.etag = etag
      self.agreed = agreed
      self.todoID = todoID
      self.todo = todo
      self.expectedRevision = expectedRevision
    }
  }

  /// The server refused a todo at `revision` (-1: its deletion); `reason` in its words.
  public struct Refusal: Equatable, Sendable {
    public var todoID: UUID
    public var revision: Int64
    public var reason: String

    public init(todoID: UUID, revision: Int64, reason: String) {
      self.todoID = todoID
      self.revision = revision
      self.reason = reason
    }
  }

  public struct Removed: Equatable, Sendable {
    public var href: String
    public var todoID: UUID
    public var deleteTodo: Bool

    public init(href: String, todoID: UUID, deleteTodo: Bool) {
      self.href = href
      self.todoID = todoID
      self.deleteTodo = deleteTodo
    }
  }
}

/// A commit found the calendar's list renamed since the sync read its name (another
/// account's calendar of the same name found meanwhile): nothing was written, and the sync
/// starts that calendar again under the new name. Otherwise its todos would land in a list
/// that is no calendar's, and the next sync would take them off the server.
public struct SyncListRenamed: Error, Equatable, Sendable {
  public init() {}
}

/// A commit found a todo changed locally after the sync read it: nothing was written, and
/// the sync starts that calendar again from what is stored.
public struct SyncCommitConflict: Error, Equatable, Sendable {
  public let todoID: UUID
  public init(todoID: UUID) { self.todoID = todoID }
}
