import CLibnotify
import Logging
import Localization

/// Asks the bus to start a notification server (`StartServiceByName`, D-Bus activation),
/// one request at a time and without waiting: desktops that rely on a .service file (MATE,
/// XFCE, dunst) get their server, and one that exits when idle is started again. "No
/// .service file" is said once and not asked again until a server appears; other failures
/// are retried after `RetryBackoff`'s delay. Used on the presenter's GLib thread only.
final class ServerActivation: @unchecked Sendable {
  private let glib: GLibThread
  private let log = Logger(label: "quickdo.notifications")
  /// Called when a retry is due: the presenter requests again if it still needs a server.
  private let retryDue: @Sendable () -> Void
  private var isRequesting = false
  private var retry: GLibTimer?
  private var backoff = RetryBackoff()
  private var busCannotStart = false
  /// The pointer the D-Bus reply gets: retained, as the presenter's own.
  private lazy var callbackData = Unmanaged.passRetained(self).toOpaque()

  init(glib: GLibThread, retryDue: @escaping @Sendable () -> Void) {
    self.glib = glib
    self.retryDue = retryDue
  }

  /// Asks the bus to start the server, unless a request or a retry is pending or the bus
  /// said it cannot; the caller's name watcher sees the server when it is up.
  func request(timeoutMilliseconds: Int32) {
    guard !isRequesting, retry == nil, !busCannotStart else { return }
    isRequesting = true
    log.info(Logger.Message(stringLiteral: tr("no notification server is running; asking the bus to start one (D-Bus activation)")))
    quickdo_start_service(
      "org.freedesktop.Notifications", timeoutMilliseconds,
      { source, result, data in
        let activation = Unmanaged<ServerActivation>.fromOpaque(data!).takeUnretainedValue()
        var message: UnsafeMutablePointer<CChar>?
        let outcome = quickdo_start_service_finish(source, result, &message)
        defer { g_free(message) }
        activation.finished(outcome, message.map { String(cString: $0) } ?? "")
      }, callbackData)
  }

  /// A server is up: a later exit starts afresh.
  func serverAppeared() {
    cancel()
    backoff.reset()
    busCannotStart = false
  }

  func cancel() {
    retry?.cancel()
    retry = nil
  }

  private func finished(_ outcome: Int32, _ message: String) {
    isRequesting = false
    switch outcome {
    case 0:
      log.debug(Logger.Message(stringLiteral: tr("the bus started the notification server")))
    case 1:
      busCannotStart = true
      log.notice(Logger.Message(stringLiteral: tr("the bus cannot start a notification server (no org.freedesktop.Notifications service file); waiting for one to appear")))
    default:
      let delay = backoff.next()
      log.warning(Logger.Message(stringLiteral: tr("starting the notification server failed (%s); trying again in %ss", message, Int(delay))))
      retry = glib.after(seconds: delay) { [self] in
        retry = nil
        retryDue()
      }
    }
  }
}
