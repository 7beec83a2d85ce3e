import Foundation
import Testing

/// The real agent against the python-dbusmock notification server on a private bus.
@Suite(.serialized)
struct AgentEndToEndTests {
  @Test func addShowsAPressMarksDoneAndClosesAndSIGTERMExitsZero() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.startAgent()
    // Added while the agent starts: both processes may be creating the database at once.
    let added = try quickdo.cli("add", "Buy <b>milk</b> & eggs", "--notes", "1 < 2")
    #expect(added.status == 0, "\(added.stderr)")
    let id = added.stdout.trimmingCharacters(in: .newlines)

    do {
      try waitUntil("Notify for the new todo") { try rig.notifyCalls().count == 1 }
    } catch {
      Issue.record("\(error)\nagent log:\n\(quickdo.agentLog)\nmock calls:\n\((try? rig.calls()) ?? "?")")
      throw error
    }
    let notify = try rig.notifyCalls()[0]
    #expect(notify.contains("<'quickdo'>"))
    #expect(notify.contains("<'Buy <b>milk</b> & eggs'>"))  // summary: plain text
    #expect(notify.contains("<'1 &lt; 2'>"))  // body: escaped for body-markup
    #expect(notify.contains("'done:\(id)', 'Done'"))
    #expect(notify.contains("'snooze:\(id)', 'Snooze'"))
    #expect(!notify.contains("'default'"), "no link, so a body click does nothing and is not offered")
    #expect(notify.contains("'desktop-entry': <'quickdo'>"))
    #expect(notify.contains("<'quickdo'>, <uint32 0>, <'quickdo'>"), "app name, replaces id, quickdo's own icon")

    try rig.pressButton(notification: 1, key: "done:\(id)")
    // Commit precedes close: once the close is seen, the row must already be done.
    try waitUntil("CloseNotification") { try rig.calls().contains("'CloseNotification', [<1>]") }
    #expect(try quickdo.todos("--completed").contains { $0["id"] as? String == id })

    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func onlyAButtonOfANotificationShownNowIsAPress() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Water the plants").stdout.trimmingCharacters(in: .newlines)
    let other = try quickdo.cli("add", "Call mum").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("two Notify calls") { try rig.notifyCalls().count == 2 }
    let first = try #require(rig.notifyCalls().firstIndex { $0.contains("'done:\(id)'") })
    let notification = UInt32(first + 1)
    // A button the notification does not have, and one of a notification never shown:
    // neither is a press.
    try rig.pressButton(notification: notification, key: "done:\(other)")
    try rig.pressButton(notification: 99, key: "done:\(id)")
    // The real press follows them; once its close is seen, they have all been handled.
    try rig.pressButton(notification: notification, key: "snooze:\(id)")
    try waitUntil("CloseNotification") {
      try rig.calls().contains("'CloseNotification', [<\(notification)>]")
    }
    #expect(try quickdo.todos("--completed").isEmpty, "\(quickdo.agentLog)")
    #expect(try !rig.calls().contains("'CloseNotification', [<\(3 - notification)>]"))
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aTitleEditUpdatesTheSameNotification() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Old title").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("first Notify") { try rig.notifyCalls().count == 1 }
    #expect(try rig.notifyCalls()[0].hasPrefix("[<'quickdo'>, <uint32 0>"))
    try quickdo.cli("edit", id, "--title", "New title")
    try waitUntil("second Notify") { try rig.notifyCalls().count == 2 }
    let update = try rig.notifyCalls()[1]
    #expect(update.hasPrefix("[<'quickdo'>, <uint32 1>"))  // replaces_id: the same notification
    #expect(update.contains("<'New title'>"))
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aTodoSnoozedFromTheCLIComesBackWhenTheSnoozeEnds() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Stretch").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("first Notify") { try rig.notifyCalls().count == 1 }
    #expect(try quickdo.cli("snooze", id, "3s").status == 0)
    try waitUntil("the snoozed todo's notification closes") {
      try rig.calls().contains("'CloseNotification', [<1>]")
    }
    let closedAt = Date()
    try waitUntil("shown again when the snooze ends", timeout: 10) { try rig.notifyCalls().count == 2 }
    #expect(Date().timeIntervalSince(closedAt) > 1.5, "not before the snooze ends")
    #expect(try rig.notifyCalls()[1].contains("<'Stretch'>"))
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func withoutTheActionsCapabilityNotificationsHaveNoButtons() throws {
    let rig = try NotificationRig(capabilities: "body")
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.cli("add", "No buttons here")
    try quickdo.startAgent()
    try waitUntil("Notify") { try rig.notifyCalls().count == 1 }
    let notify = try rig.notifyCalls()[0]
    #expect(notify.contains("<'No buttons here'>"))
    #expect(notify.contains("<@as []>"))
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func dismissingANotificationSnoozesTheTodo() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Dismiss me").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("Notify") { try rig.notifyCalls().count == 1 }
    try rig.closeByUser(notification: 1)
    try waitUntil("the todo is snoozed") {
      try quickdo.todos().first { $0["id"] as? String == id }?["snoozedUntil"] is String
    }
    #expect(try rig.notifyCalls().count == 1)  // not shown again at once
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// Popups that expire together, as on Plasma, or dunst's close-all: each todo's close is
  /// reported before the agent has snoozed the others, and none may be shown again in
  /// between (a new popup withdrawn a moment later: a blink).
  @Test func popupsClosedTogetherStayClosed() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("[notifications]\nexpire_timeout = 3000\n")
    for title in ["Water the plants", "Read the report", "Call the bank"] { _ = try quickdo.cli("add", title) }
    try quickdo.startAgent()
    try waitUntil("three shown") { try rig.notifyCalls().count == 3 }
    try rig.closeAtOnce([1, 2, 3], reason: 1)
    try waitUntil("all three snoozed") {
      try quickdo.todos().allSatisfy { $0["snoozedUntil"] is String }
    }
    Thread.sleep(forTimeInterval: 1.5)
    let shown = try rig.notifyCalls()
    #expect(shown.count == 3, "shown again: \(shown.dropFirst(3))")
    #expect(!(try rig.calls().contains("'CloseNotification'")))
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aRestartedServerGetsTheNotificationsAgainAndPressesWork() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Survive a restart").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("Notify") { try rig.notifyCalls().count == 1 }
    rig.stopMock()
    try rig.startMock()
    try waitUntil("Notify on the new server") { try rig.notifyCalls().count == 1 }
    try rig.pressButton(notification: 1, key: "done:\(id)")
    try waitUntil("the todo is done") {
      try quickdo.todos("--completed").contains { $0["id"] as? String == id }
    }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func withoutASessionBusTheAgentExits69() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let result = try quickdo.cli("agent", environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"])
    if FileManager.default.fileExists(atPath: "/run/user/\(getuid())/bus") {
      return  // this machine has a user bus at the fallback path; nothing to assert
    }
    #expect(result.status == 69)
    #expect(result.stderr.contains("no D-Bus session bus"))
  }
}
