import Foundation
import Testing

/// `quickdo install` / `uninstall` into temp XDG directories, and the shipped desktop
/// files checked by `desktop-file-validate` (desktop-file-utils; scripts/install-deps.sh
/// installs it) and, where systemd is present, `systemd-analyze verify`.
struct CLIInstallTests {
  let dataDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("data")

  @Test func theShippedDesktopEntriesAreValid() throws {
    let result = try tool(
      "desktop-file-validate",
      [dataDirectory.appendingPathComponent("quickdo.desktop").path,
       dataDirectory.appendingPathComponent("quickdo-agent.desktop").path])
    #expect(result.status == 0, "\(result.output)")
    let handler = try String(contentsOf: dataDirectory.appendingPathComponent("quickdo.desktop"), encoding: .utf8)
    #expect(handler.contains("\nMimeType=x-scheme-handler/quickdo;\n"))
    #expect(handler.contains("\nExec=quickdo open %u\n"))
    let unit = try String(contentsOf: dataDirectory.appendingPathComponent("quickdo.service"), encoding: .utf8)
    #expect(unit.contains("\nRestart=on-failure\n"))
    // quickdo's own icon, which the package and `install` put in the hicolor theme.
    let agent = try String(contentsOf: dataDirectory.appendingPathComponent("quickdo-agent.desktop"), encoding: .utf8)
    #expect(handler.contains("\nIcon=quickdo\n") && agent.contains("\nIcon=quickdo\n"))
    let icon = try String(contentsOf: dataDirectory.appendingPathComponent("quickdo.svg"), encoding: .utf8)
    #expect(icon.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
  }

  @Test func installPutsTheFilesInPlacePointingAtTheBinaryAndUninstallRemovesThem() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let config = q.directory.appendingPathComponent("config").path
    let data = q.directory.appendingPathComponent("data").path
    let binary = QuickdoProcess.binary.resolvingSymlinksInPath().path
    let installed = try q.run("install")
    #expect(installed.status == 0, "\(installed.stderr)")
    let unit = config + "/systemd/user/quickdo.service"
    let autostart = config + "/autostart/quickdo-agent.desktop"
    let handler = data + "/applications/quickdo.desktop"
    let icon = data + "/icons/hicolor/scalable/apps/quickdo.svg"
    let menuEntry = data + "/applications/quickdo-agent.desktop"
    let runner = data + "/krunner/dbusplugins/quickdo.desktop"
    let activation = data + "/dbus-1/services/org.quickdo.Agent.service"
    let launchers = [menuEntry, runner, activation]
    for path in [unit, autostart, handler, icon] + launchers {
      #expect(installed.stdout.contains("installed \(path)"))
    }
    // The bus starts the agent with the binary's absolute path. GNOME's search provider
    // names the menu entry, which GNOME Shell requires to be shown; the provider itself goes
    // where the shell reads providers, the system's folders, which install does not touch.
    let service = try String(contentsOfFile: activation, encoding: .utf8)
    #expect(service.contains("\nName=org.quickdo.Agent\nExec=\(binary) agent\n"))
    #expect(try !String(contentsOfFile: menuEntry, encoding: .utf8).contains("NoDisplay"))
    #expect(!FileManager.default.fileExists(atPath: data + "/gnome-shell"))
    #expect(installed.stdout.contains("install -Dm644 data/quickdo-search-provider.ini /usr/local/share/gnome-shell/search-providers/"))
    #expect(try String(contentsOfFile: runner, encoding: .utf8).contains("\nX-Plasma-DBusRunner-Service=org.quickdo.Agent\n"))
    let svg = try String(contentsOfFile: icon, encoding: .utf8)
    #expect(svg.hasPrefix("<!-- # Written by `quickdo install`; `quickdo uninstall` removes it. -->\n<svg "))
    #expect(installed.stdout.contains("systemctl --user enable --now quickdo.service"))
    #expect(installed.stdout.contains("xdg-mime default quickdo.desktop x-scheme-handler/quickdo"))
    #expect(try String(contentsOfFile: unit, encoding: .utf8).contains("\nExecStart=\(binary) agent\n"))
    #expect(try String(contentsOfFile: autostart, encoding: .utf8).contains("\nExec=\(binary) agent\n"))
    #expect(try String(contentsOfFile: handler, encoding: .utf8).contains("\nExec=\(binary) open %u\n"))
    let validated = try tool("desktop-file-validate", [autostart, handler, menuEntry])
    #expect(validated.status == 0, "\(validated.output)")
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
      let verified = try tool("systemd-analyze", ["verify", unit])
      #expect(verified.status == 0, "\(verified.output)")
    }

    let again = try q.run("install")
    #expect(again.stdout.contains("unchanged \(unit)"))

    // As `systemctl --user enable` would leave it.
    let wants = config + "/systemd/user/graphical-session.target.wants"
    try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: wants + "/quickdo.service", withDestinationPath: unit)
    _ = try q.run("add", "kept")
    let removed = try q.run("uninstall")
    #expect(removed.status == 0, "\(removed.stderr)")
    for path in [unit, autostart, handler, icon, wants + "/quickdo.service"] + launchers {
      #expect(!FileManager.default.fileExists(atPath: path), "\(path)")
      #expect(removed.stdout.contains("removed \(path)"))
    }
    #expect(try q.listJSON().count == 1)  // todos stay
  }

  @Test func filesTheUserWroteAreNeverOverwrittenNorRemoved() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let config = q.directory.appendingPathComponent("config").path
    let unit = config + "/systemd/user/quickdo.service"
    let autostart = config + "/autostart/quickdo-agent.desktop"
    let mine = "[Unit]\nDescription=my own quickdo unit\n"
    try FileManager.default.createDirectory(atPath: config + "/systemd/user", withIntermediateDirectories: true)
    try mine.write(toFile: unit, atomically: true, encoding: .utf8)
    let installed = try q.run("install")
    #expect(installed.status == 73)
    #expect(installed.stderr.contains("left \(unit) in place: quickdo install did not write it"))
    #expect(try String(contentsOfFile: unit, encoding: .utf8) == mine)
    #expect(installed.stdout.contains("installed \(autostart)"))

    // A file install wrote, edited since by the user, is theirs now too.
    try (try String(contentsOfFile: autostart, encoding: .utf8)).replacingOccurrences(
      of: "# Written by", with: "# Mine, once written by"
    ).write(toFile: autostart, atomically: true, encoding: .utf8)
    let removed = try q.run("uninstall")
    #expect(removed.stderr.contains("left \(unit) in place"))
    #expect(removed.stderr.contains("left \(autostart) in place"))
    #expect(try String(contentsOfFile: unit, encoding: .utf8) == mine)
    #expect(FileManager.default.fileExists(atPath: autostart))
    #expect(removed.stdout.contains("removed \(q.directory.path)/data/applications/quickdo.desktop"))
  }

  @Test func aDirectoryInTheWayIsNamedInASentence() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let unit = q.directory.appendingPathComponent("config/systemd/user/quickdo.service").path
    try FileManager.default.createDirectory(atPath: unit, withIntermediateDirectories: true)
    let result = try q.run("install")
    #expect(result.status == 73)
    #expect(result.stderr.contains("cannot install \(unit): something that is not a regular file is in the way"))
    #expect(!result.stderr.contains("NSCocoaErrorDomain"))
  }

  @Test func aBinaryPathThatWouldNeedQuotingIsRefused() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let result = try q.run("install", "--binary", "/opt/my apps/quickdo")
    #expect(result.status == 65)
    #expect(result.stderr.contains("'/opt/my apps/quickdo' contains characters"))
    #expect(!FileManager.default.fileExists(atPath: q.directory.appendingPathComponent("config/systemd").path))
  }

  private func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
