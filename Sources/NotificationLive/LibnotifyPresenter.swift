import CLibnotify
import CNotifyTimeout
import Foundation
import Logging
import Models
import NotificationClient

/// Shows quick actions through libnotify and reports presses and closings.
///
/// Everything below runs on the presenter's `GLibThread`: libnotify calls are synchronous
/// D-Bus round trips and its signals arrive on that thread's main context. The store only
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
  let events: AsyncStream<NotificationEvent>
  private let continuation: AsyncStream<NotificationEvent>.Continuation
  private let log = Logger(label: "quickdo.notifications")

  // GLib-thread state.
  private var shown: [Todo.ID: Shown] = [:]
  private var todoForNotification: [Notification: Todo.ID] = [:]
  private var closingOurselves: Set<Notification> = []
  private var desired: [QuickAction] = []
  private var appliedRevision = Int.min
  private var serverIsUp = false
  private var hasAppearedBefore = false
  private var saidWaiting = false
  private var capabilities: Set<String> = []
  private var quirks = ServerQuirks()
  private var warnedNoActions = false
  /// When each notification last had a button pressed: a close soon after is the
  /// server's way of ending the press (xfce4-notifyd, MATE, notification-daemon).
  private var pressedAt: [Notification: ContinuousClock.Instant] = [:]
  /// Timers for servers that expire popups without saying so.
  private var expiryTimers: [Notification: GLibTimer] = [:]
  private var reshowTimer: GLibTimer?
  /// Running for a moment after a server appears: the store may change the rules for it
  /// (the `auto` layout), so what it presents meanwhile waits for the timer.
  private var settleTimer: GLibTimer?
  private lazy var activation = ServerActivation(glib: glib) { [unowned self] in
    startServerIfNeeded()
  }
  private var style = NotificationStyle()
  private var isShutDown = false
  // Failure handling: the pending retry, its delays (`hasBackedOff` while calls fail), and
  // whether the server is not answering.
  private var retryTimer: GLibTimer?
  private var backoff = RetryBackoff()
  private var serverIsHung = false
  /// The pointer GLib callbacks get: a retained reference, so a callback that arrives while
  /// the agent is exiting never finds a freed presenter (it lives as long as its thread).
  private lazy var callbackData = Unmanaged.passRetained(self).toOpaque()

  init(appName: String) {
    (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
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
      self.style = style
      quickdo_notify_timeout_set(style.serverTimeout)
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
      isShutDown = true
      retryTimer?.cancel()
      activation.cancel()
      reshowTimer?.cancel()
      settleTimer?.cancel()
      for (_, entry) in shown where entry.isOpen { _ = try? close(entry.notification) }
      shown.removeAll()
      continuation.finish()
      glib.stop()
      return ()
    }
  }

  // MARK: Server presence (GLib thread)

  private func serverAppeared(owner: String) {
    guard !isShutDown else { return }
    serverIsUp = true
    // A new server gets a fresh start: no waiting on the old one's failures.
    cancelRetry()
    backoff.reset()
    serverIsHung = false
    activation.serverAppeared()
    refreshCapabilities()
    let server = serverInformation()
    quirks = server.quirks
    log.info("notification server \(server.name) \(server.version) (\(server.vendor), \(owner)) is up; capabilities: \(capabilities.sorted().joined(separator: " "))")
    if hasAppearedBefore {
      // The old server's notifications are gone with it: forget them and show anew.
      for (_, entry) in shown { forget(entry.notification) }
      shown.removeAll()
    }
    hasAppearedBefore = true
    continuation.yield(.serverAppeared(server))
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
  private func serverInformation() -> NotificationServer {
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

  private func serverVanished() {
    if serverIsUp {
      log.warning("notification server went away; waiting for it to come back")
    } else if !hasAppearedBefore, !saidWaiting {
      saidWaiting = true
      log.notice("no notification server on the bus yet; waiting for one to appear")
    }
    serverIsUp = false
    cancelRetry()
    startServerIfNeeded()
  }

  /// Asks the bus to start a notification server when there is something to show and none
  /// is up. The name watcher reports it when it is up.
  private func startServerIfNeeded() {
    guard !isShutDown, !serverIsUp, !desired.isEmpty else { return }
    activation.request(timeoutMilliseconds: style.serverTimeout)
  }

  /// Asks the server what it can do. libnotify reports a failed call as an empty list, so
  /// an empty list is asked for again on the next retry.
  private func refreshCapabilities() {
    capabilities = serverCapabilities()
    if capabilities.isEmpty {
      log.warning("the notification server reported no capabilities (or did not answer); asking again on the next retry")
    } else if !capabilities.contains("actions"), !warnedNoActions {
      warnedNoActions = true
      log.warning("the notification server has no 'actions' capability: notifications are shown without buttons")
    }
  }

  private func serverCapabilities() -> Set<String> {
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

  // MARK: Reconciling (GLib thread)

  private func reconcile() {
    guard serverIsUp, !serverIsHung else { return }
    var outcome = PassOutcome()
    let wantedActions = shownAtOnce(desired)
    let wanted = Set(wantedActions.map(\.id))
    // The ids first: removing entries while iterating `shown` itself copied the whole
    // dictionary on every pass.
    let gone = shown.keys.filter { !wanted.contains($0) }
    for id in gone {
      guard let entry = shown[id] else { continue }
      guard entry.isOpen else {
        forget(entry.notification)
        shown[id] = nil
        continue
      }
      do {
        try close(entry.notification)
        shown[id] = nil
      } catch {
        // Kept, still open: the next pass closes it (or reuses it if its todo comes back).
        outcome.record(error)
        if error.timedOut { return finish(outcome) }
      }
    }
    for action in wantedActions {
      var entry: Shown
      if let existing = shown[action.id] {
        guard existing.action != action else { continue }
        entry = existing
        configure(entry.notification, for: action, update: true)
      } else {
        let notification = notify_notification_new(action.title, body(action), style.icon.isEmpty ? nil : style.icon)!
        todoForNotification[notification] = action.id
        quickdo_connect_closed(
          notification,
          { notification, data in
            let presenter = Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue()
            presenter.closed(notification!)
          }, callbackData)
        configure(notification, for: action, update: false)
        entry = Shown(notification: notification, action: nil, isOpen: false)
      }
      do {
        try show(entry.notification)
        entry.action = action
        entry.isOpen = true
        shown[action.id] = entry
        watchExpiry(entry.notification)
      } catch {
        // `action` stays unset, so the next pass shows it again.
        entry.action = nil
        shown[action.id] = entry
        outcome.record(error)
        if error.timedOut { return finish(outcome) }
      }
    }
    finish(outcome)
  }

  /// What is shown at once: everything, or on a server that keeps only a few notifications
  /// of an app, that many, Undo offers first (the oldest would be dropped, and with it the
  /// most important todo), the rest as slots free up.
  private func shownAtOnce(_ actions: [QuickAction]) -> [QuickAction] {
    guard let limit = quirks.keepsAtMost, actions.count > limit else { return actions }
    let isOffer = { (action: QuickAction) in action.buttons.contains { $0.kind == .undo } }
    return Array((actions.filter(isOffer) + actions.filter { !isOffer($0) }).prefix(limit))
  }

  /// On a server that expires popups without a `NotificationClosed`, the expiry asked
  /// for is followed here, so the todo comes back as it does elsewhere.
  private func watchExpiry(_ notification: Notification) {
    expiryTimers.removeValue(forKey: notification)?.cancel()
    guard quirks.silentOnExpiry, style.expireTimeout > 0 else { return }
    let address = UInt(bitPattern: notification)  // a pointer is not Sendable; its address is
    expiryTimers[notification] = glib.after(seconds: Double(style.expireTimeout) / 1000) {
      [self] in
      let notification = Notification(bitPattern: address)!
      expiryTimers[notification] = nil
      guard !isShutDown, let id = todoForNotification[notification], shown[id]?.isOpen == true
      else { return }
      closedByServer(notification, id: id, reason: .expired)
    }
  }

  /// Ends a pass: after failures, schedules the next attempt (once); after a clean pass that
  /// follows failures, says the server works again.
  private func finish(_ outcome: PassOutcome) {
    guard outcome.failures > 0 else {
      if backoff.hasBackedOff {
        backoff.reset()
        log.notice("the notification server answers again; notifications are up to date")
      }
      return
    }
    serverIsHung = outcome.timedOut
    guard retryTimer == nil else { return }
    let delay = backoff.next()
    let what = outcome.failures == 1 ? "a notification call" : "\(outcome.failures) notification calls"
    log.warning("\(what) failed (\(outcome.firstFailure)); trying again in \(Int(delay))s")
    retryTimer = glib.after(seconds: delay) { [self] in
      retryTimer = nil
      guard !isShutDown, serverIsUp else { return }
      serverIsHung = false
      if capabilities.isEmpty { refreshCapabilities() }
      reconcile()
    }
  }

  private func cancelRetry() {
    retryTimer?.cancel()
    retryTimer = nil
  }

  private func body(_ action: QuickAction) -> String {
    capabilities.contains("body-markup") || quirks.parsesMarkup
      ? BodyMarkup.escape(action.body) : action.body
  }

  private func configure(_ notification: Notification, for action: QuickAction, update: Bool) {
    if update {
      notify_notification_update(notification, action.title, body(action), style.icon.isEmpty ? nil : style.icon)
      notify_notification_clear_actions(notification)
    }
    notify_notification_set_urgency(notification, NotifyUrgency(UInt32(action.urgency.rawValue)))
    notify_notification_set_app_name(notification, style.appName)
    notify_notification_set_timeout(notification, style.expireTimeout)
    notify_notification_set_hint_string(notification, "desktop-entry", "quickdo")
    guard capabilities.contains("actions") else { return }
    let data = callbackData
    for button in action.buttons {
      notify_notification_add_action(
        notification, action.key(for: button), button.label,
        { notification, key, data in
          let presenter = Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue()
          presenter.pressed(notification!, key: key.map { String(cString: $0) } ?? "")
        }, data, nil)
    }
    // A body click only where it does something, named for what it does, and never as a
    // second copy of a button on servers that draw it as a button.
    guard let click = action.bodyClick,
      !(quirks.drawsDefaultAsButton
        && action.buttons.contains { $0.kind == click.kind && $0.todoID == click.todoID })
    else { return }
    notify_notification_add_action(
      notification, "default", click.label,
      { notification, key, data in
        let presenter = Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue()
        presenter.pressed(notification!, key: key.map { String(cString: $0) } ?? "")
      }, data, nil)
  }

  private func show(_ notification: Notification) throws(CallFailure) {
    var error: UnsafeMutablePointer<GError>?
    if notify_notification_show(notification, &error) == 0 {
      throw failure("showing", error)
    }
  }

  private func close(_ notification: Notification) throws(CallFailure) {
    closingOurselves.insert(notification)
    var error: UnsafeMutablePointer<GError>?
    if notify_notification_close(notification, &error) == 0 {
      closingOurselves.remove(notification)
      throw failure("closing", error)
    }
  }

  /// Describes (and frees) a libnotify error.
  private func failure(_ doing: String, _ error: UnsafeMutablePointer<GError>?) -> CallFailure {
    defer { if let error { g_error_free(error) } }
    let timedOut = error.map { quickdo_notify_error_is_timeout($0) != 0 } ?? false
    // "GDBus.Error:org.freedesktop.DBus.Error.Failed: out of order" → "out of order"
    if let error { _ = g_dbus_error_strip_remote_error(error) }
    let reason = error.map { String(cString: $0.pointee.message) } ?? "no reason given"
    return CallFailure(
      message: timedOut ? "\(doing): no answer within \(style.serverTimeout) ms" : "\(doing): \(reason)",
      timedOut: timedOut)
  }

  private func forget(_ notification: Notification) {
    todoForNotification[notification] = nil
    pressedAt[notification] = nil
    expiryTimers.removeValue(forKey: notification)?.cancel()
    quickdo_notification_unref(notification)
  }

  // MARK: Signals (GLib thread)

  private func pressed(_ notification: Notification, key: String) {
    guard !isShutDown, let id = todoForNotification[notification] else { return }
    pressedAt[notification] = .now
    if key == "default" {
      // The body click, reported as the button it stands for.
      guard let click = (shown[id]?.action ?? desired.first { $0.id == id })?.bodyClick else { return }
      continuation.yield(.buttonPressed(click.todoID ?? id, click.kind))
    } else if let (kind, keyID) = ButtonKind.parse(key), keyID == id || offers(id, kind, for: keyID) {
      continuation.yield(.buttonPressed(keyID, kind))
    }
  }

  /// Whether the notification of `id` (the summary) has a `kind` button for another todo.
  private func offers(_ id: Todo.ID, _ kind: ButtonKind, for todo: Todo.ID) -> Bool {
    let action = shown[id]?.action ?? desired.first { $0.id == id }
    return action?.buttons.contains { $0.kind == kind && $0.todoID == todo } ?? false
  }

  private func closed(_ notification: Notification) {
    guard !isShutDown else { return }
    if closingOurselves.remove(notification) != nil {
      forget(notification)
      return
    }
    guard let id = todoForNotification[notification] else { return }
    let signal = UInt32(bitPattern: notify_notification_get_closed_reason(notification))
    closedByServer(
      notification, id: id,
      reason: CloseReason(signal: signal, expireTimeout: style.expireTimeout))
  }

  /// A notification the server closed: reported unless it ends a press, forgotten, and
  /// shown again shortly if its todo is still wanted then (the store has reacted by then:
  /// a dismissal snoozes, a press completes).
  private func closedByServer(_ notification: Notification, id: Todo.ID, reason: CloseReason) {
    let afterPress = pressedAt[notification].map { $0.duration(to: .now) < .seconds(5) } ?? false
    if shown[id]?.notification == notification { shown[id] = nil }
    forget(notification)
    if !afterPress { continuation.yield(.closed(id, reason: reason)) }
    reshowTimer?.cancel()
    reshowTimer = glib.after(seconds: 1) { [self] in
      reshowTimer = nil
      guard !isShutDown else { return }
      reconcile()
    }
  }
}
