import Localization

/// Why a sync with an account failed, each naming the account (never the password); the
/// CLI maps them to exit codes (69 unreachable, 77 refused, 65 bad configuration).
public enum SyncError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
  /// No answer: connection refused, timeout, DNS, TLS. Retried with backoff.
  case unreachable(account: String, detail: String)
  /// 401 or 403: the server refused the username and password. Not retried.
  case refused(account: String, detail: String)
  /// An answer sync cannot use (a 5xx, a body that is not a multistatus).
  case server(account: String, detail: String)
  /// The account's settings do not work (no calendar holds todos, a calendar not found,
  /// the password command failed).
  case configuration(account: String, detail: String)

  public var description: String {
    switch self {
    case let .unreachable(account, detail): tr("sync %s: server unreachable: %s", account, detail)
    case let .refused(account, detail): tr("sync %s: authentication refused: %s", account, detail)
    case let .server(account, detail): tr("sync %s: %s", account, detail)
    case let .configuration(account, detail): tr("sync %s: %s", account, detail)
    }
  }
}

/// The line `quickdo sync --json` prints when an account's sync fails, which the agent
/// reads back.
public struct SyncProgramError: Codable, Equatable, Sendable {
  public var error: SyncError
  public init(error: SyncError) { self.error = error }
}
