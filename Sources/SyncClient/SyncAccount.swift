import Foundation
import Localization

/// One `[[sync.caldav]]` account: what the config says of it, and what a sync of it uses.
/// The config reads it, the agent schedules it, and the sync looks its password up and
/// talks to its server with it. The password is never logged or shown.
public struct SyncAccount: Equatable, Sendable, CustomStringConvertible {
  public var name: String
  /// The server root (its calendars are discovered) or one calendar collection.
  public var url: URL
  public var username: String
  /// A program and its arguments, run without a shell, that prints the password.
  public var passwordCommand: [String]
  /// The password as written in a private (0600) config file; or, once a sync looked it
  /// up, what ``passwordCommand`` printed.
  public var password: String?
  /// The calendars to sync, by display name or URL; empty means every one holding todos.
  public var calendars: [String]
  /// How often the agent syncs.
  public var interval: TimeInterval
  /// The calendar (display name or URL) todos created here go to; nil keeps them local.
  public var defaultCalendar: String?
  /// How long one request may take, from connecting to the last byte of its answer, and
  /// how long the password command may take. A whole sync of the account may take
  /// ``syncDeadlineFactor`` times as long.
  public var timeout: TimeInterval
  /// A PEM file of certificates trusted besides the system's (a private CA).
  public var caFile: String?
  /// Whether an `http://` URL on another machine is accepted: the password then travels
  /// unencrypted.
  public var allowInsecure: Bool
  /// Whether the agent asks the server to push changes (WebDAV-Push), where the server
  /// offers it and a UnifiedPush distributor runs (`push = "auto"`; `"off"` never does).
  public var push: Bool
  /// How often the agent syncs while push works for every calendar of the account that
  /// offers it: a safety net, as a push may be lost.
  public var pushInterval: TimeInterval

  /// How many request timeouts a whole sync of an account may take.
  public static let syncDeadlineFactor: Double = 20

  public init(
    name: String, url: URL, username: String, passwordCommand: [String] = [], password: String? = nil,
    calendars: [String] = [], interval: TimeInterval = 300, defaultCalendar: String? = nil,
    timeout: TimeInterval = 60, caFile: String? = nil, allowInsecure: Bool = false, push: Bool = true,
    pushInterval: TimeInterval = 1800
  ) {
    self.push = push
    self.pushInterval = pushInterval
    self.name = name
    self.url = url
    self.username = username
    self.passwordCommand = passwordCommand
    self.password = password
    self.calendars = calendars
    self.interval = interval
    self.defaultCalendar = defaultCalendar
    self.timeout = timeout
    self.caFile = caFile
    self.allowInsecure = allowInsecure
  }

  /// The account without its password, for messages and logs.
  public var description: String { tr("%s (%s at %s)", name, username, url.absoluteString) }
}
