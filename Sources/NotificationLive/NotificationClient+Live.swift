import Models
import NotificationClient

extension NotificationClient {
  /// Notifications through libnotify on the session bus, from a GLib thread of their own.
  public static func live(
    appName: String = "quickdo", log: @escaping @Sendable (String) -> Void
  ) -> NotificationClient {
    let presenter = LibnotifyPresenter(appName: appName, log: log)
    return NotificationClient(
      present: { actions, revision in presenter.present(actions, revision: revision) },
      events: { presenter.events },
      shutdown: { await presenter.shutdown() },
      setStyle: { presenter.setStyle($0) })
  }
}
