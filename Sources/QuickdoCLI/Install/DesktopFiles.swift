import AgentConfig
import CommandSupport
import Foundation
import Localization

/// The files that integrate quickdo with a desktop session (data/quickdo.service,
/// data/quickdo-agent.desktop, data/quickdo.desktop, the icon data/quickdo.svg, and the
/// launchers' data/quickdo-runner.desktop and data/org.quickdo.Agent.service, embedded in
/// the binary) and where `quickdo install` puts them, with their commands pointing at the
/// installed binary. GNOME's search provider is not among them: GNOME Shell reads providers
/// from the system's data folders only, where the package puts it.
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
  /// Where icon themes look for an app's scalable icon; the desktop entries and the
  /// notifications name it.
  var iconPath: String { dataHome + "/icons/hicolor/scalable/apps/quickdo.svg" }
  /// The agent's entry where menus and GNOME's search look: the search provider names it.
  var agentEntryPath: String { dataHome + "/applications/quickdo-agent.desktop" }
  /// KRunner's runner, and the D-Bus activation file that starts the agent when a launcher
  /// asks for it.
  var runnerPath: String { dataHome + "/krunner/dbusplugins/quickdo.desktop" }
  var busServicePath: String { dataHome + "/dbus-1/services/org.quickdo.Agent.service" }
  /// The link `systemctl --user enable` makes; `uninstall` removes it with the unit.
  var enabledUnitLink: String { configHome + "/systemd/user/graphical-session.target.wants/quickdo.service" }

  /// The first line of every file `install` writes: how `uninstall` (and a second
  /// `install`) tells its own files from ones the user wrote, which it never touches.
  static let marker = "# Written by `quickdo install`; `quickdo uninstall` removes it."
  /// The marker as the icon carries it: an SVG's first line is XML.
  static let iconMarker = "<!-- \(marker) -->"

  /// The files, their commands rewritten to run `binary` (an absolute path).
  func files(binary: String) throws -> [File] {
    try Self.checkUsable(binary)
    return zip(installedPaths, Self.templates).map { path, template in
      let marker = path.hasSuffix(".svg") ? Self.iconMarker : Self.marker
      return File(path: path, text: marker + "\n" + Self.pointing(template, at: binary))
    }
  }

  /// Each file's text as shipped (commands run `quickdo`), in ``installedPaths``' order.
  static let templates = [
    text(PackageResources.quickdo_service), text(PackageResources.quickdo_agent_desktop),
    text(PackageResources.quickdo_desktop), text(PackageResources.quickdo_svg),
    text(PackageResources.quickdo_agent_desktop), text(PackageResources.quickdo_runner_desktop),
    text(PackageResources.org_quickdo_Agent_service),
  ]

  /// `template` with its command lines running `binary`.
  static func pointing(_ template: String, at binary: String) -> String {
    template
      .replacingOccurrences(of: "\nExecStart=quickdo ", with: "\nExecStart=\(binary) ")
      .replacingOccurrences(of: "\nExec=quickdo ", with: "\nExec=\(binary) ")
  }

  /// Whether `text`, found at one of ``installedPaths``, is a file `install` wrote: it starts
  /// with the marker, or (written before the marker) it is a template with its commands
  /// pointing at some binary.
  static func isInstalled(_ text: String) -> Bool {
    if text.hasPrefix(marker + "\n") || text.hasPrefix(iconMarker + "\n") { return true }
    let commands = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      for key in ["ExecStart=", "Exec="] where line.hasPrefix(key) {
        guard let space = line.firstIndex(of: " ") else { return String(line) }
        return key + "quickdo" + line[space...]
      }
      return String(line)
    }.joined(separator: "\n")
    return templates.contains(commands)
  }

  /// The files `uninstall` removes when `install` wrote them.
  var installedPaths: [String] {
    [unitPath, autostartPath, linkHandlerPath, iconPath, agentEntryPath, runnerPath, busServicePath]
  }

  /// Desktop entries and systemd units quote differently; a path made only of these
  /// characters needs quoting in neither, so it is written as it is.
  static func checkUsable(_ binary: String) throws {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._+-")
    guard binary.hasPrefix("/") else {
      throw CLIError(tr("the binary path '%s' is not absolute", binary), code: .usage)
    }
    guard binary.allSatisfy(plain.contains) else {
      throw CLIError(
        tr("the binary path '%s' contains characters that desktop entries and systemd units would need quoted (spaces, quotes, %%, $…); install quickdo under a plain path such as ~/.local/bin, or pass --binary", binary),
        code: .dataError)
    }
  }

  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
