import AgentConfig
import ArgumentParser
import Foundation
import Localization

/// Options every command takes: where the database and the config are.
package struct GlobalOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      tr("The database file (default: $QUICKDO_DB, else $XDG_DATA_HOME/quickdo/todos.sqlite)."),
      valueName: "path"))
  package var database: String?

  @Option(
    name: .customLong("config"),
    help: ArgumentHelp(
      tr("The config file (default: $QUICKDO_CONFIG, else $XDG_CONFIG_HOME/quickdo/config.toml)."),
      valueName: "path"))
  package var config: String?

  package init() {}

  /// Where these options say the database and the config are.
  package var locations: FileLocations { FileLocations(database: database, config: config) }

  /// The config file that applies (see `ConfigSource.locate`).
  package var configSource: ConfigSource { locations.configSource }

  /// The database path (see ``FileLocations/databasePath(config:)``).
  package func databasePath() throws -> String { try locations.databasePath() }

  /// `$XDG_DATA_HOME/quickdo/todos.sqlite`.
  package var defaultDatabasePath: String { locations.defaultDatabasePath }
}

/// The database and config a command uses, from `--db` and `--config` (either may be
/// missing), the environment and the XDG directories.
package struct FileLocations: Equatable, Sendable {
  package var database: String?
  package var config: String?

  package init(database: String?, config: String?) {
    self.database = database
    self.config = config
  }

  /// The config file that applies (see `ConfigSource.locate`).
  package var configSource: ConfigSource {
    ConfigSource.locate(option: config)
  }

  /// The database path: --db, then $QUICKDO_DB, then `storage.database` of the config
  /// file (read only when there is one, unless `config` is it already loaded; a relative
  /// path is relative to the config file's directory, so every shell finds the same
  /// database), then the XDG data directory.
  package func databasePath(config loaded: LoadedConfig? = nil) throws -> String {
    if let database, !database.isEmpty { return expandHome(database) }
    if let path = EnvironmentVariables.process["QUICKDO_DB"], !path.isEmpty { return expandHome(path) }
    let source = loaded?.source ?? configSource
    if let configPath = source.path {
      let configured = expandHome(try (loaded ?? loadConfig(source)).config.database)
      if configured.hasPrefix("/") { return configured }
      if !configured.isEmpty {
        return (configPath as NSString).deletingLastPathComponent + "/" + configured
      }
    }
    return defaultDatabasePath
  }

  /// `$XDG_DATA_HOME/quickdo/todos.sqlite`.
  package var defaultDatabasePath: String {
    XDGDirectories().dataHome + "/quickdo/todos.sqlite"
  }
}
