import ArgumentParser
import Foundation

/// Options every command takes: where the database and the config are.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file (default: $QUICKDO_DB, else $XDG_DATA_HOME/quickdo/todos.sqlite).",
      valueName: "path"))
  var database: String?

  @Option(
    name: .customLong("config"),
    help: ArgumentHelp(
      "The config file (default: $QUICKDO_CONFIG, else $XDG_CONFIG_HOME/quickdo/config.toml).",
      valueName: "path"))
  var config: String?

  /// The database path: --db, then $QUICKDO_DB, then the XDG data directory.
  var databasePath: String {
    let env = ProcessInfo.processInfo.environment
    if let database, !database.isEmpty { return expandTilde(database) }
    if let path = env["QUICKDO_DB"], !path.isEmpty { return expandTilde(path) }
    let dataHome =
      env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSHomeDirectory() + "/.local/share")
    return dataHome + "/quickdo/todos.sqlite"
  }
}

func expandTilde(_ path: String) -> String {
  path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst(1) : path
}
