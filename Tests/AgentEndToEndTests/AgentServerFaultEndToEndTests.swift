import Foundation
import Testing

/// The agent when the notification server is missing, hangs or fails: it waits, times out,
/// retries with a growing delay, keeps the store and the CLI working, and catches up once
/// the server works again.
@Suite(.serialized)
struct AgentServerFaultEndToEndTests {
  @Test func withNoServerAtStartTheAgentWaitsAndShowsTodosWhenOneAppears() throws {
    let rig = try NotificationRig(startingMock: false)
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Wait for the server").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("the agent says it waits") { quickdo.agentLog.contains("no notification server on the bus yet") }
    #expect(quickdo.agentIsRunning)
    // Added while there is no server: shown too, once one appears.
    let later = try quickdo.cli("add", "Added meanwhile").stdout.trimmingCharacters(in: .newlines)

    try rig.startMock()
    try waitUntil("both todos are shown") { try rig.notifyCalls().count == 2 }
    let calls = try rig.notifyCalls().joined()
    #expect(calls.contains("'done:\(id)'") && calls.contains("'done:\(later)'"))
    let first = try rig.notifyCalls().firstIndex { $0.contains("'done:\(id)'") }!
    try rig.pressButton(notification: UInt32(first + 1), key: "done:\(id)")
    try waitUntil("the todo is done") { try quickdo.todos("--completed").contains { $0["id"] as? String == id } }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func whenTheSessionBusClosesTheAgentExits69WithOneLine() throws {
    let rig = try NotificationRig(startingMock: false)
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.startAgent()
    try waitUntil("the agent says it waits") { quickdo.agentLog.contains("no notification server on the bus yet") }
    rig.stopBus()
    try waitUntil("the agent exits") { !quickdo.agentIsRunning }
    #expect(quickdo.agentExitStatus == 69, "\(quickdo.agentLog)")
    let lines = quickdo.agentLog.split(separator: "\n").filter { $0.contains("session bus closed") }
    #expect(lines.count == 1, "\(quickdo.agentLog)")
  }

  @Test func aServerThatDoesNotAnswerInTimeIsRetriedWhileTheStoreAndCLIGoOn() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("[notifications]\nserver_timeout = \"3s\"\n")
    try quickdo.startAgent(arguments: ["--log-actions"])
    try waitUntil("the agent sees the server") { quickdo.agentLog.contains("is up") }
    try rig.installFaultyNotify()
    rig.setFault(.hang, on: true)

    let id = try quickdo.cli("add", "Water the plants").stdout.trimmingCharacters(in: .newlines)
    // The presenter now waits up to 3 s for Notify. The store does not wait with it: the
    // next commit reaches it (and its action log) before the presenter gives up.
    let started = Date()
    let second = try quickdo.cli("add", "Feed the fish")
    #expect(second.status == 0, "\(second.stderr)")
    let list = try quickdo.cli("list")
    #expect(list.status == 0 && list.stdout.contains("Feed the fish"))
    #expect(Date().timeIntervalSince(started) < 2.5, "the CLI waited for the notification server")
    try waitUntil("the store receives the second todo") { quickdo.agentOutput.contains("Feed the fish") }
    #expect(!quickdo.agentLog.contains("no answer within"), "the store waited for the presenter")

    try waitUntil("the presenter times out and says when it tries again") {
      quickdo.agentLog.contains("(showing: no answer within 3000 ms); trying again in 1s")
    }
    rig.setFault(.hang, on: false)
    try waitUntil("shown once the server answers again", timeout: 20) {
      quickdo.agentLog.contains("the notification server answers again")
    }
    let ids = try rig.assignedIDs(summary: "Water the plants")
    #expect(ids.count >= 2, "the call that timed out was answered late, the retry in time: \(ids)")
    #expect(try rig.assignedIDs(summary: "Feed the fish").count >= 1)

    // A late answer made a notification the agent never learnt about: its button is dead.
    try rig.pressButton(notification: ids[0], key: "done:\(id)")
    // The retried one works.
    try rig.pressButton(notification: ids.last!, key: "done:\(id)")
    try waitUntil("the todo is done") { try quickdo.todos("--completed").contains { $0["id"] as? String == id } }
    try waitUntil("its notification closes") { try rig.calls().contains("'CloseNotification', [<\(ids.last!)>]") }
    #expect(quickdo.agentOutput.components(separatedBy: "\"buttonPressed\"").count == 2, "one press reached the store")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aServerAnsweringWithErrorsIsRetriedWithAGrowingDelayNotInALoop() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.startAgent()
    try waitUntil("the agent sees the server") { quickdo.agentLog.contains("is up") }
    try rig.installFaultyNotify()
    rig.setFault(.fail, on: true)

    let id = try quickdo.cli("add", "Call the plumber").stdout.trimmingCharacters(in: .newlines)
    try waitUntil("three attempts, 1 s then 2 s apart", timeout: 15) {
      quickdo.agentLog.contains("trying again in 4s")
    }
    let log = quickdo.agentLog
    #expect(log.contains("1 notification call failed (showing: the server is out of order); trying again in 1s"))
    #expect(log.contains("trying again in 2s"))
    #expect(try rig.notifyCalls().count == 3, "one attempt per delay")
    #expect(quickdo.agentIsRunning)

    rig.setFault(.fail, on: false)
    try waitUntil("shown on the next attempt", timeout: 10) { try rig.assignedIDs(summary: "Call the plumber").count == 1 }
    try waitUntil("the agent says so") { quickdo.agentLog.contains("the notification server answers again") }
    let shown = try rig.assignedIDs(summary: "Call the plumber")[0]
    try rig.pressButton(notification: shown, key: "done:\(id)")
    try waitUntil("the todo is done") { try quickdo.todos("--completed").contains { $0["id"] as? String == id } }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }
}
