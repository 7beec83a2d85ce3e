import Composable
import Foundation
import Models

/// Reminders: a pending todo with a due time gets a notification `reminders.lead_time`
/// before it falls due, even when it is not among the first `max` quick actions. The
/// candidates with a due time are kept in due order, so finding the reminders due is a
/// walk from the front that stops at the first one still ahead, and the next instant the
/// reminders change is known without polling.
///
/// Once per due time: the first time a reminder shows, `quickActionable()` asks for it to
/// be persisted (`Todo.reminderShownFor`); an agent started later does not show it again.
/// In this run it stays shown until the todo is done (it comes back if the todo is marked
/// pending again), deleted, snoozed (it comes back when the snooze ends) or given another
/// due time.
///
/// Part of ``QuickActionIndex``: a cache of the todos plus what this run has shown.
public struct ReminderSchedule: Sendable {
  /// The keys of the candidates with a due time (worked out from their values, as in
  /// ``QuickActionIndex``: no map from id to key).
  private var byDue = SortedChunks<SelectionKey>()
  /// The todos whose reminder this run has shown.
  private var shown: Set<Todo.ID> = []
  /// When the reminders change by themselves (one falls due for reminding, a snooze ends,
  /// a reminded todo falls due and turns critical).
  private(set) var validUntil = Date.distantPast
  private var isStale = true
  private var lastRules: (enabled: Bool, lead: TimeInterval)?
  /// How many reminders the last derivation found (the next one reserves as many).
  private var lastCount = 0

  /// Due order: earliest first (ties by priority, then age).
  public static let order: [SelectionCriterion] = [.due, .priority, .created]

  public init() {}

  public mutating func rebuild(from todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules) {
    var keys: [SelectionKey] = []
    for todo in todos { if let key = Self.key(todo, rules) { keys.append(key) } }
    byDue = SortedChunks(sorting: keys)
    isStale = true
  }

  /// The key of `todo` in due order, if it is a candidate with a due time.
  private static func key(_ todo: Todo, _ rules: QuickActionRules) -> SelectionKey? {
    todo.due != nil && rules.isCandidate(todo) ? SelectionKey(todo, order: order) : nil
  }

  /// Follows a change to one todo: `old` is its value before (nil when it was not among the
  /// todos), `todo` its value now (nil when it is gone). Returns false when the todo was not
  /// scheduled as `old` says (a change to it went unreported): the caller rebuilds.
  @discardableResult
  public mutating func update(from old: Todo?, to todo: Todo?, rules: QuickActionRules) -> Bool {
    // Deleted or given another due time: a later reminder is a new one. Done, it stays in
    // `shown`: undone (Undo on its "Done:" notification), it is reminded again, where
    // otherwise its reminder, recorded as shown, would never come back. Before the guard
    // below: a done todo is no longer scheduled, and deleting it must still drop it here.
    if let old, old.due != nil, todo?.due != old.due { shown.remove(old.id) }
    let newKey = todo.flatMap { Self.key($0, rules) }
    let oldKey = old.flatMap { Self.key($0, rules) }
    guard newKey != nil || oldKey != nil else { return true }
    // A change among the todos already due for reminding (or to one of them) may change
    // the reminders; changes further ahead only matter once `validUntil` comes.
    if isDue(oldKey, rules) || isDue(newKey, rules) { isStale = true }
    guard newKey != oldKey else { return true }
    if let oldKey, !byDue.remove(oldKey) { return false }
    if let newKey { byDue.insert(newKey) }
    return true
  }

  /// Whether a todo with this key is reminded at or before `validUntil`.
  private func isDue(_ key: SelectionKey?, _ rules: QuickActionRules) -> Bool {
    guard let key else { return false }
    return key.first - rules.reminderLeadTime <= validUntil.timeIntervalSinceReferenceDate
  }

  /// The reminders at `now`, and those shown for the first time (to persist); nil when
  /// nothing they depend on changed since the last call.
  public mutating func remindersIfChanged(
    in todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules, now readNow: inout ActionTime
  ) -> (reminders: [Todo], firstShown: [Todo])? {
    let currentRules = (rules.remindersEnabled, rules.reminderLeadTime)
    if !isStale, let lastRules, lastRules == currentRules,
      validUntil == .distantFuture || readNow() < validUntil
    {
      return nil
    }
    lastRules = currentRules
    isStale = false
    guard rules.remindersEnabled else {
      validUntil = .distantFuture
      return ([], [])
    }
    let now = readNow()
    let nowValue = now.timeIntervalSinceReferenceDate
    var next = Date.distantFuture
    var reminders: [Todo] = []
    reminders.reserveCapacity(lastCount)
    var firstShown: [Todo] = []
    for key in byDue {
      let remindAt = key.first - rules.reminderLeadTime
      if remindAt > nowValue {
        next = min(next, Date(timeIntervalSinceReferenceDate: remindAt))
        break
      }
      guard let todo = todos[id: key.id], let due = todo.due else { continue }
      let isFirst = todo.reminderShownFor != due
      guard isFirst || shown.contains(todo.id) else { continue }
      if let snoozedUntil = todo.snoozedUntil, snoozedUntil > now {
        next = min(next, snoozedUntil)  // reminded when the snooze ends
        continue
      }
      if due > now { next = min(next, due) }  // turns critical then
      if isFirst {
        firstShown.append(todo)
        shown.insert(todo.id)  // else already in `shown` (the guard above)
      }
      reminders.append(todo)
    }
    validUntil = next
    lastCount = reminders.count
    return (reminders, firstShown)
  }
}
