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
  /// How long one request may take, from connecting to the last byte of its answer. A
  /// whole sync of the account may take ``syncDeadlineFactor`` times as long.
  public var timeout: TimeInterval
  /// A PEM file of certificates trusted besides the system's (a private CA).
  public var caFile: String?

  /// How many request timeouts a whole sync of an account may take.
  public static let syncDeadlineFactor: Double = 20

  public init(
    name: String, url: URL, username: String, password: String, calendars: [String] = [],
    defaultCalendar: String? = nil, timeout: TimeInterval = 60, caFile: String? = nil
  ) {
    self.timeout = timeout
    self.caFile = caFile
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
