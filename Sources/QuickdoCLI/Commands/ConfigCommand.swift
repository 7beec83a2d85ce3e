import AgentConfig
import ArgumentParser
import CommandSupport
import Foundation
import Localization
import Models

/// `quickdo config check|show|init`: validate, inspect and create the config file.
struct ConfigCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: tr("Check, show or create the agent's config file."),
    discussion: tr("The config file is --config, else $QUICKDO_CONFIG, else $XDG_CONFIG_HOME/quickdo/config.toml (~/.config/quickdo/config.toml), else the built-in default (data/config.toml in the source tree)."),
    subcommands: [ConfigCheckCommand.self, ConfigShowCommand.self, ConfigInitCommand.self])
}

/// `quickdo config check [PATH]`: exit 0, or 65 listing every error (66 when missing).
struct ConfigCheckCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: tr("Validate a config file and list every problem (exit 65), or say it is fine."))

  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp(tr("The file to check (default: the one the agent would use)."), valueName: "path"))
  var path: String?

  func run() async throws {
    try await reportingErrors {
      let source =
        path.map { ConfigSource(origin: .option, path: expandHome($0)) }
        ?? ConfigSource.locate(option: global.config)
      let loaded = try loadConfig(source)
      try StandardOutput.line(trn(
          "%s: ok (%d key set, the rest built-in defaults)", "%s: ok (%d keys set, the rest built-in defaults)",
          loaded.setKeys.count, source, loaded.setKeys.count))
    }
  }
}

/// `quickdo config show`: the effective configuration and where each value comes from.
struct ConfigShowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: tr("Print the effective configuration and where each value comes from."))

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let source = ConfigSource.locate(option: global.config)
      try StandardOutput.write(Array(TerminalText.visibleLines(try loadConfig(source).rendered).utf8))
    }
  }
}

/// `quickdo config init`: writes the commented default config where the config is looked
/// for (--config, $QUICKDO_CONFIG, else the XDG path).
struct ConfigInitCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: tr("Write the commented default config to the config path (default: $XDG_CONFIG_HOME/quickdo/config.toml); never overwrites."))

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let path = ConfigSource.locate(option: global.config).path ?? ConfigSource.xdgPath()
      let directory = (path as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
      guard fd >= 0 else {
        if errno == EEXIST {
          throw CLIError(tr("%s already exists; not overwriting it (quickdo config show prints the effective values)", path), code: .cannotCreate)
        }
        throw CLIError(tr("cannot create %s: %s", path, String(cString: strerror(errno))), code: .ioError)
      }
      let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
      try handle.write(contentsOf: Data(AgentConfig.builtInText.utf8))
      try StandardOutput.line(tr("wrote %s", path))
    }
  }
}
