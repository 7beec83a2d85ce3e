import Foundation
import Testing

/// A snooze typed into a todo's notification, on the mock server with KDE's
/// `inline-reply`: the field is offered, a time to come snoozes, anything else changes
/// nothing and the notification says so, and a reply for something not shown is ignored.
@Suite struct AgentTypedSnoozeEndToEndTests {
  @Test func aTypedTimeSnoozesAndAnUnreadableOneSaysWhy() throws {
    let rig = try NotificationRig(capabilities: "body actions body-markup inline-reply")
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Water the plants").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("Notify for the todo") { try rig.notifyCalls().count == 1 }
    let notify = try rig.notifyCalls()[0]
    #expect(notify.contains("'inline-reply', 'Snooze until…'"), "\(notify)")
    #expect(notify.contains("'x-kde-reply-placeholder-text': <'tomorrow 9:00, 2h, fri 17:00'>"), "\(notify)")

    // Not a time, a past one, control characters, 1 MB: nothing changes, and the todo's
    // notification comes back (a new one: the server took the answered one down) saying
    // what was not understood, the field still there. The mock numbers its notifications
    // in order, so the latest is the count of Notify calls.
    func latest() throws -> UInt32 { UInt32(try rig.notifyCalls().count) }
    func replied(_ text: String, _ what: String, until note: String) throws {
      let before = try latest()
      try rig.reply(notification: before, text: text)
      try waitUntil(what) { try latest() > before && rig.notifyCalls().last!.contains(note) }
    }
    try replied("whenever", "the note", until: "'whenever' is not a time")
    try replied("2020-01-01 10:00", "the past refused", until: "is past")
    try replied("\u{1B}[2J2h\u{07}", "control characters refused", until: "[2J2h")
    try replied(String(repeating: "x", count: 1_000_000), "a megabyte refused", until: "xxx…' is not a time")
    try rig.reply(notification: 77, text: "2h")  // no notification at all: ignored
    // Another program's notification on the same server: its reply is not ours to read.
    let other = try rig.gdbus(
      "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
      "--method", "org.freedesktop.Notifications.Notify", "'other-app'", "uint32 0", "''", "'Other'", "''",
      "@as []", "@a{sv} {}", "int32 -1")
    try rig.reply(notification: try #require(UInt32(other.filter(\.isNumber))), text: "2h")
    Thread.sleep(forTimeInterval: 0.5)
    let noted = try #require(try rig.notifyCalls().dropLast().last)
    #expect(noted.contains("'inline-reply', 'Snooze until…'"))
    #expect(try quickdo.todos("--all").first { $0["id"] as? String == id }?["snoozedUntil"] is NSNull)
    #expect(quickdo.agentIsRunning)

    // Understood: snoozed for two hours. The server took the answered notification down;
    // the todo is not shown again.
    let shown = try latest() - 1  // before the other program's
    try rig.reply(notification: shown, text: "2h")
    try waitUntil("the todo snoozed") {
      try quickdo.todos("--all").first { $0["id"] as? String == id }?["snoozedUntil"] is String
    }
    let calls = try rig.notifyCalls().count
    Thread.sleep(forTimeInterval: 1.5)  // past the agent's reshow timer
    #expect(try rig.notifyCalls().count == calls)
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aServerWithoutTheFieldGetsTheButtonsAsBefore() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    _ = try quickdo.cli("add", "Water the plants")
    try quickdo.startAgent()
    try waitUntil("Notify for the todo") { try rig.notifyCalls().count == 1 }
    #expect(try !rig.notifyCalls()[0].contains("inline-reply"))
    #expect(try quickdo.terminateAgent() == 0)
  }
}
