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
  private var warnedNoActions = false
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
      reconcile()
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
    refreshCapabilities()
    log.info("notification server \(owner) is up; capabilities: \(capabilities.sorted().joined(separator: " "))")
    if hasAppearedBefore {
      // The old server's notifications are gone with it: forget them and show anew.
      for (_, entry) in shown { forget(entry.notification) }
      shown.removeAll()
    }
    hasAppearedBefore = true
    reconcile()
    continuation.yield(.serverAppeared)
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
    let wanted = Set(desired.map(\.id))
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
    for action in desired {
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
    capabilities.contains("body-markup") ? BodyMarkup.escape(action.body) : action.body
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
    notify_notification_add_action(
      notification, "default", "Open",
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
    quickdo_notification_unref(notification)
  }

  // MARK: Signals (GLib thread)

  private func pressed(_ notification: Notification, key: String) {
    guard !isShutDown, let id = todoForNotification[notification] else { return }
    if key == "default" {
      continuation.yield(.buttonPressed(id, .default))
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
    let reason = UInt32(bitPattern: notify_notification_get_closed_reason(notification))
    shown[id]?.isOpen = false
    continuation.yield(.closed(id, reason: reason))
  }
}
