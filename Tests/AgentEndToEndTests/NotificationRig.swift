import Foundation

/// A private session bus with the python-dbusmock notification daemon on it. The bus config
/// has an empty service directory, so nothing is auto-activated,
/// and nothing touches the developer's desktop.
final class NotificationRig: @unchecked Sendable {
  let directory: URL
  private(set) var busAddress = ""
  private var bus: Process?
  private var mock: Process?

  /// `startingMock: false` leaves the bus without a notification server until `startMock`.
  init(capabilities: String = "body actions body-markup", startingMock: Bool = true) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("services"), withIntermediateDirectories: true)
    try startBus()
    if startingMock { try startMock(capabilities: capabilities) }
  }

  deinit { stop() }

  func stop() {
    // SIGKILL: the python mock ignores SIGTERM while in its D-Bus main loop.
    for process in [mock, bus].compactMap({ $0 }) where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    mock = nil
    bus = nil
    try? FileManager.default.removeItem(at: directory)
  }

  private func startBus() throws {
    let config = directory.appendingPathComponent("bus.conf")
    try """
      <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
       "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
      <busconfig>
        <type>session</type>
        <listen>unix:dir=\(directory.path)</listen>
        <auth>EXTERNAL</auth>
        <servicedir>\(directory.appendingPathComponent("services").path)</servicedir>
        <policy context="default">
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
          <allow own="*"/>
        </policy>
      </busconfig>
      """.write(to: config, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    process.arguments = ["--config-file=\(config.path)", "--print-address=1", "--nofork"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    bus = process
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { throw RigError("dbus-daemon printed no address") }
      line.append(chunk)
    }
    busAddress = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Starts (or restarts) the mock notification server and waits until it owns its name.
  func startMock(capabilities: String = "body actions body-markup") throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-m", "dbusmock", "--session", "-t", "notification_daemon", "-p",
      "{\"capabilities\": \"\(capabilities)\"}",
    ]
    process.environment = ["DBUS_SESSION_BUS_ADDRESS": busAddress, "PATH": "/usr/bin:/bin"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    mock = process
    try waitUntil("the mock owns org.freedesktop.Notifications") {
      (try? self.gdbus(
        "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
        "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.Notifications"))?
        .contains("true") == true
    }
  }

  /// Ends the session bus, as the end of a desktop session does.
  func stopBus() {
    stopMock()
    if let bus, bus.isRunning {
      kill(bus.processIdentifier, SIGKILL)  // dbus-daemon does not end on SIGTERM
      bus.waitUntilExit()
    }
  }

  func stopMock() {
    if let mock, mock.isRunning {
      kill(mock.processIdentifier, SIGKILL)  // a crash, as far as the agent can tell
      mock.waitUntilExit()
    }
    mock = nil
  }

  /// The calls the mock received, as gdbus prints them (GVariant text).
  func calls() throws -> String {
    try mockCall("org.freedesktop.DBus.Mock.GetCalls")
  }

  /// The Notify calls, each as its GVariant text.
  func notifyCalls() throws -> [String] {
    try calls().components(separatedBy: "'Notify', ").dropFirst().map { String($0) }
  }

  func pressButton(notification id: UInt32, key: String) throws {
    _ = try mockCall(
      "org.freedesktop.DBus.Mock.EmitSignal", "org.freedesktop.Notifications", "ActionInvoked",
      "us", "[<uint32 \(id)>, <'\(key)'>]")
  }

  /// What a person typed into notification `id`'s reply field, as KDE's servers report it.
  /// The text goes through stdin (python3-dbus, which python-dbusmock runs on), so any
  /// size and any characters reach the bus as typed.
  func reply(notification id: UInt32, text: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", """
      import dbus, sys
      bus = dbus.bus.BusConnection(sys.argv[1])
      mock = bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
      text = sys.stdin.buffer.read().decode("utf-8")
      mock.EmitSignal("org.freedesktop.Notifications", "NotificationReplied", "us",
                      [dbus.UInt32(int(sys.argv[2])), text], dbus_interface="org.freedesktop.DBus.Mock")
      """, busAddress, String(id)]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw RigError("NotificationReplied for \(id) failed") }
  }

  func closeByUser(notification id: UInt32) throws {
    try closeByServer(notification: id, reason: 2)
  }

  /// `NotificationClosed` with `reason` (1 expired, 2 dismissed, 3 closed by a call).
  func closeByServer(notification id: UInt32, reason: UInt32) throws {
    _ = try mockCall(
      "org.freedesktop.DBus.Mock.EmitSignal", "org.freedesktop.Notifications",
      "NotificationClosed", "uu", "[<uint32 \(id)>, <uint32 \(reason)>]")
  }

  /// `NotificationClosed` for each of `ids` with `reason`, all in one go, as a server sends
  /// them when popups expire together (Plasma) or on dunst's close-all.
  func closeAtOnce(_ ids: [UInt32], reason: UInt32) throws {
    let signals = ids.map {
      "self.EmitSignal('org.freedesktop.Notifications', 'NotificationClosed', 'uu', [dbus.UInt32(\($0)), dbus.UInt32(\(reason))])"
    }
    _ = try mockCall("org.freedesktop.DBus.Mock.AddMethod", "", "CloseAtOnce", "", "", signals.joined(separator: "\n"))
    _ = try mockCall("org.freedesktop.Notifications.CloseAtOnce")
  }

  /// Makes the mock answer `GetServerInformation` as a real server does (before the agent
  /// asks, so it applies that server's quirks).
  func pretendToBe(name: String, vendor: String, version: String = "1.0") throws {
    _ = try mockCall(
      "org.freedesktop.DBus.Mock.AddMethod", "", "GetServerInformation", "", "ssss",
      "ret = ('\(name)', '\(vendor)', '\(version)', '1.2')")
  }

  /// Puts a .service file for the mock in the bus's service directory, so that the bus
  /// starts it on demand (D-Bus activation), as desktops without a running server do.
  func makeMockActivatable() throws {
    let script = directory.appendingPathComponent("start-mock.sh")
    try """
      #!/bin/sh
      DBUS_SESSION_BUS_ADDRESS="$DBUS_STARTER_ADDRESS" exec /usr/bin/python3 -m dbusmock --session \
        -t notification_daemon -p '{"capabilities": "body actions body-markup"}' >/dev/null 2>&1
      """.write(to: script, atomically: true, encoding: .utf8)
    try """
      [D-BUS Service]
      Name=org.freedesktop.Notifications
      Exec=/bin/sh \(script.path)
      """.write(
        to: directory.appendingPathComponent("services/org.freedesktop.Notifications.service"),
        atomically: true, encoding: .utf8)
  }

  /// Whether anything owns the notification name (asked of the bus: starts nothing).
  func serverIsRunning() -> Bool {
    (try? gdbus(
      "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
      "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.Notifications"))?
      .contains("true") == true
  }

  /// Kills whatever owns the notification name (an activated mock, as a server that exits
  /// when idle would).
  func killActivatedServer() throws {
    let pid = try gdbus(
      "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
      "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.Notifications")
    guard let number = pid.split(whereSeparator: { !$0.isNumber }).compactMap({ Int32($0) }).last,
      number > 1
    else { throw RigError("no pid in \(pid)") }
    kill(number, SIGKILL)
    try waitUntil("the server is gone") { !self.serverIsRunning() }
  }

  /// A server fault the mock can be switched into (see `installFaultyNotify`).
  enum Fault: String, CaseIterable {
    /// Notify sleeps 5 s before answering (and the single-threaded mock with it).
    case hang
    /// Notify answers with an org.freedesktop.DBus.Error.Failed error.
    case fail
  }

  /// Replaces the mock's Notify with one that misbehaves while a fault is switched on
  /// (`Mock.AddMethod`), and otherwise works as before; it also records the ids it hands
  /// out, for `assignedIDs`. Faults are switched by files in the rig's directory.
  func installFaultyNotify() throws {
    let flags = directory.path
    let code = """
      if os.path.exists('\(flags)/hang'):
          time.sleep(5)
      if os.path.exists('\(flags)/fail'):
          raise dbus.exceptions.DBusException('the server is out of order', name='org.freedesktop.DBus.Error.Failed')
      if args[1]:
          ret = args[1]
      else:
          ret = self.next_id
          self.next_id += 1
      self.assigned = getattr(self, 'assigned', []) + [(ret, args[3])]
      """
    _ = try mockCall("org.freedesktop.DBus.Mock.AddMethod", "", "Notify", "susssasa{sv}i", "u", code)
    _ = try mockCall(
      "org.freedesktop.DBus.Mock.AddMethod", "", "AssignedIDs", "", "a(us)",
      "ret = getattr(self, 'assigned', [])")
  }

  func setFault(_ fault: Fault, on: Bool) {
    let flag = directory.appendingPathComponent(fault.rawValue).path
    if on {
      _ = FileManager.default.createFile(atPath: flag, contents: nil)
    } else {
      try? FileManager.default.removeItem(atPath: flag)
    }
  }

  /// The ids the faulty Notify answered with, in order, with the summary each was for
  /// (including answers that came too late for the agent).
  func assignedIDs(summary: String) throws -> [UInt32] {
    let text = try mockCall("org.freedesktop.Notifications.AssignedIDs")
    // gdbus prints ([(1, 'Title'), (2, 'Other')],)
    return text.components(separatedBy: "(").compactMap { part in
      let fields = part.components(separatedBy: ", ")
      let number = fields[0].replacingOccurrences(of: "uint32 ", with: "").trimmingCharacters(in: .whitespaces)
      guard fields.count >= 2, let id = UInt32(number),
        fields[1].hasPrefix("'\(summary)'")
      else { return nil }
      return id
    }
  }

  private func mockCall(_ method: String, _ arguments: String...) throws -> String {
    try gdbus(
      ["--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
       "--method", method] + arguments)
  }

  func gdbus(_ arguments: String...) throws -> String { try gdbus(arguments) }

  func gdbus(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
    process.arguments = ["call", "--session", "--timeout", "5"] + arguments
    // UTF-8, or g_print turns non-ASCII text into escapes.
    process.environment = ["DBUS_SESSION_BUS_ADDRESS": busAddress, "LC_ALL": "C.UTF-8"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw RigError("gdbus \(arguments) failed") }
    return String(decoding: data, as: UTF8.self)
  }
}

struct RigError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Polls `condition` every 20 ms for up to `timeout` seconds; throws naming what it waited for.
func waitUntil(_ what: String, timeout: TimeInterval = 10, _ condition: () throws -> Bool) throws {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if try condition() { return }
    Thread.sleep(forTimeInterval: 0.02)
  }
  throw RigError("timed out waiting until \(what)")
}
