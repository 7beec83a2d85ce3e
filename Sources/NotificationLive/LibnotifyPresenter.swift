import CLibnotify
import Foundation
import Models
import NotificationClient

/// Shows quick actions through libnotify and reports presses and closings.
///
/// Everything below runs on the presenter's `GLibThread`: libnotify calls are synchronous
/// D-Bus round trips and its signals arrive on that thread's main context. The store only
/// posts work here and never waits. libnotify is only called while the notification server
/// owns its bus name (`g_bus_watch_name`), so no call blocks on a D-Bus activation timeout;
/// when the server appears again (a restart, or a late start), everything is shown anew.
final class LibnotifyPresenter: @unchecked Sendable {
  typealias Notification = UnsafeMutablePointer<NotifyNotification>

  struct Shown {
    let notification: Notification
    /// What it shows; nil forces an update on the next reconcile (the style changed).
    var action: QuickAction?
    var isOpen: Bool
  }

  let glib = GLibThread(name: "quickdo.libnotify")
  let events: AsyncStream<NotificationEvent>
  private let continuation: AsyncStream<NotificationEvent>.Continuation
  private let log: @Sendable (String) -> Void

  // GLib-thread state.
  private var shown: [Todo.ID: Shown] = [:]
  private var todoForNotification: [Notification: Todo.ID] = [:]
  private var closingOurselves: Set<Notification> = []
  private var desired: [QuickAction] = []
  private var appliedRevision = Int.min
  private var serverIsUp = false
  private var hasAppearedBefore = false
  private var capabilities: Set<String> = []
  private var warnedNoActions = false
  private var style = NotificationStyle()
  private var isShutDown = false
  /// The pointer GLib callbacks get: a retained reference, so a callback that arrives while
  /// the agent is exiting never finds a freed presenter (it lives as long as its thread).
  private lazy var callbackData = Unmanaged.passRetained(self).toOpaque()

  init(appName: String, log: @escaping @Sendable (String) -> Void) {
    (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    self.log = log
    glib.async { [self] in
      let box = callbackData
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
      self.style = style
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
      for (_, entry) in shown where entry.isOpen { close(entry.notification) }
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
    capabilities = serverCapabilities()
    log("notification server \(owner) is up; capabilities: \(capabilities.sorted().joined(separator: " "))")
    if !capabilities.contains("actions"), !warnedNoActions {
      warnedNoActions = true
      log("the notification server has no 'actions' capability: notifications are shown without buttons")
    }
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
    if serverIsUp { log("notification server went away; waiting for it to come back") }
    serverIsUp = false
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
    guard serverIsUp else { return }
    let wanted = Set(desired.map(\.id))
    for (id, entry) in shown where !wanted.contains(id) {
      if entry.isOpen { close(entry.notification) } else { forget(entry.notification) }
      shown[id] = nil
    }
    for action in desired {
      if var entry = shown[action.id] {
        guard entry.action != action else { continue }
        configure(entry.notification, for: action, update: true)
        entry.action = action
        entry.isOpen = show(entry.notification)
        shown[action.id] = entry
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
        shown[action.id] = Shown(notification: notification, action: action, isOpen: show(notification))
      }
    }
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

  private func show(_ notification: Notification) -> Bool {
    var error: UnsafeMutablePointer<GError>?
    if notify_notification_show(notification, &error) == 0 {
      log("showing a notification failed: \(error.map { String(cString: $0.pointee.message) } ?? "?")")
      if let error { g_error_free(error) }
      return false
    }
    return true
  }

  private func close(_ notification: Notification) {
    closingOurselves.insert(notification)
    var error: UnsafeMutablePointer<GError>?
    if notify_notification_close(notification, &error) == 0 {
      log("closing a notification failed: \(error.map { String(cString: $0.pointee.message) } ?? "?")")
      if let error { g_error_free(error) }
      closingOurselves.remove(notification)
      forget(notification)
    }
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
