import Foundation
import Testing

/// The agent as the desktop starts it: one per database, and deep links from other
/// processes reaching its notifications.
@Suite(.serialized)
struct AgentDesktopEndToEndTests {
  @Test func aSecondAgentForTheSameDatabaseExits75AndTheFirstKeepsRunning() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.cli("add", "Only once")
    try quickdo.startAgent()
    try waitUntil("first Notify") { try rig.notifyCalls().count == 1 }
    let second = try quickdo.cli("agent")
    #expect(second.status == 75)
    #expect(second.stderr.contains("another quickdo agent is already running for \(quickdo.database)"))
    #expect(try rig.notifyCalls().count == 1)  // nothing shown twice
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
    // The lock goes with the process: a new agent starts.
    try quickdo.startAgent()
    try waitUntil("Notify from the new agent") { try rig.notifyCalls().count == 2 }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aDoneLinkOpenedElsewhereClosesTheNotification() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Pay rent").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("Notify") { try rig.notifyCalls().count == 1 }
    let opened = try quickdo.cli("open", "quickdo://todo/\(id)/done")
    #expect(opened.status == 0, "\(opened.stderr)")
    try waitUntil("CloseNotification") { try rig.calls().contains("'CloseNotification', [<1>]") }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func markDoneOffersUndoAndUndoBringsTheTodoBack() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Feed the cat").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("Notify") { try rig.notifyCalls().count == 1 }
    try rig.pressButton(notification: 1, key: "done:\(id)")
    try waitUntil("the undo offer") { try rig.notifyCalls().count == 2 }
    let offer = try rig.notifyCalls()[1]
    #expect(offer.contains("<'Done: Feed the cat'>"))
    #expect(offer.contains("'undo:\(id)', 'Undo'"))
    #expect(try rig.calls().contains("'CloseNotification', [<1>]"))
    #expect(try quickdo.todos("--completed").count == 1)

    try rig.pressButton(notification: 2, key: "undo:\(id)")
    try waitUntil("the todo shown again") { try rig.notifyCalls().count == 3 }
    #expect(try rig.notifyCalls()[2].contains("<'Feed the cat'>"))
    try waitUntil("the offer closed") { try rig.calls().contains("'CloseNotification', [<2>]") }
    #expect(try quickdo.todos("--completed").isEmpty)
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aNewerDoneTakesTheOffersPlaceAndItsOwnNotificationGoesFirst() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let first = try quickdo.cli("add", "Feed the cat", "--priority", "high").stdout
      .trimmingCharacters(in: .newlines)
    let second = try quickdo.cli("add", "Pay rent").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("both todos") { try rig.notifyCalls().count == 2 }
    #expect(try rig.notifyCalls()[0].contains("<'Feed the cat'>"))
    try rig.pressButton(notification: 1, key: "done:\(first)")
    try waitUntil("the first offer") { try rig.notifyCalls().count == 3 }
    #expect(try rig.notifyCalls()[2].contains("<'Done: Feed the cat'>"))

    try rig.pressButton(notification: 2, key: "done:\(second)")
    try waitUntil("the second offer") { try rig.notifyCalls().count == 4 }
    #expect(try rig.notifyCalls()[3].contains("<'Done: Pay rent'>"))
    // The pressed notification closes first; the offer it replaces after it.
    let calls = try rig.calls()
    let pressed = try #require(calls.range(of: "'CloseNotification', [<2>]"))
    let replaced = try #require(calls.range(of: "'CloseNotification', [<3>]"))
    #expect(pressed.lowerBound < replaced.lowerBound)
    #expect(try quickdo.todos("--completed").count == 2)
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aReminderShowsAtDueMinusLeadTimeBeyondMaxAndOnlyOnce() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig(
      "[notifications]\nmax = 1\n[reminders]\nlead_time = \"1h\"\n")
    try quickdo.cli("add", "Top", "--priority", "high")
    let due = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600 + 3))
    try quickdo.cli("add", "Dentist", "--due", due)
    try quickdo.startAgent()
    try waitUntil("the selected todo") { try rig.notifyCalls().count == 1 }
    #expect(try rig.notifyCalls()[0].contains("<'Top'>"))
    try waitUntil("the reminder, about 3 s later") { try rig.notifyCalls().count == 2 }
    #expect(try rig.notifyCalls()[1].contains("<'Dentist'>"))
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")

    // A restarted agent does not remind of the same due time again.
    try quickdo.startAgent()
    try waitUntil("the selected todo again") { try rig.notifyCalls().count == 3 }
    Thread.sleep(forTimeInterval: 1.5)
    let calls = try rig.notifyCalls()
    #expect(calls.count == 3, "\(calls)")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// The agent was off (or the machine asleep) across two alarms: when it starts, the todo
  /// is shown once, not once per alarm, and not again after a restart.
  @Test func alarmsMissedWhileTheAgentWasOffRingOnceWhenItStarts() async throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("[notifications]\nmax = 1\n")
    try quickdo.cli("add", "Top", "--priority", "high")
    let iso = ISO8601DateFormatter()
    let now = Date()
    let added = try quickdo.cli(
      "add", "Dentist", "--due", iso.string(from: now.addingTimeInterval(3_600)),
      "--remind", iso.string(from: now.addingTimeInterval(1)), "--remind", iso.string(from: now.addingTimeInterval(2)))
    #expect(added.status == 0, "\(added.stderr)")
    try await Task.sleep(for: .seconds(3))
    try quickdo.startAgent()
    try waitUntil("the selected todo and the missed reminder") { try rig.notifyCalls().count == 2 }
    try await Task.sleep(for: .seconds(2))
    func dentist() throws -> Int { try rig.notifyCalls().count { $0.contains("<'Dentist'>") } }
    #expect(try dentist() == 1)
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")

    try quickdo.startAgent()
    try waitUntil("the selected todo again") { try rig.notifyCalls().count == 3 }
    try await Task.sleep(for: .seconds(1.5))
    #expect(try dentist() == 1)
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }
}
