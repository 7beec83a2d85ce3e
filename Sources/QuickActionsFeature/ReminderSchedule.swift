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
  /// The rules of the last call: other rules (another lead time, other labels) walk again.
  private var lastRules: QuickActionRules?
  /// The keys of the reminders last reported, in due order: a change to one todo is
  /// patched into them (``Changes/edits``) instead of the whole walk being made again.
  private var reminded: [SelectionKey] = []
  /// The todos changed since the last call whose change may change the reminders, each
  /// with its key before the change (nil: it had none). More than a few: walked again.
  private var touched: [(id: Todo.ID, oldKey: SelectionKey?)] = []
  /// How many changed todos are patched in; beyond that the reminders are walked again.
  static var maxTouched: Int { 8 }

  /// Due order: earliest first (ties by priority, then age).
  public static let order: [SelectionCriterion] = [.due, .priority, .created]

  public init() {}

  public mutating func rebuild(from todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules) {
    var keys: [SelectionKey] = []
    for todo in todos { if let key = Self.key(todo, rules) { keys.append(key) } }
    byDue = SortedChunks(sorting: keys)
    isStale = true
    touched.removeAll()
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
    // the reminders; changes further ahead only matter once `validUntil` comes. It is
    // patched in at the next call (a todo changed twice, or many changed: walked again).
    if !isStale, rules.remindersEnabled, isDue(oldKey, rules) || isDue(newKey, rules),
      let id = todo?.id ?? old?.id
    {
      if touched.count == Self.maxTouched || touched.contains(where: { $0.id == id }) {
        isStale = true
        touched.removeAll()
      } else {
        touched.append((id, oldKey))
      }
    }
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

  /// How the reminders changed since the last call: all of them (walked again) or edits to
  /// the last ones; and the todos whose reminder shows for the first time (to persist).
  public struct Changes: Sendable {
    /// Every reminder in due order, when they were walked again; nil when `edits` say
    /// what changed.
    public var all: [Todo]?
    /// Edits to the reminders last reported, to apply in order.
    public var edits: [Edit] = []
    public var firstShown: [Todo] = []
  }

  /// One edit to the reminders: a position is where the edit finds the list.
  public enum Edit: Sendable {
    case remove(at: Int)
    case insert(Todo, at: Int)
    /// The todo changed but keeps its place (its key is the same).
    case replace(Todo, at: Int)
  }

  /// The reminders' changes at `now`; nil when nothing they depend on changed since the
  /// last call. A change to a few todos is patched in: O(those todos × log reminders), where
  /// walking every reminder again cost ~5,000 instructions a reminder (181 due in
  /// `quickdo-bench quickactions`: 0.9 million instructions for one reminded todo marked done).
  public mutating func remindersIfChanged(
    in todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules, now readNow: inout ActionTime
  ) -> Changes? {
    if !isStale, lastRules == rules, validUntil == .distantFuture || readNow() < validUntil {
      guard !touched.isEmpty else { return nil }
      return patch(in: todos, rules: rules, now: readNow())
    }
    touched.removeAll()
    lastRules = rules
    isStale = false
    guard rules.remindersEnabled else {
      validUntil = .distantFuture
      reminded = []
      return Changes(all: [])
    }
    let now = readNow()
    let nowValue = now.timeIntervalSinceReferenceDate
    var next = Date.distantFuture
    var changes = Changes(all: [])
    changes.all?.reserveCapacity(reminded.count)
    reminded.removeAll(keepingCapacity: true)
    for key in byDue {
      if key.first - rules.reminderLeadTime > nowValue {
        next = min(next, Date(timeIntervalSinceReferenceDate: key.first - rules.reminderLeadTime))
        break
      }
      guard let todo = todos[id: key.id], reminds(todo, now: now, next: &next, changes: &changes)
      else { continue }
      reminded.append(key)
      changes.all?.append(todo)
    }
    validUntil = next
    return changes
  }

  /// Patches the touched todos into the reminders: each leaves its old place, and comes back
  /// where its key is now if it is still reminded (replaced in place when its key is the
  /// same). The moment the reminders next change can only come sooner (a reminder dropped
  /// may leave it early: one walk too many, then).
  private mutating func patch(in todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules, now: Date) -> Changes {
    var changes = Changes()
    var next = validUntil
    for (id, oldKey) in touched {
      var oldPlace: Int?
      if let oldKey {
        let i = SortedChunks.lowerBound(of: oldKey, in: reminded)
        if i < reminded.count, reminded[i] == oldKey { oldPlace = i }
      }
      var remindedNow: (todo: Todo, key: SelectionKey)?
      if let todo = todos[id: id], let key = Self.key(todo, rules) {
        let remindAt = key.first - rules.reminderLeadTime
        if remindAt > now.timeIntervalSinceReferenceDate {
          next = min(next, Date(timeIntervalSinceReferenceDate: remindAt))
        } else if reminds(todo, now: now, next: &next, changes: &changes) {
          remindedNow = (todo, key)
        }
      }
      if let oldPlace, let remindedNow, remindedNow.key == oldKey {
        changes.edits.append(.replace(remindedNow.todo, at: oldPlace))
        continue
      }
      if let oldPlace {
        reminded.remove(at: oldPlace)
        changes.edits.append(.remove(at: oldPlace))
      }
      if let (todo, key) = remindedNow {
        let i = SortedChunks.lowerBound(of: key, in: reminded)
        reminded.insert(key, at: i)
        changes.edits.append(.insert(todo, at: i))
      }
    }
    touched.removeAll()
    validUntil = next
    return changes
  }

  /// Whether `todo`, due for reminding at `now`, shows its reminder: not shown by an earlier
  /// run (or shown in this one), and not snoozed. Records the moments it changes in `next`,
  /// and a reminder shown for the first time in `changes` and `shown`.
  private mutating func reminds(_ todo: Todo, now: Date, next: inout Date, changes: inout Changes) -> Bool {
    guard let due = todo.due else { return false }
    let isFirst = todo.reminderShownFor != due
    guard isFirst || shown.contains(todo.id) else { return false }
    if let snoozedUntil = todo.snoozedUntil, snoozedUntil > now {
      next = min(next, snoozedUntil)  // reminded when the snooze ends
      return false
    }
    if due > now { next = min(next, due) }  // turns critical then
    if isFirst {
      changes.firstShown.append(todo)
      shown.insert(todo.id)  // else already in `shown` (the guard above)
    }
    return true
  }
}
