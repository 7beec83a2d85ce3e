/// One thing wrong with a config file, located as precisely as the parser allows.
public struct ConfigIssue: Equatable, Sendable, CustomStringConvertible {
  public var file: String
  /// The key path (`notifications.max`), or nil for a problem with the whole file.
  public var key: String?
  public var line: Int?
  public var message: String

  public init(file: String, key: String? = nil, line: Int? = nil, message: String) {
    self.file = file
    self.key = key
    self.line = line
    self.message = message
  }

  /// `config.toml:12: notifications.max: must be from 1 to 20, not 50`
  public var description: String {
    var out = file
    if let line { out += ":\(line)" }
    if let key { out += ": \(key)" }
    return out + ": " + message
  }
}

/// Why a config file was rejected: every issue found, not just the first.
public struct ConfigErrors: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The file does not exist (sysexits 66).
    case missing
    /// It cannot be read, is not a file, or is writable by others (74).
    case unreadable
    /// It is not valid TOML or not a valid configuration (65).
    case invalid
  }

  public var kind: Kind
  public var issues: [ConfigIssue]

  public init(_ kind: Kind, _ issues: [ConfigIssue]) {
    self.kind = kind
    self.issues = issues
  }

  public var description: String { issues.map(\.description).joined(separator: "\n") }
}
