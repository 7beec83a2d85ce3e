import Foundation

/// One `[[sync.caldav]]` table: a CalDAV account whose todos quickdo keeps in sync. The
/// password itself is looked up when a sync starts (``passwordCommand``), or written in
/// the file only if the file is private.
public struct SyncAccountConfig: Equatable, Sendable {
  public var name: String
  /// The server root (its calendars are discovered) or one calendar collection.
  public var url: URL
  public var username: String
  /// A program and its arguments, run without a shell, that prints the password.
  public var passwordCommand: [String]
  /// The password as written in a private (0600) config file.
  public var password: String?
  /// Display names or URLs; empty means every calendar holding todos.
  public var calendars: [String]
  /// How often the agent syncs.
  public var interval: TimeInterval
  /// The calendar todos added here go to (display name or URL); nil keeps them local.
  public var defaultCalendar: String?
  /// How long one request to the server, or the password command, may take.
  public var timeout: TimeInterval
  /// A PEM file of certificates to trust besides the system's (a private CA).
  public var caFile: String?
  /// Whether an `http://` URL on another machine is accepted: the password then travels
  /// unencrypted.
  public var allowInsecure: Bool

  public init(
    name: String, url: URL, username: String, passwordCommand: [String] = [], password: String? = nil,
    calendars: [String] = [], interval: TimeInterval = 300, defaultCalendar: String? = nil,
    timeout: TimeInterval = 60, caFile: String? = nil, allowInsecure: Bool = false
  ) {
    self.timeout = timeout
    self.caFile = caFile
    self.allowInsecure = allowInsecure
    self.defaultCalendar = defaultCalendar
    self.name = name
    self.url = url
    self.username = username
    self.passwordCommand = passwordCommand
    self.password = password
    self.calendars = calendars
    self.interval = interval
  }
}
