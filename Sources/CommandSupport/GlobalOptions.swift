import ArgumentParser
import AgentConfig
import Foundation

/// Options every command takes: where the database and the config are.
package struct GlobalOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file (default: $QUICKDO_DB, else $XDG_DATA_HOME/quickdo/todos.sqlite).",
      valueName: "path"))
  package var database: String?

  @Option(
    name: .customLong("config"),
    help: ArgumentHelp(
      "The config file (default: $QUICKDO_CONFIG, else $XDG_CONFIG_HOME/quickdo/config.toml).",
      valueName: "path"))
  package var config: String?

  package init() {}

  /// The config file that applies (see `ConfigSource.locate`).
  package var configSource: ConfigSource {
    ConfigSource.locate(option: config)
  }

  /// The database path: --db, then $QUICKDO_DB, then `storage.database` of the config
  /// file (read only when there is one; a relative path is relative to the config file's
  /// directory, so every shell finds the same database), then the XDG data directory.
  package func databasePath() throws -> String {
    if let database, !database.isEmpty { return expandHome(database) }
    if let path = EnvironmentVariables.process["QUICKDO_DB"], !path.isEmpty { return expandHome(path) }
    let source = configSource
    if let configPath = source.path {
      let configured = expandHome(try loadConfig(source).config.database)
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
