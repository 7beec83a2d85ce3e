import Foundation
import LocalizationRig
import Testing

/// The agent in the user's language, on the mock server: German buttons and "Done: …"
/// offer, and, in a pseudo-language, nothing the agent writes itself left in English.
@Suite struct AgentLanguageEndToEndTests {
  @Test func aGermanDesktopGetsGermanButtonsAndOffer() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let german = ["LANGUAGE": "de", "LANG": "de_DE.UTF-8", "QUICKDO_LOCALEDIR": try Catalogs.compiled(["de"]).path]
    let id = try quickdo.cli("add", "Blumen gießen").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent(environment: german)
    try waitUntil("Notify for the todo") { try rig.notifyCalls().count == 1 }
    let notify = try rig.notifyCalls()[0]
    #expect(notify.contains("'done:\(id)', 'Erledigt'"), "\(notify)")
    #expect(notify.contains("'snooze:\(id)', 'Schlummern'"), "\(notify)")

    try rig.pressButton(notification: 1, key: "done:\(id)")
    try waitUntil("the Done offer") { try rig.notifyCalls().contains { $0.contains("<'Erledigt: Blumen gießen'>") } }
    let offer = try #require(try rig.notifyCalls().first { $0.contains("Erledigt: Blumen gießen") })
    #expect(offer.contains("'Rückgängig'"), "\(offer)")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func everyWordTheAgentWritesComesFromTheCatalog() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let pseudo = ["LANGUAGE": "xx", "LANG": "C.UTF-8", "QUICKDO_LOCALEDIR": try Catalogs.pseudo().path]
    try quickdo.writeConfig("[reminders]\nlead_time = \"1d\"\n")
    let parent = try quickdo.cli("add", "Qwx", "--due", "in 3h", "--url", "https://example.com").stdout
      .trimmingCharacters(in: .newlines)
    _ = try quickdo.cli("add", "Zyv", "--parent", parent)
    try quickdo.startAgent(environment: pseudo)
    try waitUntil("Notify for both todos") { try rig.notifyCalls().count >= 2 }
    let shown = try rig.notifyCalls()
    let parentCall = try #require(shown.first { $0.contains("<'Qwx'>") })
    #expect(parentCall.contains("'done:\(parent)', '⟦Done⟧'"), "\(parentCall)")
    #expect(parentCall.contains("'snooze:\(parent)', '⟦Snooze⟧'"), "\(parentCall)")
    #expect(parentCall.contains("'open:\(parent)', '⟦Open⟧'"), "\(parentCall)")
    #expect(parentCall.contains("'default', '⟦Open⟧'"), "\(parentCall)")
    #expect(parentCall.contains("<'⟦0 of 1 subtask done⟧\\n⟦Due "), "\(parentCall)")
    #expect(shown.contains { $0.contains("<'Qwx › Zyv'>") })

    try rig.pressButton(notification: 1, key: "done:\(parent)")
    try waitUntil("the Done offer") { try rig.notifyCalls().contains { $0.contains("⟦Done: Qwx⟧") } }
    let offer = try #require(try rig.notifyCalls().first { $0.contains("⟦Done: Qwx⟧") })
    #expect(offer.contains("'⟦Undo⟧'"), "\(offer)")
    // The agent's own log lines a user reads come from the catalog too.
    #expect(try quickdo.terminateAgent() == 0)
    #expect(quickdo.agentLog.contains("⟦notification server "), "\(quickdo.agentLog)")
  }
}
