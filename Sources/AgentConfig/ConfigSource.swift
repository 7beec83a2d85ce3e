import Foundation
import Localization

/// Which config file applies: `--config`, else `$QUICKDO_CONFIG`, else
/// `$XDG_CONFIG_HOME/quickdo/config.toml` (`~/.config` when unset) if it exists, else the
/// built-in default. A file named by the option or the variable must exist; the XDG one
/// is optional.
public struct ConfigSource: Equatable, Sendable, CustomStringConvertible {
  public enum Origin: String, Equatable, Sendable {
    case option = "--config"
    case environment = "$QUICKDO_CONFIG"
    case xdg = "XDG config"
    case builtIn = "built-in default"
  }

  public var origin: Origin
  /// The file; nil for the built-in default.
  public var path: String?

  public init(origin: Origin, path: String?) {
    self.origin = origin
    self.path = path
  }

  public static func locate(
    option: String?, environment: EnvironmentVariables = .process
  ) -> ConfigSource {
    if let option, !option.isEmpty { return ConfigSource(origin: .option, path: expandHome(option)) }
    if let path = environment["QUICKDO_CONFIG"], !path.isEmpty {
      return ConfigSource(origin: .environment, path: expandHome(path))
    }
    let xdg = xdgPath(environment: environment)
    var info = stat()
    if lstat(xdg, &info) == 0 { return ConfigSource(origin: .xdg, path: xdg) }
    return ConfigSource(origin: .builtIn, path: nil)
  }

  /// `$XDG_CONFIG_HOME/quickdo/config.toml`, `~/.config/quickdo/config.toml` when unset.
  public static func xdgPath(environment: EnvironmentVariables = .process) -> String {
    XDGDirectories(environment: environment).configHome + "/quickdo/config.toml"
  }

  /// The configuration this source gives: the file over the built-in defaults.
  public func load() throws(ConfigErrors) -> LoadedConfig {
    guard let path else { return LoadedConfig(config: .defaults, setKeys: [], source: self) }
    let (config, setKeys) = try ConfigParser.parseFile(at: path)
    return LoadedConfig(config: config, setKeys: setKeys, source: self)
  }

  public var description: String {
    let origin = self.origin == .builtIn ? tr("built-in default") : self.origin == .xdg ? tr("XDG config") : origin.rawValue
    return path.map { "\($0) (\(origin))" } ?? origin
  }
}

/// A configuration and where it came from, key by key.
public struct LoadedConfig: Equatable, Sendable {
  public var config: AgentConfig
  /// The keys the file set; every other key has its built-in default.
  public var setKeys: [String]
  public var source: ConfigSource

  public init(config: AgentConfig, setKeys: [String], source: ConfigSource) {
    self.config = config
    self.setKeys = setKeys
    self.source = source
  }
}

/// `~/x` → `$HOME/x`.
public func expandHome(_ path: String) -> String {
  path.hasPrefix("~/") ? XDGDirectories.home() + path.dropFirst(1) : path
}
