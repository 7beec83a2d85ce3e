import ArgumentParser
import CommandSupport
import Foundation
import Localization

/// `quickdo install`: puts the systemd user unit, the autostart and menu entries, the
/// `quickdo://` link handler, and KRunner's runner and the D-Bus activation file in the
/// user's XDG directories, pointing at this binary, and
/// prints what it did and the commands that enable them. Touches nothing outside $HOME's
/// XDG directories and runs no command itself.
struct InstallCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "install",
    abstract: tr("Install the agent's systemd unit, autostart and menu entries, link handler, and KRunner runner for this user."))

  @Option(help: ArgumentHelp(tr("The quickdo binary the files run (default: this one)."), valueName: "path"))
  var binary: String?

  /// The Debian package's systemd user unit: with it, there is nothing to install.
  static let packagedUnit = "/usr/lib/systemd/user/quickdo.service"

  func run() throws {
    do {
      if FileManager.default.fileExists(atPath: Self.packagedUnit) {
        try StandardOutput.line(
          tr(
            "quickdo is installed as a package, with its unit in %s and its link handler in /usr/share/applications: nothing to install. Start the agent now and with every graphical session:\n  systemctl --user enable --now quickdo\nWithout systemd, start it at login instead:\n  cp /usr/share/quickdo/quickdo-agent.desktop ~/.config/autostart/",
            Self.packagedUnit))
        return
      }
      let files = DesktopFiles()
      let binary = try binary ?? RunningBinary.path(hint: tr("; pass --binary PATH"))
      var skipped = false
      for file in try files.files(binary: binary) {
        if let done = try Self.write(file) {
          try StandardOutput.line(done)
        } else {
          printError(
            tr("left %s in place: quickdo install did not write it (move it away to install quickdo's)", file.path))
          skipped = true
        }
      }
      try StandardOutput.line(
        "\n"
          + tr(
            "Start the agent now and with every graphical session (systemd):\n  systemctl --user daemon-reload\n  systemctl --user enable --now quickdo.service\nWithout systemd, the autostart entry starts it at your next login.\nOpen quickdo:// links with quickdo:\n  update-desktop-database %s/applications\n  xdg-mime default quickdo.desktop x-scheme-handler/quickdo",
            files.dataHome))
      // TRANSLATORS: `quickdo install`'s last lines; the command is typed as it is.
      try StandardOutput.line(
        tr("GNOME Shell reads search providers from the system's folders only. For quickdo in GNOME's search, as root, from quickdo's source folder:\n  install -Dm644 data/quickdo-search-provider.ini /usr/local/share/gnome-shell/search-providers/"))
      if skipped { throw ExitCode(CLIError.Code.cannotCreate.rawValue) }
    } catch let error as CLIError {
      printError(error.message)
      throw ExitCode(error.code.rawValue)
    }
  }

  /// Writes `file` atomically (0644; its directory created 0755); says what it did (a line
  /// naming the file), or nil
  /// when a file there is the user's own (left as it is).
  static func write(_ file: DesktopFiles.File) throws -> String? {
    let existing = try InstalledFile.read(file.path)
    if let existing {
      if existing == file.text { return tr("unchanged %s", file.path) }
      guard DesktopFiles.isInstalled(existing) else { return nil }
    }
    let directory = (file.path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    } catch {
      throw CLIError(tr("cannot create the directory %s for %s", directory, file.path), code: .cannotCreate)
    }
    let temporary = file.path + ".quickdo-new"
    guard FileManager.default.createFile(
      atPath: temporary, contents: Data(file.text.utf8), attributes: [.posixPermissions: 0o644])
    else { throw CLIError(tr("cannot write %s", temporary), code: .cannotCreate) }
    guard rename(temporary, file.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CLIError(tr("cannot write %s: %s", file.path, reason), code: .cannotCreate)
    }
    return existing == nil ? tr("installed %s", file.path) : tr("updated %s", file.path)
  }
}

/// A file at one of `install`'s paths, as far as it matters to `install` and `uninstall`.
enum InstalledFile {
  /// The text of the regular file at `path`, nil when nothing is there. Anything else in
  /// the way (a directory, a FIFO…) is an error naming the path.
  static func read(_ path: String) throws -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    guard info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path)
    else {
      throw CLIError(
        tr("cannot install %s: something that is not a regular file is in the way; move it away", path),
        code: .cannotCreate)
    }
    return String(decoding: data, as: UTF8.self)
  }
}

/// `quickdo uninstall`: removes what `install` put in place (and the unit's enable link).
struct UninstallCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "uninstall",
    abstract: tr("Remove the files `quickdo install` installed. Todos and config stay."))

  func run() throws {
    let files = DesktopFiles()
    var failed = false
    func remove(_ path: String) throws {
      if unlink(path) == 0 {
        try StandardOutput.line(tr("removed %s", path))
      } else {
        printError(tr("cannot remove %s: %s", path, String(cString: strerror(errno))))
        failed = true
      }
    }
    // The enable link, only when it is the link `systemctl --user enable` made to our unit.
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: files.enabledUnitLink) {
      if target == files.unitPath {
        try remove(files.enabledUnitLink)
      } else {
        printError(tr("left %s in place: it points to %s, not to quickdo's unit", files.enabledUnitLink, target))
      }
    }
    for path in files.installedPaths {
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      let text = info.st_mode & S_IFMT == S_IFREG
        ? FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } : nil
      if let text, DesktopFiles.isInstalled(text) {
        try remove(path)
      } else {
        printError(tr("left %s in place: quickdo install did not write it", path))
      }
    }
    try StandardOutput.line(
      "\n"
        + tr(
          "If the agent is running under systemd, stop it and forget the unit:\n  systemctl --user stop quickdo.service; systemctl --user daemon-reload\nYour todos (%s/quickdo/) and config are left as they are.",
          files.dataHome))
    if failed { throw ExitCode(CLIError.Code.ioError.rawValue) }
  }
}
