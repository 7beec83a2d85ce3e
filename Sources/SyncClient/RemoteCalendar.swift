import Foundation

/// A calendar as sync names it wherever it keeps or reports one (discovery, its state,
/// `sync --status`): the account it belongs to, its collection's URL and its display name.
public struct CalendarReference: Equatable, Sendable {
  /// The `[[sync.caldav]]` account's name.
  public var account: String
  /// The collection's absolute URL, ending in "/"; the key sync state is stored under.
  public var url: URL
  public var displayName: String

  public init(account: String, url: URL, displayName: String) {
    self.account = account
    self.url = url
    self.displayName = displayName
  }
}

/// A calendar collection on the server that holds todos, and how its server answers.
public struct RemoteCalendar: Equatable, Sendable {
  public var reference: CalendarReference
  /// Whether the server answers sync-collection (RFC 6578) for it.
  public var supportsSyncCollection: Bool
  /// Whether its sync-collection answers carry the objects when asked. DAViCal's leave them
  /// out unless its administrator lets them in, and take a database query per object to
  /// say so (a second at 1,000 todos): there the changes are asked with their ETags alone
  /// and the objects fetched after.
  public var sendsObjectsWithChanges: Bool
  /// Its WebDAV-Push topic, when its server offers Web Push for it (the `DAV:` header
  /// names `webdav-push` and the collection lists a `web-push` transport).
  public var pushTopic: String?
  /// This device's push subscription on the server, if it has one: named in
  /// `Push-Dont-Notify` on every write, so a write of ours is not pushed back to us.
  public var pushRegistration: URL?

  public init(
    _ reference: CalendarReference, supportsSyncCollection: Bool, sendsObjectsWithChanges: Bool = true,
    pushTopic: String? = nil
  ) {
    self.reference = reference
    self.supportsSyncCollection = supportsSyncCollection
    self.sendsObjectsWithChanges = sendsObjectsWithChanges
    self.pushTopic = pushTopic
  }

  /// The collection's absolute URL, ending in "/".
  public var url: URL { reference.url }
  public var displayName: String { reference.displayName }
}

/// What discovery found: the calendars to sync, and a line for each it skipped (one on
/// another origin, which would not get the account's password).
public struct CalendarList: Equatable, Sendable {
  public var calendars: [RemoteCalendar]
  public var skipped: [String]

  public init(calendars: [RemoteCalendar], skipped: [String] = []) {
    self.calendars = calendars
    self.skipped = skipped
  }
}

/// What changed in a calendar: the hrefs written (with their new ETags) and removed.
public struct RemoteChanges: Equatable, Sendable {
  /// href → ETag of every object created or changed since the token.
  public var changed: [String: String]
  public var removed: [String]
  /// The token to ask from next time; nil when the server keeps none.
  public var token: String?
  /// Whether `changed` lists every object in the calendar (a sync from no token, or a
  /// server without sync-collection): an href not in it is gone.
  public var isComplete: Bool
  /// The changed objects the server sent with the changes; the others are fetched.
  public var objects: [RemoteObject]
  /// A line for each entry of the answer sync refused (an href outside the calendar).
  public var refused: [String]

  public init(
    changed: [String: String], removed: [String], token: String?, isComplete: Bool,
    objects: [RemoteObject] = [], refused: [String] = []
  ) {
    self.refused = refused
    self.changed = changed
    self.removed = removed
    self.token = token
    self.isComplete = isComplete
    self.objects = objects
  }
}

/// One calendar object as the server holds it.
public struct RemoteObject: Equatable, Sendable {
  /// The path the server names it by, as it wrote it.
  public var href: String
  public var etag: String?
  public var data: [UInt8]
  /// The server wrote characters in it that XML forbids; they read as U+FFFD.
  public var hasReplacedCharacters: Bool

  public init(href: String, etag: String?, data: [UInt8], hasReplacedCharacters: Bool = false) {
    self.hasReplacedCharacters = hasReplacedCharacters
    self.href = href
    self.etag = etag
    self.data = data
  }
}

/// How a conditional write ended.
public enum WriteOutcome: Equatable, Sendable {
  /// Done; the object's new ETag when the server said it.
  case written(etag: String?)
  /// The precondition failed (412): someone else changed or created it first.
  case conflict
  /// Nothing is at the href (404 to a DELETE).
  case gone
  /// Not sent, or not taken, for this object alone; why, in words. The rest of the sync
  /// goes on.
  case refused(String)
}

extension RemoteCalendar {
  /// Whether `name` (from the config: a display name, a URL or a path) names this calendar.
  public func matches(_ name: String) -> Bool {
    displayName == name || url.absoluteString == name || url.path == name || url.path == name + "/"
  }
}
