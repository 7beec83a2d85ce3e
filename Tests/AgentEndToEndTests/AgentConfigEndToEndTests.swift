import Foundation
import Testing

/// The agent obeys config.toml (in the rig's XDG config dir) and follows its changes.
@Suite(.serialized)
struct AgentConfigEndToEndTests {
  @Test func selectionOrderAndMinimumPriorityPickWhatIsShown() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("""
      [notifications]
      max = 2
      [selection]
      order = ["due"]
      min_priority = "normal"
      """)
    try quickdo.cli("add", "urgent, no date", "--priority", "high")
    try quickdo.cli("add", "low, due first", "--priority", "low", "--due", "2030-01-01 09:00")
    try quickdo.cli("add", "due second", "--due", "2030-01-02 09:00")
    try quickdo.cli("add", "due third", "--priority", "high", "--due", "2030-01-03 09:00")
    try quickdo.startAgent()
    try waitUntil("two notifications") { try rig.notifyCalls().count == 2 }
    Thread.sleep(forTimeInterval: 0.5)
    let titles = try rig.notifyCalls().map { notify in
      ["urgent, no date", "low, due first", "due second", "due third"].first { notify.contains("'\($0)'") }
    }
    // Earliest due first; the low one is below min_priority; no due date comes last.
    #expect(titles == ["due second", "due third"], "agent log:\n\(quickdo.agentLog)")
    #expect(try quickdo.terminateAgent() == 0)
  }

  /// `[selection]`'s lists choose what reaches the desktop, a subtask's notification names
  /// its parent, and a change to the selection applies while the agent runs.
  @Test func theSelectedListsReachTheDesktopAndASubtaskNamesItsParent() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("""
      [actions]
      undo_window = "2s"
      [selection]
      lists = ["Work", "Home"]
      exclude_tags = ["someday"]
      """)
    let groceries = try quickdo.cli("add", "Groceries", "--list", "Home").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try quickdo.cli("add", "Buy milk", "--parent", groceries)
    try quickdo.cli("add", "Write the report", "--list", "Work")
    try quickdo.cli("add", "Learn Welsh", "--list", "Work", "--tag", "someday")
    try quickdo.cli("add", "Buy a kayak", "--list", "Shopping")
    try quickdo.startAgent()
    try waitUntil("three notifications") { try rig.notifyCalls().count == 3 }
    Thread.sleep(forTimeInterval: 0.5)
    let shown = try rig.notifyCalls()
    #expect(shown.count == 3, "\(shown)")
    #expect(shown.contains { $0.contains("'Groceries › Buy milk'") }, "\(shown)")
    #expect(shown.contains { $0.contains("'Groceries'") && $0.contains("0 of 1 subtask done") }, "\(shown)")
    #expect(!shown.contains { $0.contains("kayak") || $0.contains("Welsh") })

    // The mock numbers notifications 1, 2, … in the order of the Notify calls that replace
    // none: the id of the last one titled `title`.
    func notificationID(_ title: String) throws -> UInt32? {
      var id: UInt32 = 0
      var found: UInt32?
      for call in try rig.notifyCalls() {
        let replaced = call.components(separatedBy: "<uint32 ").dropFirst().first?.prefix { $0.isNumber } ?? "0"
        let number = replaced == "0" ? { id += 1; return id }() : UInt32(replaced) ?? 0
        if call.contains("<'\(title)'>") { found = number }
      }
      return found
    }
    let milk = try #require(try quickdo.todos().first { $0["title"] as? String == "Buy milk" }?["id"] as? String)
    // The subtask done: its parent counts it.
    try rig.pressButton(notification: try #require(try notificationID("Groceries › Buy milk")), key: "done:\(milk)")
    try waitUntil("the parent counting its done subtask") {
      try rig.notifyCalls().contains { $0.contains("<'Groceries'>") && $0.contains("1 of 1 subtask done") }
    }
    // Still counted once the subtask's Undo offer is gone.
    Thread.sleep(forTimeInterval: 3)
    #expect(try rig.notifyCalls().last { $0.contains("<'Groceries'>") }?.contains("1 of 1 subtask done") == true)
    // Done on the parent, then Undo: the parent and its subtask are pending again.
    try rig.pressButton(notification: try #require(try notificationID("Groceries")), key: "done:\(groceries)")
    try waitUntil("the Undo offer") { try notificationID("Done: Groceries") != nil }
    try rig.pressButton(notification: try #require(try notificationID("Done: Groceries")), key: "undo:\(groceries)")
    try waitUntil("the parent and its subtask pending again") {
      Set(try quickdo.todos().filter { $0["isComplete"] as? Bool == false }.compactMap { $0["title"] as? String })
        .isSuperset(of: ["Groceries", "Buy milk"])
    }

    try quickdo.writeConfig("[selection]\nlists = [\"Shopping\"]\n")
    try waitUntil("the kayak, after the file changed") {
      try rig.notifyCalls().contains { $0.contains("'Buy a kayak'") }
    }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func maxLabelsAndAppNameComeFromTheConfigAndChangesApplyAtOnce() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("""
      [notifications]
      max = 2
      app_name = "quickdo-test"
      [actions]
      done_label = "Erledigt"
      """)
    for n in 1...5 { try quickdo.cli("add", "todo \(n)") }
    try quickdo.startAgent()
    do {
      try waitUntil("two notifications") { try rig.notifyCalls().count == 2 }
    } catch {
      Issue.record("\(error)\nagent log:\n\(quickdo.agentLog)")
      throw error
    }
    Thread.sleep(forTimeInterval: 0.5)
    let shown = try rig.notifyCalls()
    #expect(shown.count == 2, "max = 2 with five todos")
    for notify in shown {
      #expect(notify.contains("'quickdo-test'"))
      #expect(notify.contains("'Erledigt'"))
      #expect(!notify.contains("'Mark done'"))
    }

    // A valid change is applied at once: a third notification.
    try quickdo.writeConfig("[notifications]\nmax = 3\n")
    try waitUntil("a third notification after the file changed") {
      try rig.notifyCalls().contains { $0.contains("'todo 3'") }
    }

    // An invalid change is logged and the last good config stays.
    try quickdo.writeConfig("[notifications]\nmax = 99\n")
    try waitUntil("the invalid config is reported") {
      quickdo.agentLog.contains("keeping the last good configuration")
    }
    #expect(quickdo.agentLog.contains("notifications.max: must be from 1 to 20, not 99"))
    let count = try rig.notifyCalls().count
    try quickdo.cli("add", "todo 6")  // ranks last: nothing new is shown
    Thread.sleep(forTimeInterval: 0.5)
    #expect(try rig.notifyCalls().count == count)
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func theSummaryLayoutShowsOneNotificationWhoseButtonsCompleteTodos() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("[notifications]\nlayout = \"summary\"\nmax = 2\n")
    let ids = try (1...3).map { n in
      try quickdo.cli("add", "todo \(n)").stdout.trimmingCharacters(in: .newlines)
    }
    try quickdo.startAgent()
    try waitUntil("the summary notification") { try rig.notifyCalls().count == 1 }
    let summary = try rig.notifyCalls()[0]
    #expect(summary.contains("'3 pending todos'"))
    #expect(summary.contains("'done:\(ids[0])', 'todo 1'"))
    #expect(summary.contains("'done:\(ids[1])', 'todo 2'"))
    #expect(!summary.contains(ids[2]), "max = 2 buttons")

    try rig.pressButton(notification: 1, key: "done:\(ids[1])")
    do {
      try waitUntil("the summary is updated in place") {
        try rig.notifyCalls().contains { $0.contains("'2 pending todos'") && $0.contains("<uint32 1>") }
      }
    } catch {
      Issue.record("\(error)\nagent log:\n\(quickdo.agentLog)\nmock calls:\n\((try? rig.calls()) ?? "?")")
      throw error
    }
    #expect(try quickdo.todos("--completed").contains { $0["id"] as? String == ids[1] })
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func sighupReloadsAConfigGivenByQUICKDO_CONFIG() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    // A config outside the XDG dir, named by the variable: its directory is watched too,
    // but SIGHUP alone must be enough.
    let file = rig.directory.appendingPathComponent("custom.toml")
    try "[notifications]\nmax = 1\n".write(to: file, atomically: true, encoding: .utf8)
    chmod(file.path, 0o600)
    for n in 1...3 { try quickdo.cli("add", "todo \(n)") }
    try quickdo.startAgent(environment: ["QUICKDO_CONFIG": file.path])
    try waitUntil("one notification") { try rig.notifyCalls().count == 1 }
    try "[notifications]\nmax = 2\n".write(to: file, atomically: false, encoding: .utf8)
    quickdo.signalAgent(SIGHUP)
    try waitUntil("a second notification after SIGHUP") { try rig.notifyCalls().count == 2 }
    try waitUntil("the SIGHUP reload is logged") { quickdo.agentLog.contains("config reloaded (SIGHUP)") }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aConfigFileCreatedAfterStartIsLoaded() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    for n in 1...3 { try quickdo.cli("add", "todo \(n)") }
    // Neither $XDG_CONFIG_HOME nor its quickdo directory exists yet.
    try quickdo.startAgent()
    try waitUntil("three notifications") { try rig.notifyCalls().count == 3 }
    try quickdo.writeConfig("[notifications]\nlayout = \"summary\"\n")
    try waitUntil("the new file is loaded") { quickdo.agentLog.contains("config reloaded (file changed)") }
    try waitUntil("the summary is shown") { try rig.notifyCalls().joined().contains("'3 pending todos'") }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func anInvalidConfigAtStartExits65NamingTheKey() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("[actions]\nsnooze_duration = \"soon\"\n")
    let result = try quickdo.cli("agent")
    #expect(result.status == 65)
    #expect(result.stderr.contains("actions.snooze_duration"))
  }
}
