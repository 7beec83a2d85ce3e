import NotificationClient
import Synchronization

/// What each button of each shown notification reports when pressed, read where a press
/// first arrives: GDBus's message thread, as the signal comes off the socket. From there
/// the press goes straight to the store, instead of through the GLib thread that runs
/// libnotify: one thread wake-up less between the press and its commit, which the person
/// pressing waits for (the press budget, `scripts/bench-agent.py`). The GLib thread keeps
/// the routes current as it shows and forgets notifications.
final class PressRoutes: Sendable {
  private struct State {
    /// The notification server's unique bus name: presses from anyone else are not ours.
    var server: String?
    /// The server's notification id → action key → what pressing it reports.
    var routes: [UInt32: [String: NotificationEvent]] = [:]
  }

  private let state = Mutex(State())

  /// A server came (its unique name) or went (nil): the old one's notifications are gone.
  func serverIs(_ owner: String?) {
    state.withLock { state in
      state.server = owner
      state.routes = [:]
    }
  }

  /// The buttons of notification `id`, as now shown.
  func set(_ events: [String: NotificationEvent], for id: UInt32) {
    guard id != 0 else { return }
    state.withLock { $0.routes[id] = events }
  }

  func remove(_ id: UInt32) {
    _ = state.withLock { $0.routes.removeValue(forKey: id) }
  }

  /// What a reply typed into notification `id` reports: nil unless that notification,
  /// shown now and ours, offers the snooze field.
  func reply(sender: String, id: UInt32, text: String) -> NotificationEvent? {
    state.withLock { state in
      guard state.server == sender, case let .buttonPressed(todo, .reply)? = state.routes[id]?["inline-reply"]
      else { return nil }
      return .replied(todo, text)
    }
  }

  /// What `key` pressed on notification `id` reports; nil for a press that is not on a
  /// button of a notification shown now (a stale one, or another app's).
  func event(sender: String, id: UInt32, key: String) -> NotificationEvent? {
    state.withLock { state in
      state.server == sender ? state.routes[id]?[key] : nil
    }
  }
}
