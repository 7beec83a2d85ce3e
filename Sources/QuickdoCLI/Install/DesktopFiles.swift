import AgentConfig
import Foundation

/// The files that integrate quickdo with a desktop session (data/quickdo.service,
/// data/quickdo-agent.desktop, data/quickdo.desktop, embedded in the binary) and where
/// `quickdo install` puts them, with their commands pointing at the installed binary.
struct DesktopFiles {
  /// One file to install.
  struct File: Equatable {
    /// Where it goes.
    var path: String
    /// Its content, with the binary's absolute path in Exec/ExecStart.
    var text: String
  }

  let directories = XDGDirectories()
  var configHome: String { directories.configHome }
  var dataHome: String { directories.dataHome }

  var unitPath: String { configHome + "/systemd/user/quickdo.service" }
  var autostartPath: String { configHome + "/autostart/quickdo-agent.desktop" }
  var linkHandlerPath: String { dataHome + "/applications/quickdo.desktop" }
  /// The link `systemctl --user enable` makes; `uninstall` removes it with the unit.
  var enabledUnitLink: String { configHome + "/systemd/user/graphical-session.target.wants/quickdo.service" }

  /// The three files, their commands rewritten to run `binary` (an absolute path).
  func files(binary: String) throws -> [File] {
    try Self.checkUsable(binary)
    return [
      File(path: unitPath, text: Self.text(PackageResources.quickdo_service)
        .replacingOccurrences(of: "\nExecStart=quickdo ", with: "\nExecStart=\(binary) ")),
      File(path: autostartPath, text: Self.text(PackageResources.quickdo_agent_desktop)
        .replacingOccurrences(of: "\nExec=quickdo ", with: "\nExec=\(binary) ")),
      File(path: linkHandlerPath, text: Self.text(PackageResources.quickdo_desktop)
        .replacingOccurrences(of: "\nExec=quickdo ", with: "\nExec=\(binary) ")),
    ]
  }

  /// The paths `uninstall` removes.
  var installedPaths: [String] { [unitPath, enabledUnitLink, autostartPath, linkHandlerPath] }

  /// Desktop entries and systemd units quote differently; a path made only of these
  /// characters needs quoting in neither, so it is written as it is.
  static func checkUsable(_ binary: String) throws {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._+-")
    guard binary.hasPrefix("/") else {
      throw CLIError("the binary path '\(binary)' is not absolute", code: .usage)
    }
    guard binary.allSatisfy(plain.contains) else {
      throw CLIError(
        "the binary path '\(binary)' contains characters that desktop entries and systemd units would need quoted (spaces, quotes, %, $…); install quickdo under a plain path such as ~/.local/bin, or pass --binary",
        code: .dataError)
    }
  }

  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
