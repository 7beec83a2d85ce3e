import Foundation
import Testing

/// What real notification servers do, reproduced on the mock where a real server cannot
/// be driven from a test: started on demand by the bus, a close that follows a press, the
/// close button reported as "expired", a body click drawn as a button, few notifications
/// kept per app, one popup at a time. scripts/real-servers.sh clicks the real servers.
@Suite(.serialized)
struct AgentRealServerBehaviourEndToEndTests {
  @Test func aServerTheBusStartsOnDemandIsStartedAndStartedAgainAfterItExits() throws {
    let rig = try NotificationRig(startingMock: false)
    defer { rig.stop() }
    try rig.makeMockActivatable()
    let quickdo = AgentProcess(rig: rig)
    let first = try quickdo.cli("add", "Started on demand").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("the agent has the bus start the server") { rig.serverIsRunning() }
    try waitUntil("the todo is shown") { try rig.notifyCalls().joined().contains("'done:\(first)'") }
    #expect(quickdo.agentLog.contains("asking the bus to start one"), "\(quickdo.agentLog)")

    // Like MATE's daemon after 30 idle seconds: it exits. Something new to show starts it.
    try rig.killActivatedServer()
    try waitUntil("the agent sees it go") { quickdo.agentLog.contains("notification server went away") }
    try waitUntil("started again, and everything shown anew") {
      rig.serverIsRunning() && (try? rig.notifyCalls().joined().contains("'done:\(first)'")) == true
    }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aCloseThatFollowsAPressIsNotADismissalAndThePendingTodoComesBack() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Read this", "--url", "https://example.com/").stdout
      .trimmingCharacters(in: .newlines)
    try quickdo.startAgent(environment: ["PATH": rig.directory.path])  // no xdg-open: it fails
    try waitUntil("shown") { try rig.notifyCalls().count == 1 }
    // xfce4-notifyd, MATE and notification-daemon close the popup after any press.
    try rig.pressButton(notification: 1, key: "open:\(id)")
    try rig.closeByServer(notification: 1, reason: 2)
    try waitUntil("shown again, since the todo is still pending") { try rig.notifyCalls().count == 2 }
    let todo = try #require(try quickdo.todos().first)
    #expect(todo["snoozedUntil"] is NSNull, "a press followed by a close is not a dismissal")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// Plasma 6.3: Done pressed in its history while the popup is still up closes that one
  /// notification twice, as expired (1) and then as closed by a call (3). Neither is a
  /// dismissal: the todo is done, nothing is snoozed, and the Undo offer comes.
  @Test func aPressClosedTwiceAsOnPlasmaIsDoneOnce() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    try rig.pretendToBe(name: "Plasma", vendor: "KDE", version: "6.3.6")
    let quickdo = AgentProcess(rig: rig)
    let id = try quickdo.cli("add", "Water the plants").stdout.trimmingCharacters(in: .newlines)
    try quickdo.cli("add", "Read the report")
    try quickdo.startAgent()
    try waitUntil("both shown") { try rig.notifyCalls().count == 2 }
    let number = UInt32(try #require(try rig.notifyCalls().firstIndex { $0.contains("'done:\(id)'") }) + 1)
    try rig.pressButton(notification: number, key: "done:\(id)")
    try rig.closeByServer(notification: number, reason: 1)
    try rig.closeByServer(notification: number, reason: 3)
    try waitUntil("the Undo offer") { try rig.notifyCalls().joined().contains("'Done: Water the plants'") }
    #expect(try quickdo.todos("--completed").map { $0["id"] as? String } == [id])
    #expect(try quickdo.todos().allSatisfy { $0["snoozedUntil"] is NSNull }, "no close was a dismissal")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// Plasma 5.27 and 6.3 hide, without queueing, popups past the screen's room, the newest
  /// first: a "Done: …" offer on top of four todos was never drawn at 1366x768. There the
  /// offer takes the done todo's place, and the fifth todo waits until the offer ends.
  /// Plasma 6.3 also draws an app icon as a large image besides its header's icon, which
  /// made each popup half again as tall: no app icon is sent (the header draws the desktop
  /// entry's).
  @Test func onPlasmaTheUndoOfferTakesTheDoneTodosPlaceAndNoAppIconIsSent() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    try rig.pretendToBe(name: "Plasma", vendor: "KDE", version: "6.3.6")
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("[actions]\nundo_window = \"2s\"\n")
    try pressDoneOnTheFirstOfFive(rig, quickdo)
    Thread.sleep(forTimeInterval: 0.5)
    #expect(!(try rig.notifyCalls().joined().contains("'todo 5'")), "no popup above the offer")
    try waitUntil("the fifth todo, once the offer ends") { try rig.notifyCalls().joined().contains("'todo 5'") }
    let calls = try rig.notifyCalls()
    #expect(calls.allSatisfy { $0.contains("<'quickdo'>, <uint32 0>, <''>") }, "\(calls)")
    #expect(calls.allSatisfy { $0.contains("'desktop-entry': <'quickdo'>") }, "\(calls)")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// Elsewhere the offer has normal urgency, and the next todo comes with it at once.
  @Test func elsewhereTheUndoOfferIsNormal() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try pressDoneOnTheFirstOfFive(rig, quickdo)
    let offer = try #require(try rig.notifyCalls().last { $0.contains("'Done: todo 1'") })
    #expect(offer.contains("'urgency': <byte 0x01>"), "\(offer)")
    try waitUntil("the fifth todo") { try rig.notifyCalls().joined().contains("'todo 5'") }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// Five todos, four shown (the default `max`), Done pressed on the first, its offer up.
  private func pressDoneOnTheFirstOfFive(_ rig: NotificationRig, _ quickdo: AgentProcess) throws {
    let first = try quickdo.cli("add", "todo 1").stdout.trimmingCharacters(in: .newlines)
    for n in 2...5 { _ = try quickdo.cli("add", "todo \(n)") }
    try quickdo.startAgent()
    try waitUntil("four shown") { try rig.notifyCalls().count == 4 }
    let number = UInt32(try #require(try rig.notifyCalls().firstIndex { $0.contains("'done:\(first)'") }) + 1)
    try rig.pressButton(notification: number, key: "done:\(first)")
    try waitUntil("the Undo offer") { try rig.notifyCalls().joined().contains("'Done: todo 1'") }
  }

  /// dunst 1.9 with its default config finds icons in a few fixed folders only, so a
  /// themed icon's name draws nothing there: the file `quickdo install` put in place is sent.
  @Test func onDunstTheIconIsSentAsItsFile() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    try rig.pretendToBe(name: "dunst", vendor: "knopwob", version: "1.9.0")
    let quickdo = AgentProcess(rig: rig)
    _ = try quickdo.cli("install")
    _ = try quickdo.cli("add", "Water the plants")
    try quickdo.startAgent()
    try waitUntil("shown") { try rig.notifyCalls().count == 1 }
    let icon = rig.directory.appendingPathComponent(".local/share/icons/hicolor/scalable/apps/quickdo.svg").path
    #expect(FileManager.default.fileExists(atPath: icon))
    let call = try rig.notifyCalls()[0]
    #expect(call.contains("<'quickdo'>, <uint32 0>, <'\(icon)'>"), "\(call)")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func closedByTheUserOrExpiredSnoozesAndTheCloseButtonReportedAsExpiredToo() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let a = try quickdo.cli("add", "Closed with the close button").stdout.trimmingCharacters(in: .newlines)
    let b = try quickdo.cli("add", "Closed, reported as expired").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("both shown") { try rig.notifyCalls().count == 2 }
    let calls = try rig.notifyCalls()
    let idA = UInt32(calls.firstIndex { $0.contains("'done:\(a)'") }! + 1)
    let idB = UInt32(calls.firstIndex { $0.contains("'done:\(b)'") }! + 1)
    try rig.closeByUser(notification: idA)
    // MATE's close button says "expired" (1); quickdo asked for no expiry (the default).
    try rig.closeByServer(notification: idB, reason: 1)
    try waitUntil("both snoozed") {
      try quickdo.todos().allSatisfy { $0["snoozedUntil"] is String }
    }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func withNoSnoozeForDismissalAClosedNotificationIsShownAgainNotLost() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("[notifications]\nexpire_timeout = 5000\n[actions]\ndismiss_snoozes_for = \"0s\"\n")
    let id = try quickdo.cli("add", "Never vanish").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("shown") { try rig.notifyCalls().count == 1 }
    try rig.closeByServer(notification: 1, reason: 1)  // expired
    try waitUntil("shown again") { try rig.notifyCalls().count == 2 }
    #expect(try rig.notifyCalls()[1].contains("'done:\(id)'"))
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func theBodyClickIsOfferedOnlyWhenItDoesSomethingAndNeverTwiceWhereItIsAButton() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let linked = try quickdo.cli("add", "With a link", "--url", "https://example.com/").stdout
      .trimmingCharacters(in: .newlines)
    let plain = try quickdo.cli("add", "Without a link").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("both shown") { try rig.notifyCalls().count == 2 }
    let calls = try rig.notifyCalls()
    let withLink = try #require(calls.first { $0.contains("'done:\(linked)'") })
    let withoutLink = try #require(calls.first { $0.contains("'done:\(plain)'") })
    #expect(withLink.contains("'default', 'Open'"), "\(withLink)")
    #expect(!withoutLink.contains("'default'"), "\(withoutLink)")
    #expect(try quickdo.terminateAgent() == 0)

    // xfce4-notifyd draws the body click as a button: it would duplicate "Open".
    let xfce = try NotificationRig()
    defer { xfce.stop() }
    try xfce.pretendToBe(name: "Xfce Notify Daemon", vendor: "Xfce", version: "0.7.3")
    let again = AgentProcess(rig: xfce)
    _ = try again.cli("add", "With a link", "--url", "https://example.com/")
    try again.startAgent()
    try waitUntil("shown") { try xfce.notifyCalls().count == 1 }
    let call = try xfce.notifyCalls()[0]
    #expect(call.contains("'Open'") && !call.contains("'default'"), "\(call)")
    #expect(try again.terminateAgent() == 0)
  }

  @Test func onGNOMEShellNoMoreThanThreeAreShownUndoOffersFirstAndATrayClickUndoes() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    try rig.pretendToBe(name: "gnome-shell", vendor: "GNOME", version: "43.9")
    let quickdo = AgentProcess(rig: rig)
    var ids: [String] = []
    for n in 1...4 {
      ids.append(try quickdo.cli("add", "todo \(n)", "--priority", n == 1 ? "high" : "normal").stdout
        .trimmingCharacters(in: .newlines))
    }
    try quickdo.startAgent()
    try waitUntil("three shown") { try rig.notifyCalls().count == 3 }
    Thread.sleep(forTimeInterval: 0.5)
    #expect(try rig.notifyCalls().count == 3, "GNOME keeps 3 of an app and drops the oldest")
    #expect(try rig.notifyCalls()[0].contains("'done:\(ids[0])'"), "the high-priority one is shown")
    try rig.pressButton(notification: 1, key: "done:\(ids[0])")
    try waitUntil("the undo offer is shown") { try rig.notifyCalls().joined().contains("'Done: todo 1'") }
    let offer = try rig.notifyCalls().last!
    // GNOME Shell queues banners, critical ones first: so the offer comes next, not behind
    // the queued todos.
    #expect(offer.contains("'urgency': <byte 0x02>"), "\(offer)")
    // GNOME's list has no buttons; a click there sends `default`, which undoes.
    let offerID = UInt32(try rig.notifyCalls().count)
    try rig.pressButton(notification: offerID, key: "default")
    try waitUntil("undone") { try quickdo.todos("--completed").isEmpty }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// GNOME Shell takes a click on a notification that offers no body click for "open the
  /// app", and closes every notification of quickdo (each then snoozed as dismissed). Here
  /// every todo offers one: a click closes that notification alone, as GNOME closes an
  /// activated one, and its todo comes back with its buttons, not snoozed.
  @Test func onGNOMEShellAClickOnOneTodoTouchesNoOther() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    try rig.pretendToBe(name: "gnome-shell", vendor: "GNOME", version: "43.9")
    let quickdo = AgentProcess(rig: rig)
    let water = try quickdo.cli("add", "Water the plants").stdout.trimmingCharacters(in: .newlines)
    _ = try quickdo.cli("add", "Read the report")
    try quickdo.startAgent()
    try waitUntil("both shown") { try rig.notifyCalls().count == 2 }
    let shown = try rig.notifyCalls()
    #expect(shown.allSatisfy { $0.contains("'default'") }, "\(shown)")
    let id = UInt32(try #require(shown.firstIndex { $0.contains("'Water the plants'") }) + 1)

    // What GNOME Shell sends for a click on an activatable notification: the body click,
    // then its close as dismissed.
    try rig.pressButton(notification: id, key: "default")
    try rig.closeByServer(notification: id, reason: 2)
    try waitUntil("shown again") { try rig.notifyCalls().filter { $0.contains("'Water the plants'") }.count == 2 }
    let again = try #require(try rig.notifyCalls().last { $0.contains("'Water the plants'") })
    #expect(again.contains("'urgency': <byte 0x02>"), "critical: bannered when the list closes, \(again)")
    let todo = try #require(try quickdo.todos().first { $0["id"] as? String == water })
    #expect(todo["snoozedUntil"] == nil || todo["snoozedUntil"] is NSNull, "a click is no dismissal")
    #expect(!(try rig.calls().contains("'CloseNotification'")), "the other todo's notification stays")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func onAServerShowingOnePopupAtATimeTheAutoLayoutIsOneSummary() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    try rig.pretendToBe(name: "Notification Daemon", vendor: "GNOME", version: "3.20.0")
    let quickdo = AgentProcess(rig: rig)
    for n in 1...3 { _ = try quickdo.cli("add", "todo \(n)") }
    try quickdo.startAgent()
    try waitUntil("the summary is shown") { try rig.notifyCalls().joined().contains("'3 pending todos'") }
    #expect(!(try rig.notifyCalls().joined().contains("'todo 1', ''")), "no per-todo notification")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }
}
