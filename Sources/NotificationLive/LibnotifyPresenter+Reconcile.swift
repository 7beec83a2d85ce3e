import CLibnotify
import CNotifyTimeout
import Foundation
import Logging
import Models
import NotificationLayout
import NotificationClient
import Localization

/// Bringing what the server shows in line with the latest quick actions, on the GLib thread:
/// show, update in place, close; failures retried with a growing delay.
extension LibnotifyPresenter {
  func reconcile() {
    guard serverIsUp, !serverIsHung else { return }
    var outcome = PassOutcome()
    let wantedActions = shownAtOnce(desired)
    let wanted = Set(wantedActions.map(\.id))
    calledBack.formIntersection(wanted)
    let unsent = wantedActions.filter { shown[$0.id] == nil }.map(\.id)
    if !unsent.isEmpty, doNotDisturbTurnedOnUnheard(unsent: unsent) {
      // The store holds what is new once it hears; what it still wants is shown then.
      settleTimer?.cancel()
      settleTimer = glib.after(seconds: 0.3) { [self] in
        settleTimer = nil
        guard !isShutDown else { return }
        reconcile()
      }
      return
    }
    // The ids first: removing entries while iterating `shown` itself copied the whole
    // dictionary on every pass. A pressed notification goes first: the person who pressed
    // it waits for it to go, while the others (an Undo offer that a newer one replaces)
    // can follow.
    let gone = shown.keys.filter { !wanted.contains($0) }
      .sorted { isPressed($0) && !isPressed($1) }
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
      let presses: [String: NotificationEvent]
      if let existing = shown[action.id] {
        guard existing.action != action else { continue }
        entry = existing
        presses = configure(entry.notification, for: action, update: true)
      } else {
        guard !closedLately.contains(action.id) else { continue }
        let notification = notify_notification_new(action.title, body(action), appIcon)!
        todoForNotification[notification] = action.id
        quickdo_connect_closed(
          notification,
          { notification, data in
            let presenter = Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue()
            presenter.closed(notification!)
          }, callbackData)
        presses = configure(notification, for: action, update: false)
        entry = Shown(notification: notification, action: nil, isOpen: false)
      }
      do {
        try show(entry.notification)
        routes.set(presses, for: quickdo_notification_id(entry.notification))
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

  /// Whether the notification of `id` was pressed (and is yet to close).
  func isPressed(_ id: Todo.ID) -> Bool {
    shown[id].map { pressedAt[$0.notification] != nil } ?? false
  }

  /// What is shown at once: everything, with two exceptions, Undo offers first in both.
  /// - On a server that keeps only a few notifications of an app, that many (the oldest
  ///   would be dropped, and with it the most important todo), the rest as slots free up.
  /// - On a server that hides popups past the screen's room, a todo not on screen yet waits
  ///   while an offer is up: the offer takes the place of the todo it completed, and Done
  ///   adds no popup that would push it out of sight.
  func shownAtOnce(_ actions: [QuickAction]) -> [QuickAction] {
    var kept = actions
    if quirks.hidesPopupsPastRoom, actions.contains(where: \.offersUndo) {
      kept = actions.filter { $0.offersUndo || shown[$0.id]?.isOpen == true }
    }
    guard let limit = quirks.keepsAtMost, kept.count > limit else { return kept }
    return Array((kept.filter(\.offersUndo) + kept.filter { !$0.offersUndo }).prefix(limit))
  }

  /// On a server that expires popups without a `NotificationClosed`, or does not expire
  /// them, the expiry asked for is followed here (closing the notification where the
  /// server keeps it), so the todo comes back as it does elsewhere.
  func watchExpiry(_ notification: Notification) {
    expiryTimers.removeValue(forKey: notification)?.cancel()
    guard quirks.silentOnExpiry || quirks.ignoresExpiry, style.expireTimeout > 0 else { return }
    let address = UInt(bitPattern: notification)  // a pointer is not Sendable; its address is
    expiryTimers[notification] = glib.after(seconds: Double(style.expireTimeout) / 1000) {
      [self] in
      let notification = Notification(bitPattern: address)!
      expiryTimers[notification] = nil
      guard !isShutDown, let id = todoForNotification[notification], shown[id]?.isOpen == true
      else { return }
      if quirks.ignoresExpiry, (try? close(notification)) != nil {
        // Closed as the server would have; its `NotificationClosed`, a close of ours,
        // forgets it.
        shown[id] = nil
        report(.closed(id, reason: .expired))
        showAgainSoon(id)
        return
      }
      closedByServer(notification, id: id, reason: .expired)
    }
  }

  /// Ends a pass: after failures, schedules the next attempt (once); after a clean pass that
  /// follows failures, says the server works again.
  func finish(_ outcome: PassOutcome) {
    guard outcome.failures > 0 else {
      if backoff.hasBackedOff {
        backoff.reset()
        log.notice(Logger.Message(stringLiteral: tr("the notification server answers again; notifications are up to date")))
      }
      return
    }
    serverIsHung = outcome.timedOut
    guard retryTimer == nil else { return }
    let delay = backoff.next()
    let what = trn(
      "%d notification call failed (%s); trying again in %ds", "%d notification calls failed (%s); trying again in %ds",
      outcome.failures, outcome.failures, outcome.firstFailure, Int(delay))
    log.warning("\(what)")
    retryTimer = glib.after(seconds: delay) { [self] in
      retryTimer = nil
      guard !isShutDown, serverIsUp else { return }
      serverIsHung = false
      if capabilities.isEmpty { refreshCapabilities() }
      reconcile()
    }
  }

  func cancelRetry() {
    retryTimer?.cancel()
    retryTimer = nil
  }

  /// The icon named in each notification: none where the server draws the desktop entry's,
  /// its file where the server finds icons by path only.
  var appIcon: String? {
    if style.icon.isEmpty || quirks.drawsAppIconLarge { return nil }
    if quirks.drawsIconsByPathOnly { return ThemedIconFile.path(named: style.icon) ?? style.icon }
    return style.icon
  }

  func body(_ action: QuickAction) -> String {
    let text = action.body.isEmpty && quirks.titlesBodilessWithAppName ? style.appName : action.body
    return capabilities.contains("body-markup") || quirks.parsesMarkup ? BodyMarkup.escape(text) : text
  }

  /// Sets what `notification` shows for `action`; returns what each of its buttons reports
  /// when pressed (`PressRoutes`).
  func configure(
    _ notification: Notification, for action: QuickAction, update: Bool
  ) -> [String: NotificationEvent] {
    if update {
      notify_notification_update(notification, action.title, body(action), appIcon)
      notify_notification_clear_actions(notification)
    }
    let urgency = action.offersUndo && quirks.putsCriticalFirst || calledBack.contains(action.id)
      ? .critical : action.urgency
    notify_notification_set_urgency(notification, NotifyUrgency(UInt32(urgency.rawValue)))
    notify_notification_set_app_name(notification, style.appName)
    notify_notification_set_timeout(notification, style.expireTimeout)
    notify_notification_set_hint_string(notification, "desktop-entry", "quickdo")
    guard capabilities.contains("actions") else { return [:] }
    if action.buttons.contains(where: { $0.kind == .reply }) {
      // TRANSLATORS: the empty snooze field's hint: what a person may type there.
      notify_notification_set_hint_string(
        notification, "x-kde-reply-placeholder-text", tr("tomorrow 9:00, 2h, fri 17:00"))
    }
    let data = callbackData
    var presses: [String: NotificationEvent] = [:]
    // Where the body click is listed with the buttons, a button doing the same is left out.
    let listedAsBodyClick = quirks.listsBodyClickAmongButtons ? action.bodyClick : nil
    for button in action.buttons
    where !(listedAsBodyClick.map { $0.kind == button.kind && $0.todoID == button.todoID } ?? false) {
      let key = action.key(for: button)
      presses[key] = .buttonPressed(button.todoID ?? action.id, button.kind)
      notify_notification_add_action(
        notification, key, button.label,
        { notification, key, data in
          let presenter = Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue()
          presenter.pressed(notification!, key: key.map { String(cString: $0) } ?? "")
        }, data, nil)
    }
    // A body click only where it does something, named for what it does, and never as a
    // second copy of a button on servers that draw it as a button. Where a plain click
    // closes all of quickdo's notifications, every one offers a body click: it closes that
    // one alone, and as it ends a press, the todo is shown again (with its buttons, which
    // GNOME Shell 43's list does not draw) rather than snoozed.
    let label: String
    if let click = action.bodyClick {
      guard !(quirks.drawsDefaultAsButton
        && action.buttons.contains { $0.kind == click.kind && $0.todoID == click.todoID })
      else { return presses }
      label = click.label
      presses["default"] = .buttonPressed(click.todoID ?? action.id, click.kind)
    } else if quirks.closesAllOnPlainClick {
      label = action.title
    } else {
      return presses
    }
    notify_notification_add_action(
      notification, "default", label,
      { notification, key, data in
        let presenter = Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue()
        presenter.pressed(notification!, key: key.map { String(cString: $0) } ?? "")
      }, data, nil)
    return presses
  }

  func show(_ notification: Notification) throws(CallFailure) {
    var error: UnsafeMutablePointer<GError>?
    if notify_notification_show(notification, &error) == 0 {
      throw failure("showing", error)
    }
  }

  func close(_ notification: Notification) throws(CallFailure) {
    closingOurselves.insert(notification)
    var error: UnsafeMutablePointer<GError>?
    if notify_notification_close(notification, &error) == 0 {
      closingOurselves.remove(notification)
      throw failure("closing", error)
    }
  }

  /// Describes (and frees) a libnotify error.
  func failure(_ doing: String, _ error: UnsafeMutablePointer<GError>?) -> CallFailure {
    defer { if let error { g_error_free(error) } }
    let timedOut = error.map { quickdo_notify_error_is_timeout($0) != 0 } ?? false
    // "GDBus.Error:org.freedesktop.DBus.Error.Failed: out of order" → "out of order"
    if let error { _ = g_dbus_error_strip_remote_error(error) }
    let reason = error.map { String(cString: $0.pointee.message) } ?? tr("no reason given")
    return CallFailure(
      message: timedOut ? tr("%s: no answer within %s ms", doing, style.serverTimeout) : "\(doing): \(reason)",
      timedOut: timedOut)
  }

  func forget(_ notification: Notification) {
    routes.remove(quickdo_notification_id(notification))
    todoForNotification[notification] = nil
    pressedAt[notification] = nil
    expiryTimers.removeValue(forKey: notification)?.cancel()
    quickdo_notification_unref(notification)
  }
}
