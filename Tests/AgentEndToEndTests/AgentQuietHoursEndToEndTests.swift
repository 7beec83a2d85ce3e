import Foundation
import Testing

/// Quiet hours on the mock server, starting a minute ahead: while they last nothing is
/// sent, the todo on screen stays, and todos added are held; when they end, the held come
/// back within 5 s as one notification (more than `show_each`), whose Snooze all snoozes
/// each.
@Suite struct AgentQuietHoursEndToEndTests {
  /// `date` as the config writes a time of day, in this machine's zone (the agent's too).
  static func clock(_ date: Date) -> String {
    let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", parts.hour!, parts.minute!)
  }

  @Test func heldWhileQuietThenOneNotificationWhoseSnoozeAllSnoozesEach() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    // The next whole minute at least 15 s ahead, for one minute.
    let minute = Calendar.current.dateInterval(of: .minute, for: Date().addingTimeInterval(15))!.end
    let end = minute.addingTimeInterval(60)
    try quickdo.writeConfig("[dnd]\nquiet_hours = [\"\(Self.clock(minute))-\(Self.clock(end))\"]\nshow_each = 1\n")
    try quickdo.cli("add", "On screen")
    try quickdo.startAgent()
    try waitUntil("the todo shown") { try rig.notifyCalls().count == 1 }

    Thread.sleep(forTimeInterval: max(0, minute.timeIntervalSinceNow) + 0.5)
    let held = ["Call the bank", "Book the dentist"].map { title in
      (try? quickdo.cli("add", title).stdout.trimmingCharacters(in: .newlines)) ?? ""
    }
    Thread.sleep(forTimeInterval: 3)
    let quiet = try rig.calls()
    #expect(try rig.notifyCalls().count == 1, "nothing is sent while quiet: \(quiet)")
    #expect(!quiet.contains("CloseNotification"), "the todo on screen stays")

    Thread.sleep(forTimeInterval: max(0, end.timeIntervalSinceNow))
    try waitUntil("the held come back, within 5 s", timeout: 5) {
      try rig.notifyCalls().last?.contains("'2 reminders while Do Not Disturb was on'") == true
    }
    let summary = try #require(try rig.notifyCalls().last)
    #expect(summary.contains("• Call the bank\\n• Book the dentist"), "the titles, in the body: \(summary)")
    #expect(summary.contains("'show-held:00000000-0000-0000-0000-00000000000b', 'Show'"), "\(summary)")
    try rig.pressButton(
      notification: UInt32(try rig.notifyCalls().count), key: "snooze-held:00000000-0000-0000-0000-00000000000b")
    try waitUntil("each held todo snoozed") {
      let todos = try quickdo.todos()
      return held.allSatisfy { id in todos.first { $0["id"] as? String == id }?["snoozedUntil"] is String }
    }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }
}
