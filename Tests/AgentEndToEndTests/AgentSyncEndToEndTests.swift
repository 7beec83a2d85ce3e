import CalDAVRig
import Foundation
import Testing

/// The agent with a CalDAV account (Radicale, password auth; the python caldav library as
/// the phone) and the python-dbusmock notification server: a todo added on the phone
/// becomes a notification, "Mark done" on it completes it on the server, and a todo
/// deleted on the phone closes its notification.
@Suite(.serialized)
struct AgentSyncEndToEndTests {
  func todo(_ uid: String, _ summary: String) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//phone//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20261120T090000Z\r\nSUMMARY:\(summary)\r\nCATEGORIES:Errands\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:\(summary)\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
  }

  /// The agent, with the server's account in its config.
  func startAgent(rig: NotificationRig, syncingWith server: CalDAVServer) throws -> AgentProcess {
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("""
      [[sync.caldav]]
      name = "phone"
      url = "\(server.url)"
      username = "\(server.user)"
      password = "\(server.password)"
      """)
    try quickdo.startAgent()
    return quickdo
  }

  @Test func aPhoneTodoIsNotifiedAndMarkDoneCompletesItOnTheServer() async throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let server = try await CalDAVServer.started(.radicale)
    defer { server.stop() }
    let files = try [("milk@phone", "Buy milk"), ("call@phone", "Call the plumber")].map { uid, summary in
      let path = rig.directory.appendingPathComponent("\(uid).ics").path
      try todo(uid, summary).write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    let created = try server.phone("create", ["Tasks"] + files)
    try #require(created.status == 0, "\(created.output)")
    let hrefs = created.output.split(separator: "\n").map(String.init)

    let quickdo = try startAgent(rig: rig, syncingWith: server)
    do {
      try waitUntil("both phone todos are notified", timeout: 20) { try rig.notifyCalls().count == 2 }
    } catch {
      Issue.record("\(error)\nagent log:\n\(quickdo.agentLog)")
      throw error
    }
    let milk = try #require(try quickdo.todos().first { $0["title"] as? String == "Buy milk" })
    let id = try #require(milk["id"] as? String)
    // The mock numbers notifications 1, 2, … in the order of the Notify calls.
    func notificationID(_ title: String) throws -> UInt32? {
      try rig.notifyCalls().firstIndex { $0.contains("<'\(title)'>") }.map { UInt32($0 + 1) }
    }
    let notification = try #require(try notificationID("Buy milk"))
    try rig.pressButton(notification: notification, key: "done:\(id)")

    // Sent a few seconds after the press (debounced).
    var object = ""
    try waitUntil("the server has the todo completed", timeout: 20) {
      object = try CalDAVServer.run("/usr/bin/curl", ["-s", "-u", "\(server.user):\(server.password)", hrefs[0]]).output
      return object.contains("STATUS:COMPLETED")
    }
    #expect(object.contains("COMPLETED:"))
    #expect(object.contains("CATEGORIES:Errands"))
    #expect(object.contains("BEGIN:VALARM"))

    // Deleted on the phone: the next sync removes it here, and its notification closes.
    let deleted = try server.phone("delete", [hrefs[1]])
    try #require(deleted.status == 0, "\(deleted.output)")
    let plumber = try #require(try notificationID("Call the plumber"))
    #expect(try quickdo.cli("sync").status == 0)
    try waitUntil("the deleted todo's notification closes") {
      try rig.calls().contains("'CloseNotification', [<\(plumber)>]")
    }
    #expect(try quickdo.todos().allSatisfy { $0["title"] as? String != "Call the plumber" })
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// The server goes down before a press: the press works here at once, the agent logs
  /// each failed attempt, and the completion reaches the server once it is back.
  @Test func aPressWhileTheServerIsDownIsSentWhenItIsBack() async throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let server = try await CalDAVServer.started(.radicale)
    defer { server.stop() }
    let file = rig.directory.appendingPathComponent("milk.ics").path
    try todo("milk@phone", "Buy milk").write(toFile: file, atomically: true, encoding: .utf8)
    let created = try server.phone("create", ["Tasks", file])
    try #require(created.status == 0, "\(created.output)")
    let href = created.output.trimmingCharacters(in: .newlines)

    let quickdo = try startAgent(rig: rig, syncingWith: server)
    try waitUntil("the phone todo is notified", timeout: 20) { try rig.notifyCalls().count == 1 }
    let id = try #require(try quickdo.todos().first?["id"] as? String)
    server.pause()
    try rig.pressButton(notification: 1, key: "done:\(id)")
    try waitUntil("done here at once") { try quickdo.todos("--completed").count == 1 }
    // The agent's own line, from the sync program's JSON error (`--json`): the program's
    // stderr reaches the same log, but only the agent says when it tries again.
    func attempts() -> Int {
      quickdo.agentLog.split(separator: "\n").count { $0.contains("server unreachable") && $0.contains("trying again in") }
    }
    try waitUntil("a failed attempt is logged", timeout: 10) { attempts() >= 1 }
    try await server.resume()
    var object = ""
    try waitUntil("the completion reaches the server", timeout: 30) {
      object = try CalDAVServer.run("/usr/bin/curl", ["-s", "-u", "\(server.user):\(server.password)", href]).output
      return object.contains("STATUS:COMPLETED")
    }
    #expect((1...2).contains(attempts()), "one line per attempt: \(quickdo.agentLog)")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }
}
