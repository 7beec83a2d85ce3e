import ArgumentParser
import CommandSupport
import Foundation

/// `quickdo install`: puts the systemd user unit, the autostart entry and the
/// `quickdo://` link handler in the user's XDG directories, pointing at this binary, and
/// prints what it did and the commands that enable them. Touches nothing outside $HOME's
/// XDG directories and runs no command itself.
struct InstallCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "install",
    abstract: "Install the agent's systemd unit, autostart entry and link handler for this user.")

  @Option(help: ArgumentHelp("The quickdo binary the files run (default: this one).", valueName: "path"))
  var binary: String?

  /// The Debian package's systemd user unit: with it, there is nothing to install.
  static let packagedUnit = "/usr/lib/systemd/user/quickdo.service"

  func run() throws {
    do {
      if FileManager.default.fileExists(atPath: Self.packagedUnit) {
        try StandardOutput.line(
          """
          quickdo is installed as a package, with its unit in \(Self.packagedUnit) and its \
          link handler in /usr/share/applications: nothing to install. Start the agent now \
          and with every graphical session:
            systemctl --user enable --now quickdo
          Without systemd, start it at login instead:
            cp /usr/share/quickdo/quickdo-agent.desktop ~/.config/autostart/
          """)
        return
      }
      let files = DesktopFiles()
      let binary = try binary ?? RunningBinary.path(hint: "; pass --binary PATH")
      var skipped = false
      for file in try files.files(binary: binary) {
        if let verb = try Self.write(file) {
          try StandardOutput.line("\(verb) \(file.path)")
        } else {
          printError(
            "left \(file.path) in place: quickdo install did not write it (move it away to install quickdo's)")
          skipped = true
        }
      }
      try StandardOutput.line(
        """

        Start the agent now and with every graphical session (systemd):
          systemctl --user daemon-reload
          systemctl --user enable --now quickdo.service
        Without systemd, the autostart entry starts it at your next login.
        Open quickdo:// links with quickdo:
          update-desktop-database \(files.dataHome)/applications
          xdg-mime default quickdo.desktop x-scheme-handler/quickdo
        """)
      if skipped { throw ExitCode(CLIError.Code.cannotCreate.rawValue) }
    } catch let error as CLIError {
      printError(error.message)
      throw ExitCode(error.code.rawValue)
    }
  }

  /// Writes `file` atomically (0644; its directory created 0755); says what it did, or nil
  /// when a file there is the user's own (left as it is).
  static func write(_ file: DesktopFiles.File) throws -> String? {
    let existing = try InstalledFile.read(file.path)
    if let existing {
      if existing == file.text { return "unchanged" }
      guard DesktopFiles.isInstalled(existing) else { return nil }
    }
    let directory = (file.path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    } catch {
      throw CLIError("cannot create the directory \(directory) for \(file.path)", code: .cannotCreate)
    }
    let temporary = file.path + ".quickdo-new"
    guard FileManager.default.createFile(
      atPath: temporary, contents: Data(file.text.utf8), attributes: [.posixPermissions: 0o644])
    else { throw CLIError("cannot write \(temporary)", code: .cannotCreate) }
    guard rename(temporary, file.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CLIError("cannot write \(file.path): \(reason)", code: .cannotCreate)
    }
    return existing == nil ? "installed" : "updated"
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
        "cannot install \(path): something that is not a regular file is in the way; move it away",
        code: .cannotCreate)
    }
    return String(decoding: data, as: UTF8.self)
  }
}

/// `quickdo uninstall`: removes what `install` put in place (and the unit's enable link).
struct UninstallCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "uninstall",
    abstract: "Remove the files `quickdo install` installed. Todos and config stay.")

  func run() throws {
    let files = DesktopFiles()
    var failed = false
    func remove(_ path: String) throws {
      if unlink(path) == 0 {
        try StandardOutput.line("removed \(path)")
      } else {
        printError("cannot remove \(path): \(String(cString: strerror(errno)))")
        failed = true
      }
    }
    // The enable link, only when it is the link `systemctl --user enable` made to our unit.
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: files.enabledUnitLink) {
      if target == files.unitPath {
        try remove(files.enabledUnitLink)
      } else {
        printError("left \(files.enabledUnitLink) in place: it points to \(target), not to quickdo's unit")
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
        printError("left \(path) in place: quickdo install did not write it")
      }
    }
    try StandardOutput.line(
      """

      If the agent is running under systemd, stop it and forget the unit:
        systemctl --user stop quickdo.service; systemctl --user daemon-reload
      Your todos (\(files.dataHome)/quickdo/) and config are left as they are.
      """)
    if failed { throw ExitCode(CLIError.Code.ioError.rawValue) }
  }
}
