import Foundation
import Testing

/// A repeating todo on the mock server: shown once, Done moves it to its next time and says
/// so, and it is shown again only when that time's reminder comes. The lead time is a day
/// less a few seconds, so "tomorrow at this time" comes into sight seconds after the press.
@Suite(.serialized)
struct AgentRepeatEndToEndTests {
  @Test func doneMovesARepeatingTodoAndItComesBackAtItsNextTime() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("[reminders]\nlead_time = \"86394s\"\n")
    let due = Date().addingTimeInterval(2).rounded()
    let id = try quickdo.cli(
      "add", "Take pills", "--due", ISO8601DateFormatter().string(from: due), "--repeat", "daily"
    ).stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("Notify") { try rig.notifyCalls().count == 1 }
    #expect(try rig.notifyCalls()[0].contains("<'Take pills'>"))

    try rig.pressButton(notification: 1, key: "done:\(id)")
    let pressed = Date()
    try waitUntil("the undo offer") { try rig.notifyCalls().count == 2 }
    let offer = try rig.notifyCalls()[1]
    #expect(offer.contains("Done: Take pills — next tomorrow "), "\(offer)")
    #expect(try rig.calls().contains("'CloseNotification', [<1>]"))
    let moved = try #require(try quickdo.todos().first)
    #expect(moved["due"] as? String == ISO8601DateFormatter().string(from: due.addingTimeInterval(86_400)))
    #expect(moved["isComplete"] as? Bool == false)

    // Out of sight until its next reminder: tomorrow's due time less the lead time.
    try waitUntil("the next occurrence", timeout: 20) { try rig.notifyCalls().count == 3 }
    #expect(Date().timeIntervalSince(due) >= 5, "not before its next reminder")
    #expect(Date().timeIntervalSince(pressed) >= 2)
    #expect(try rig.notifyCalls()[2].contains("<'Take pills'>"))
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }
}

extension Date {
  /// Whole seconds, as `--due` in ISO 8601 keeps them.
  fileprivate func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.up)) }
}
