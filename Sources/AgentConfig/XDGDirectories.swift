import Foundation

/// The XDG base directories quickdo's files live under (config file, database, desktop
/// files), each from its variable, else its default under the home directory; one place
/// for the rule so every command finds the same files.
public struct XDGDirectories: Equatable, Sendable {
  /// `$XDG_CONFIG_HOME`, else `~/.config`.
  public var configHome: String
  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  public var dataHome: String

  public init(environment: EnvironmentVariables = .process) {
    func directory(_ key: String, _ fallback: String) -> String {
      environment[key].flatMap { $0.isEmpty ? nil : $0 }
        ?? (Self.home(environment: environment) + fallback)
    }
    configHome = directory("XDG_CONFIG_HOME", "/.config")
    dataHome = directory("XDG_DATA_HOME", "/.local/share")
  }

  /// `$HOME`, else the account's home directory. For the CLI's budget: `NSHomeDirectory()`
  /// sets up `FileManager` first, a cost of every command that finds its files by default.
  public static func home(environment: EnvironmentVariables = .process) -> String {
    environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  }
}
