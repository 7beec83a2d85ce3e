import ArgumentParser
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

  func run() throws {
    do {
      let files = DesktopFiles()
      let binary = try binary ?? RunningBinary.path(hint: "; pass --binary PATH")
      let agent = AgentProgram.path(beside: binary)
      if !FileManager.default.isExecutableFile(atPath: agent) {
        printError(
          "note: \(agent) is missing; `quickdo agent`, which these files start, needs it beside \(binary)")
      }
      for file in try files.files(binary: binary) {
        let verb = try Self.write(file)
        print("\(verb) \(file.path)")
      }
      print(
        """

        Start the agent now and with every graphical session (systemd):
          systemctl --user daemon-reload
          systemctl --user enable --now quickdo.service
        Without systemd, the autostart entry starts it at your next login.
        Open quickdo:// links with quickdo:
          update-desktop-database \(files.dataHome)/applications
          xdg-mime default quickdo.desktop x-scheme-handler/quickdo
        """)
    } catch let error as CLIError {
      printError(error.message)
      throw ExitCode(error.code.rawValue)
    }
  }

  /// Writes `file` atomically (0644; its directory created 0755); says what it did.
  static func write(_ file: DesktopFiles.File) throws -> String {
    let manager = FileManager.default
    let existing = manager.contents(atPath: file.path)
    if existing == Data(file.text.utf8) { return "unchanged" }
    do {
      let directory = (file.path as NSString).deletingLastPathComponent
      try manager.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
      let temporary = file.path + ".quickdo-new"
      guard manager.createFile(
        atPath: temporary, contents: Data(file.text.utf8), attributes: [.posixPermissions: 0o644])
      else { throw CocoaError(.fileWriteUnknown) }
      guard rename(temporary, file.path) == 0 else {
        unlink(temporary)
        throw CocoaError(.fileWriteUnknown)
      }
    } catch {
      throw CLIError("cannot write \(file.path): \(error.localizedDescription)", code: .cannotCreate)
    }
    return existing == nil ? "installed" : "updated"
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
    for path in files.installedPaths {
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      if unlink(path) == 0 {
        print("removed \(path)")
      } else {
        printError("cannot remove \(path): \(String(cString: strerror(errno)))")
        failed = true
      }
    }
    print(
      """

      If the agent is running under systemd, stop it and forget the unit:
        systemctl --user stop quickdo.service; systemctl --user daemon-reload
      Your todos (\(files.dataHome)/quickdo/) and config are left as they are.
      """)
    if failed { throw ExitCode(CLIError.Code.ioError.rawValue) }
  }
}
