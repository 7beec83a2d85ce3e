import NotificationClient
import Testing

/// The servers' switches are told apart as the servers name themselves: MATE's daemon and
/// GNOME's notification-daemon share a name; LXQt's switch is in a file of its own.
struct DoNotDisturbSwitchTests {
  func of(_ name: String, _ vendor: String) -> DoNotDisturbSwitch? {
    DoNotDisturbSwitch.of(NotificationServer(name: name, vendor: vendor, version: "1", capabilities: []))
  }

  @Test func serversWithTheSameNameAreToldApartByVendor() {
    #expect(of("Notification Daemon", "MATE") == .setting(schema: "org.mate.NotificationDaemon", key: "do-not-disturb", onWhen: true))
    #expect(of("Notification Daemon", "GNOME") == nil)
    #expect(of("lxqt-notificationd", "lxqt.org") == nil)
  }

  @Test func onlyMakoIsAskedRatherThanHeard() {
    let servers = [("dunst", "knopwob"), ("Plasma", "KDE"), ("SwayNotificationCenter", "erikreider"),
                   ("Budgie Notification Server", "Budgie"), ("gnome-shell", "GNOME"), ("cinnamon", "GNOME"),
                   ("Notification Daemon", "MATE"), ("Xfce Notify Daemon", "Xfce"), ("mako", "emersion")]
    let asked = servers.filter { of($0.0, $0.1).map { !$0.signalsChanges } ?? true }.map(\.0)
    #expect(asked == ["mako"])
  }
}
