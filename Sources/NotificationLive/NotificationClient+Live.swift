import Models
import NotificationClient

extension NotificationClient {
  /// Notifications through libnotify on the session bus, from a GLib thread of their own.
  /// Logs as `quickdo.notifications` (server up or gone, failed calls and retries).
  public static func live(appName: String = "quickdo") -> NotificationClient {
    let presenter = LibnotifyPresenter(appName: appName)
    return NotificationClient(
      present: { actions, revision in presenter.present(actions, revision: revision) },
      subscribe: { receive, busClosed in presenter.subscribe(receive, busClosed: busClosed) },
      shutdown: { await presenter.shutdown() },
      setStyle: { presenter.setStyle($0) })
  }
}
