import NotificationClient
import Testing

struct ServerQuirksTests {
  func gnomeShell(_ version: String) -> ServerQuirks {
    ServerQuirks.of(NotificationServer(name: "gnome-shell", vendor: "GNOME", version: version, capabilities: []))
  }

  /// GNOME Shell 46 began to draw the buttons in its list; 43 and 44 draw none there.
  @Test func onlyGNOMEShellBefore46HasAListWithoutButtons() {
    #expect(gnomeShell("43.9").listDrawsNoButtons)
    #expect(gnomeShell("44.10").listDrawsNoButtons)
    #expect(!gnomeShell("46.0").listDrawsNoButtons)
    #expect(!gnomeShell("48.7").listDrawsNoButtons)
    #expect(gnomeShell("48.7").putsCriticalFirst && gnomeShell("43.9").putsCriticalFirst)
  }

  @Test func plasmaGetsNoAppIconAndKeepsTheOfferInRoom() {
    let plasma = ServerQuirks.of(NotificationServer(name: "Plasma", vendor: "KDE", version: "6.3.6", capabilities: []))
    #expect(plasma.drawsAppIconLarge && plasma.hidesPopupsPastRoom && !plasma.putsCriticalFirst)
    #expect(!plasma.keepsRoomOfAnsweredPopups)
    let plasma5 = ServerQuirks.of(NotificationServer(name: "Plasma", vendor: "KDE", version: "5.27.5", capabilities: []))
    #expect(plasma5.keepsRoomOfAnsweredPopups)
  }

  /// Cinnamon's × reports reason 0; elsewhere 0 is no reason the specification has.
  @Test func cinnamonsCloseButtonIsADismissal() {
    let cinnamon = ServerQuirks.of(NotificationServer(name: "cinnamon", vendor: "GNOME", version: "5.6.8", capabilities: []))
    #expect(cinnamon.putsCriticalFirst)
    #expect(CloseReason(signal: 0, expireTimeout: 0, quirks: cinnamon) == .dismissed)
    #expect(CloseReason(signal: 0, expireTimeout: 0, quirks: ServerQuirks()) == .other)
    #expect(CloseReason(signal: 2, expireTimeout: 3000, quirks: cinnamon) == .dismissed)
    #expect(CloseReason(signal: 1, expireTimeout: 3000, quirks: cinnamon) == .expired)
  }

  @Test func budgieGetsABodyEverywhere() {
    let budgie = ServerQuirks.of(NotificationServer(name: "Budgie Notification Server", vendor: "Budgie Desktop Developers", version: "10.7.1", capabilities: []))
    #expect(budgie.titlesBodilessWithAppName)
    #expect(!ServerQuirks.of(NotificationServer(name: "dunst", vendor: "knopwob", version: "1.9.0", capabilities: [])).titlesBodilessWithAppName)
  }

  @Test func makoListsTheBodyClickOnce() {
    let mako = ServerQuirks.of(NotificationServer(name: "mako", vendor: "emersion", version: "0.0.0", capabilities: []))
    #expect(mako.listsBodyClickAmongButtons && !mako.drawsDefaultAsButton)
  }
}
