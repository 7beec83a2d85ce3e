import Foundation
import Models
import NotificationLayout

/// One todo's part in what the notifications show at a moment: whether it counts as
/// pending, whether it competes for a place among the selected, the reminder that rings
/// for it, and when that part next changes by itself. It depends on the todo, the rules,
/// the moment its reminder was shown in this run, and the time only through `changes`: it
/// stays the same until then. So a press looks again at the todos it changed, not at all.
struct TodoStanding: Equatable, Sendable {
  /// Counts as pending: a candidate in sight, snoozed or not. A repeating todo whose next
  /// time is ahead is out of sight until then.
  var isPending = false
  /// Pending and not snoozed: it may take a place among the selected.
  var competes = false
  /// The moment of the reminder that rings for it (the latest come, or a snooze that
  /// ended), unless it was acknowledged elsewhere or shown by an earlier run.
  var rings: Date?
  /// When this standing next changes by itself: the todo comes back into sight, its
  /// snooze ends or its next reminder comes.
  var changes: Date?

  init(_ todo: Todo, rules: QuickActionRules, reminded: Date?, now: Date) {
    guard rules.isCandidate(todo) else { return }
    if let back = rules.restsUntil(todo, now: now) {
      changes = back
      return
    }
    isPending = true
    if let until = todo.snoozedUntil, until > now {
      changes = until
      return
    }
    competes = true
    guard rules.remindersEnabled else { return }
    // The latest moment that rang, and the next to come.
    let moments = todo.reminderMoments(around: now, defaultLead: rules.reminderLeadTime)
    changes = moments.next
    var latest = moments.latest
    // A snooze that has ended rings like a reminder: it is when a person, here or on a
    // phone, asked to be reminded again.
    if let until = todo.snoozedUntil, until > latest ?? .distantPast { latest = until }
    // One acknowledged on another device does not ring, and closes if it is showing.
    if let latest, !todo.isAcknowledged(at: latest), !todo.hasShownReminder(at: latest) || reminded == latest {
      rings = latest
    }
  }
}
