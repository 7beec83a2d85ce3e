import Foundation
import Testing

/// The server's own Do Not Disturb switch, on the mock dressed as dunst (its `paused`
/// property) and as mako (its modes, which signal nothing): while it is on nothing new is
/// sent and `list` says why; when it goes off, the held come back within 5 s. A server that
/// flips it all the time sends nothing twice; a switch of the wrong type is read as off.
@Suite struct AgentDoNotDisturbEndToEndTests {
  /// The mock as dunst 1.9, with its `paused` property.
  static func dunst(paused: String = "<false>") throws -> NotificationRig {
    let rig = try NotificationRig()
    try rig.pretendToBe(name: "dunst", vendor: "knopwob", version: "1.9.0")
    _ = try rig.gdbus(
      "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
      "--method", "org.freedesktop.DBus.Mock.AddProperty", "org.dunstproject.cmd0", "paused", paused)
    return rig
  }

  /// What `dunstctl set-paused` does: sets the property, and the server says so.
  static func setPaused(_ rig: NotificationRig, _ on: Bool) throws {
    _ = try rig.gdbus(
      "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
      "--method", "org.freedesktop.DBus.Properties.Set", "org.dunstproject.cmd0", "paused", "<\(on)>")
  }

  func listed(_ quickdo: AgentProcess) throws -> String { try quickdo.cli("list").stdout }

  @Test func heldWhileOnThenEachBackWithinFiveSeconds() throws {
    let rig = try Self.dunst()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.cli("add", "On screen")
    try quickdo.startAgent()
    try waitUntil("the todo shown") { try rig.notifyCalls().count == 1 }

    try Self.setPaused(rig, true)
    try waitUntil("the agent hears it") { quickdo.agentLog.contains("Do Not Disturb is on") }
    // A reminder that falls due (its todo is due in 10 minutes, the default reminder is 15
    // minutes before), and two todos added.
    try quickdo.cli("add", "Take the pills", "--due", "in 10m")
    try quickdo.cli("add", "Call the bank")
    try quickdo.cli("add", "Book the dentist")
    do {
      try waitUntil("list says they are held") {
        try listed(quickdo).components(separatedBy: "(held: Do Not Disturb)").count == 4
      }
    } catch {
      Issue.record("\(try listed(quickdo))\n\(quickdo.agentLog)\n\(try rig.calls())")
      throw error
    }
    let quiet = try rig.calls()
    #expect(try rig.notifyCalls().count == 1, "nothing is sent while Do Not Disturb is on: \(quiet)")
    #expect(!quiet.contains("CloseNotification"), "the todo on screen stays")

    let off = Date()
    try Self.setPaused(rig, false)
    try waitUntil("the three back, each as usual, within 5 s", timeout: 5) { try rig.notifyCalls().count == 4 }
    let back = try rig.notifyCalls().dropFirst().joined()
    for title in ["Take the pills", "Call the bank", "Book the dentist"] {
      #expect(back.contains("'\(title)'"), "\(title) came back: \(back)")
    }
    print("Do Not Disturb off to the held back: \(Int(Date().timeIntervalSince(off) * 1000)) ms")
    try waitUntil("list no longer says held") { !(try listed(quickdo).contains("held:")) }

    // A server that flips its switch a hundred times a second, ending off: nothing new to
    // send, so nothing is sent, and the flips cost at most one read each.
    let before = try rig.notifyCalls().count
    for index in 0..<200 { try Self.setPaused(rig, index % 2 == 0) }
    Thread.sleep(forTimeInterval: 1)
    #expect(try rig.notifyCalls().count == before, "nothing sent twice")
    let reads = try rig.calls().components(separatedBy: "Get ").count - 1
    #expect(reads <= 201, "one read per change at most: \(reads)")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
    #expect(!FileManager.default.fileExists(atPath: quickdo.database + ".held"), "the note goes with the agent")
  }

  @Test func aSwitchOfTheWrongTypeReadsAsOffWithOneLogLine() throws {
    let rig = try Self.dunst(paused: "<'yes'>")
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.cli("add", "Call the bank")
    try quickdo.startAgent()
    try waitUntil("the todo shown, Do Not Disturb read as off") { try rig.notifyCalls().count == 1 }
    _ = try rig.gdbus(
      "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
      "--method", "org.freedesktop.DBus.Properties.Set", "org.dunstproject.cmd0", "paused", "<'very'>")
    try quickdo.cli("add", "Book the dentist")
    try waitUntil("the next todo shown") { try rig.notifyCalls().count == 2 }
    #expect(quickdo.agentLog.components(separatedBy: "cannot read the server's Do Not Disturb switch").count == 2,
            "one log line: \(quickdo.agentLog)")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// mako signals no change of its modes: the agent asks before each notification it sends.
  @Test func makoModeIsAskedBeforeANotificationGoesOut() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    try rig.pretendToBe(name: "mako", vendor: "emersion", version: "1.7.1")
    _ = try rig.gdbus(
      "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
      "--method", "org.freedesktop.DBus.Mock.AddObject", "/fr/emersion/Mako", "fr.emersion.Mako", "{}",
      "[('ListModes', '', 'as', 'ret = self.modes if hasattr(self, \"modes\") else [\"default\"]'), ('SetModes', 'as', '', 'self.modes = args[0]')]")
    func setModes(_ modes: String) throws {
      _ = try rig.gdbus(
        "--dest", "org.freedesktop.Notifications", "--object-path", "/fr/emersion/Mako",
        "--method", "fr.emersion.Mako.SetModes", modes)
    }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.cli("add", "On screen")
    try quickdo.startAgent()
    try waitUntil("the todo shown") { try rig.notifyCalls().count == 1 }
    try setModes("['default', 'do-not-disturb']")
    try quickdo.cli("add", "Call the bank")
    do {
      try waitUntil("list says it is held") { try listed(quickdo).contains("Call the bank  (held: Do Not Disturb)") }
    } catch {
      Issue.record("\(try listed(quickdo))\n\(quickdo.agentLog)\n\(try rig.calls())")
      throw error
    }
    #expect(try rig.notifyCalls().count == 1, "nothing sent while the mode is on")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }
}
