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
  }
}
