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

    // Not a time, a past one, control characters, 100 kB: nothing changes, and the
    // notification comes back saying what was not understood, the field still there.
    try rig.reply(notification: 1, text: "whenever")
    try waitUntil("the note") { try rig.notifyCalls().contains { $0.contains("'whenever' is not a time") } }
    try rig.reply(notification: 1, text: "2020-01-01 10:00")
    try waitUntil("the past refused") { try rig.notifyCalls().contains { $0.contains("is past") } }
    try rig.reply(notification: 1, text: String(repeating: "x", count: 100_000))
    try rig.reply(notification: 77, text: "2h")  // no notification of ours: ignored
    let noted = try #require(try rig.notifyCalls().last)
    #expect(noted.contains("'inline-reply', 'Snooze until…'"))
    #expect(try quickdo.todos("--all").first { $0["id"] as? String == id }?["snoozedUntil"] is NSNull)
    #expect(quickdo.agentIsRunning)

    // Understood: snoozed for two hours; its notification goes.
    try rig.reply(notification: 1, text: "2h")
    try waitUntil("the todo snoozed") {
      try quickdo.todos("--all").first { $0["id"] as? String == id }?["snoozedUntil"] is String
    }
    try waitUntil("its notification closed") { try rig.calls().contains("'CloseNotification', [<1>]") }
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
