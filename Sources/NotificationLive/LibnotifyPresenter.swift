import CLibnotify
import CNotifyTimeout
import Foundation
import Logging
import Models
import NotificationLayout
import NotificationClient
import Localization

/// Shows quick actions through libnotify and reports presses and closings.
///
/// Everything below runs on the presenter's `GLibThread`: libnotify calls are synchronous
/// D-Bus round trips and its signals arrive on that thread's main context (a press also
/// goes to the store straight from GDBus's message thread, `PressRoutes`). The store only
/// posts work here and never waits. libnotify is only called while the notification server
/// owns its bus name (`g_bus_watch_name`), so no call blocks on a D-Bus activation timeout;
/// when the server appears again (a restart, or a late start), everything is shown anew.
/// While there is something to show and no server, the bus is asked to start one
/// (`ServerActivation`: many desktops start their server on demand, and some stop it when
/// idle).
///
/// Real servers differ (`ServerQuirks`): a body click is offered only when it does
/// something; a close that follows a press is part of the press; a closed notification
/// whose todo is still wanted is shown again (after the store has had a moment to react);
/// a server that keeps few notifications gets no more than it keeps, Undo offers first.
///
/// A server that fails a call (an error reply) or does not answer in time (`serverTimeout`)
/// is logged once per attempt and called again after a growing delay (`RetryBackoff`); after
/// a time-out nothing is called until then, since every call would wait just as long.
final class LibnotifyPresenter: @unchecked Sendable {
  typealias Notification = UnsafeMutablePointer<NotifyNotification>

  struct Shown {
    let notification: Notification
    /// What it shows; nil forces an update on the next reconcile (the style changed).
    var action: QuickAction?
    var isOpen: Bool
  }

  /// What one reconcile pass met: failed calls, the first failure, whether one timed out.
  struct PassOutcome {
    var failures = 0
    var firstFailure = ""
    var timedOut = false

    mutating func record(_ failure: CallFailure) {
      if failures == 0 { firstFailure = failure.message }
      failures += 1
      timedOut = timedOut || failure.timedOut
    }
  }

  struct CallFailure: Error {
    let message: String
    let timedOut: Bool
  }

  let glib = GLibThread(name: "quickdo.libnotify")
  let log = Logger(label: "quickdo.notifications")

  /// Where events go (`subscribe`); until then they are kept there. Any thread.
  let outlet = EventOutlet()
  /// What the buttons of shown notifications report, for GDBus's message thread.
  let routes = PressRoutes()

  // GLib-thread state.
  /// Called on the main actor if the session bus closes (`subscribe`).
  var busClosedHandler: (@MainActor @Sendable () -> Void)?
  var shown: [Todo.ID: Shown] = [:]
  var todoForNotification: [Notification: Todo.ID] = [:]
  var closingOurselves: Set<Notification> = []
  var desired: [QuickAction] = []
  var appliedRevision = Int.min
  var serverIsUp = false
  var hasAppearedBefore = false
  var saidWaiting = false
  var capabilities: Set<String> = []
  var quirks = ServerQuirks()
  var warnedNoActions = false
  /// When each notification last had a button pressed: a close soon after is the
  /// server's way of ending the press (xfce4-notifyd, MATE, notification-daemon).
  var pressedAt: [Notification: ContinuousClock.Instant] = [:]
  /// Timers for servers that expire popups without saying so.
  var expiryTimers: [Notification: GLibTimer] = [:]
  var reshowTimer: GLibTimer?
  /// Todos whose notification the server closed, not shown again before `reshowTimer`
  /// fires: by then the store has reacted to every close (a dismissal snoozes, a press
  /// completes). Showing one sooner, when popups close together and the store has reacted
  /// to the first close only, brings back a todo that is withdrawn a moment later: a blink.
  var closedLately: Set<Todo.ID> = []
  /// Todos called back by a plain click in a list that draws no buttons (`listDrawsNoButtons`):
  /// shown again as critical, so that they come back as a banner with their buttons.
  var calledBack: Set<Todo.ID> = []
  /// Running for a moment after a server appears: the store may change the rules for it
  /// (the `auto` layout), so what it presents meanwhile waits for the timer.
  var settleTimer: GLibTimer?
  lazy var activation = ServerActivation(glib: glib) { [unowned self] in
    startServerIfNeeded()
  }
  var style = NotificationStyle()
  /// The server on the bus (nil while none is).
  var server: NotificationServer?
  // The server's Do Not Disturb switch, while followed: how it is kept, its watch, whether
  // it is on, the pending read after a signal, the minute's read, whether a bad answer was
  // logged (`LibnotifyPresenter+DoNotDisturb`).
  var doNotDisturbSwitch: DoNotDisturbSwitch?
  var doNotDisturbWatch: OpaquePointer?
  var doNotDisturbIsOn = false
  var doNotDisturbCheck: GLibTimer?
  var doNotDisturbPoll: GLibTimer?
  var doNotDisturbWarned = false
  var isShutDown = false
  /// The session bus closed. Kept, so a subscriber that comes after that is told at once
  /// instead of never.
  var busIsClosed = false
  // Failure handling: the pending retry, its delays (`hasBackedOff` while calls fail), and
  // whether the server is not answering.
  var retryTimer: GLibTimer?
  var backoff = RetryBackoff()
  var serverIsHung = false
  /// The pointer GLib callbacks get: a retained reference, so a callback that arrives while
  /// the agent is exiting never finds a freed presenter (it lives as long as its thread).
  lazy var callbackData = Unmanaged.passRetained(self).toOpaque()

  init(appName: String) {
    glib.async { [self] in
      let box = callbackData
      // Before libnotify makes its proxy: its calls get the style's time limit, not 25 s.
      quickdo_notify_timeout_install()
      quickdo_notify_timeout_set(style.serverTimeout)
      notify_init(appName)
      g_bus_watch_name(
        G_BUS_TYPE_SESSION, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
        { _, _, owner, data in
          let presenter = Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue()
          presenter.serverAppeared(owner: owner.map { String(cString: $0) } ?? "?")
        },
        { _, _, data in
          let presenter = Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue()
          presenter.serverVanished()
        }, box, nil)
      quickdo_watch_session_bus({ data in
        Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue().busClosed()
      }, box)
      quickdo_watch_presses({ sender, id, key, reply, data in
        guard let sender else { return }
        let presenter = Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue()
        if let key {
          presenter.pressArrived(sender: String(cString: sender), id: id, key: String(cString: key))
        } else if let reply {
          presenter.replyArrived(sender: String(cString: sender), id: id, text: String(cString: reply))
        }
      }, box)
    }
  }

  // MARK: Interface (any thread)

  func present(_ actions: [QuickAction], revision: Int) {
    glib.async { [self] in
      guard revision > appliedRevision else { return }
      appliedRevision = revision
      desired = actions
      if !serverIsUp {
        startServerIfNeeded()
      } else if settleTimer == nil {
        reconcile()
      }
    }
  }

  func setStyle(_ style: NotificationStyle) {
    glib.async { [self] in
      guard style != self.style else { return }
      let restyles = style.looksDifferent(from: self.style)
      let refollows = style.followsDoNotDisturb != self.style.followsDoNotDisturb
      self.style = style
      quickdo_notify_timeout_set(style.serverTimeout)
      if refollows, serverIsUp { followDoNotDisturb(of: server) }
      guard restyles else { return }
      // Shown notifications are updated in place on the next reconcile.
      for id in shown.keys { shown[id]?.action = nil }
      reconcile()
    }
  }

  /// Closes the open notifications, stops reporting events, and stops the GLib loop, so no
  /// callback runs while the process exits.
  func shutdown() async {
    await glib.sync { [self] in
      stopWork()
      for (_, entry) in shown where entry.isOpen { _ = try? close(entry.notification) }
      shown.removeAll()
      glib.stop()
      return ()
    }
  }

  // MARK: Server presence (GLib thread)

  func serverAppeared(owner: String) {
    guard !isShutDown else { return }
    serverIsUp = true
    routes.serverIs(owner)
    // A new server gets a fresh start: no waiting on the old one's failures.
    cancelRetry()
    backoff.reset()
    serverIsHung = false
    activation.serverAppeared()
    refreshCapabilities()
    let server = serverInformation()
    self.server = server
    quirks = server.quirks
    log.info(Logger.Message(stringLiteral: tr("notification server %s %s (%s, %s) is up; capabilities: %s", server.name, server.version, server.vendor, owner, capabilities.sorted().joined(separator: " "))))
    if hasAppearedBefore {
      // The old server's notifications are gone with it: forget them and show anew.
      for (_, entry) in shown { forget(entry.notification) }
      shown.removeAll()
    }
    hasAppearedBefore = true
    report(.serverAppeared(server))
    followDoNotDisturb(of: server)
    // Shown a moment later: the server can change the rules (the `auto` layout), and a
    // server that shows one popup at a time would queue what was shown before the change.
    settleTimer?.cancel()
    settleTimer = glib.after(seconds: 0.3) { [self] in
      settleTimer = nil
      guard !isShutDown else { return }
      reconcile()
    }
  }

  /// `GetServerInformation`, with the capabilities already asked for.
  func serverInformation() -> NotificationServer {
    var name: UnsafeMutablePointer<CChar>?
    var vendor: UnsafeMutablePointer<CChar>?
    var version: UnsafeMutablePointer<CChar>?
    var spec: UnsafeMutablePointer<CChar>?
    _ = notify_get_server_info(&name, &vendor, &version, &spec)
    defer { for text in [name, vendor, version, spec] { g_free(text) } }
    func string(_ text: UnsafeMutablePointer<CChar>?) -> String { text.map { String(cString: $0) } ?? "?" }
    return NotificationServer(
      name: string(name), vendor: string(vendor), version: string(version),
      capabilities: capabilities)
  }

  /// The session bus is gone, which ends the desktop session it served: events stop, and
  /// the subscriber is told (the agent exits).
  func busClosed() {
    guard !isShutDown else { return }
    log.error(Logger.Message(stringLiteral: tr("the D-Bus session bus closed; the agent ends with its desktop session")))
    stopWork()
    busIsClosed = true
    tellBusClosed()
  }

  /// Stops every timer and the events, so nothing runs after shutdown or after the bus has
  /// gone.
  private func stopWork() {
    isShutDown = true
    outlet.close()
    retryTimer?.cancel()
    activation.cancel()
    reshowTimer?.cancel()
    settleTimer?.cancel()
    doNotDisturbCheck?.cancel()
    doNotDisturbPoll?.cancel()
  }

  func serverVanished() {
    if serverIsUp {
      log.warning(Logger.Message(stringLiteral: tr("notification server went away; waiting for it to come back")))
    } else if !hasAppearedBefore, !saidWaiting {
      saidWaiting = true
      log.notice(Logger.Message(stringLiteral: tr("no notification server on the bus yet; waiting for one to appear")))
    }
    serverIsUp = false
    server = nil
    stopFollowingDoNotDisturb()
    routes.serverIs(nil)
    cancelRetry()
    startServerIfNeeded()
  }

  /// Asks the bus to start a notification server when there is something to show and none
  /// is up. The name watcher reports it when it is up.
  func startServerIfNeeded() {
    guard !isShutDown, !serverIsUp, !desired.isEmpty else { return }
    activation.request(timeoutMilliseconds: style.serverTimeout)
  }

  /// Asks the server what it can do. libnotify reports a failed call as an empty list, so
  /// an empty list is asked for again on the next retry.
  func refreshCapabilities() {
    capabilities = serverCapabilities()
    if capabilities.isEmpty {
      log.warning(Logger.Message(stringLiteral: tr("the notification server reported no capabilities (or did not answer); asking again on the next retry")))
    } else if !capabilities.contains("actions"), !warnedNoActions {
      warnedNoActions = true
      log.warning(Logger.Message(stringLiteral: tr("the notification server has no 'actions' capability: notifications are shown without buttons")))
    }
  }

  func serverCapabilities() -> Set<String> {
    var result: Set<String> = []
    let list = notify_get_server_caps()
    var node = list
    while let current = node {
      if let data = current.pointee.data {
        result.insert(String(cString: data.assumingMemoryBound(to: CChar.self)))
      }
      node = current.pointee.next
    }
    g_list_free_full(list, g_free)
    return result
  }
}
