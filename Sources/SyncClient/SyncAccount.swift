import Foundation

/// One `[[sync.caldav]]` account as a sync run uses it: where the server is, who logs in
/// and with which password (already looked up; never logged or shown).
public struct SyncAccount: Equatable, Sendable, CustomStringConvertible {
  public var name: String
  public var url: URL
  public var username: String
  public var password: String
  /// The calendars to sync, by display name or URL; empty means every one holding todos.
  public var calendars: [String]
  /// The calendar (display name or URL) todos created here go to; nil keeps them local.
  public var defaultCalendar: String?

  public init(
    name: String, url: URL, username: String, password: String, calendars: [String] = [],
    defaultCalendar: String? = nil
  ) {
    self.defaultCalendar = defaultCalendar
    self.name = name
    self.url = url
    self.username = username
    self.password = password
    self.calendars = calendars
  }

  /// The account without its password, for messages and logs.
  public var description: String { "\(name) (\(username) at \(url.absoluteString))" }
}
