import Composable
import Foundation
import Models

/// The quick-action candidates (pending todos at or above the minimum priority) in
/// selection order, kept up to date one todo at a time. It is what keeps quick-action
/// upkeep from being O(all todos): an action that touches one todo re-ranks that todo
/// (a binary search and a short move), and the first few candidates are read again only
/// when the change reached them.
///
/// A cache derived from the todos and the rules, so it takes no part in equality: two
/// states with the same todos are equal whatever their indexes hold (TestStore assertions
/// never mention it), and it dumps as its size only.
public struct QuickActionIndex: Equatable, Sendable, CustomReflectable {
  /// The candidates' keys. No map from id to key beside it: a todo's key is worked out
  /// from its value before and after a change (``update(from:to:rules:)``), since with
  /// 100,000 todos each look-up in such a map cost cache misses on every action.
  private var ranked = SortedChunks<SelectionKey>()
  /// The rules the ranking was built for; nil until it is built.
  private var builtFor: (order: [SelectionCriterion], minPriority: Priority)?
  /// What the last derivation read, so the next one can be skipped when nothing it read
  /// has changed.
  private var last = LastDerivation()
  /// The todos due for a reminder (kept in due order beside the selection order).
  public var reminders = ReminderSchedule()
  /// The reminder quick actions last derived (``setReminderActions(_:rules:now:)``).
  public private(set) var reminderActions: [QuickAction] = []
  /// Each of them with the todo and overdue flag it was made from, and the rules.
  private var reminderDerivation = ReminderDerivation()

  private struct ReminderDerivation: Sendable {
    var rules: QuickActionRules?
    /// Each reminder's todo, overdue flag and action, by todo (with some no longer reminded).
    var derived: [Todo.ID: (todo: Todo, isOverdue: Bool, action: QuickAction)] = [:]
  }

  private struct LastDerivation: Sendable {
    /// Each quick action with the todo and overdue flag it was made from (deriving one
    /// formats dates, so unchanged ones are reused).
    var derived: [(todo: Todo, isOverdue: Bool, action: QuickAction)] = []
    var rules: QuickActionRules?
    /// The last candidate read; nil when every candidate was read. A change to a candidate
    /// ranked after it cannot change the result.
    var boundary: SelectionKey?
    /// When the result changes by itself: a skipped snooze ends or a shown todo falls due.
    var validUntil = Date.distantPast
    /// Whether a candidate at or before the boundary changed since.
    var isStale = true
  }

  public init() {}

  /// The number of candidates indexed.
  public var count: Int { ranked.count }

  /// Reads the index where it is. Through `QuickActionableState`'s property, reading a
  /// member (`state.quickActionIndex.nextChange`) copies the whole index out first: the
  /// property belongs to the feature's module, so its getter is called, and the copy
  /// retains and releases each of the index's buffers (~400 instructions, 2.7 copies a
  /// `markDone` in quickdo-bench). A mutating call reaches the index in place.
  @inlinable
  public mutating func peek<T>(_ read: (Self) -> T) -> T { read(self) }

  /// Whether the index was built with these rules' ranking (else it must be rebuilt).
  public func isCurrent(for rules: QuickActionRules) -> Bool {
    guard let builtFor else { return false }
    return builtFor.order == rules.order && builtFor.minPriority == rules.minPriority
  }

  /// Rebuilds the index unless it is current for `rules`; returns whether it rebuilt.
  /// Mutating, so a reducer calls it on its state in place: a read of a non-mutating
  /// member through `QuickActionableState`'s property copied the whole index (its ~15
  /// buffers retained and released, ~425 instructions an action).
  public mutating func rebuildUnlessCurrent(from todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules) -> Bool {
    guard !isCurrent(for: rules) else { return false }
    rebuild(from: todos, rules: rules)
    return true
  }

  /// Indexes every candidate of `todos` from scratch: O(n log n).
  public mutating func rebuild(from todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules) {
    var keys: [SelectionKey] = []
    keys.reserveCapacity(todos.count)
    for todo in todos where rules.isCandidate(todo) { keys.append(rules.selectionKey(todo)) }
    ranked = SortedChunks(sorting: keys)
    builtFor = (rules.order, rules.minPriority)
    last.isStale = true
    reminders.rebuild(from: todos, rules: rules)
  }

  /// Re-ranks a todo that changed from `old` to `new` (nil: not among the todos, before or
  /// after; no longer a candidate: removed). Each change must be reported once, with the
  /// value the todo had before it: the index finds the todo's old rank from `old`. When the
  /// todo is not indexed as `old` says (a change to it went unreported), it returns false:
  /// the index is out of step with the todos, and the caller rebuilds it.
  @discardableResult
  public mutating func update(from old: Todo?, to new: Todo?, rules: QuickActionRules) -> Bool {
    let newKey = new.flatMap { rules.isCandidate($0) ? rules.selectionKey($0) : nil }
    let oldKey = old.flatMap { rules.isCandidate($0) ? rules.selectionKey($0) : nil }
    let remindersInStep = reminders.update(from: old, to: new, rules: rules)
    // Even with an unchanged rank, the todo's title or snooze may have changed.
    if isWithinBoundary(oldKey) || isWithinBoundary(newKey) { last.isStale = true }
    guard newKey != oldKey else { return remindersInStep }
    if let oldKey, !ranked.remove(oldKey) { return false }
    if let newKey { ranked.insert(newKey) }
    return remindersInStep
  }

  private func isWithinBoundary(_ key: SelectionKey?) -> Bool {
    guard let key else { return false }
    guard let boundary = last.boundary else { return true }
    return key <= boundary
  }

  /// The quick actions at `now`: the first `rules.max` candidates that are not snoozed;
  /// nil when nothing they were derived from changed since the previous call.
  /// Costs O(max + snoozed candidates ranked ahead of them), or O(1) when unchanged.
  /// `now` is read only when the result depends on the time.
  public mutating func quickActionsIfChanged(
    in todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules, now readNow: inout ActionTime
  ) -> [QuickAction]? {
    if !last.isStale, last.rules == rules,
      last.validUntil == .distantFuture || readNow() < last.validUntil
    {
      return nil
    }
    let now = readNow()
    let previous = last.rules == rules ? last.derived : []
    var next = LastDerivation(rules: rules, validUntil: .distantFuture, isStale: false)
    next.derived.reserveCapacity(rules.max)
    var reachedEnd = true
    for key in ranked {
      if next.derived.count == rules.max {
        reachedEnd = false
        break
      }
      next.boundary = key
      let id = key.id
      guard let todo = todos[id: id] else { continue }
      if let snoozedUntil = todo.snoozedUntil, snoozedUntil > now {
        next.validUntil = min(next.validUntil, snoozedUntil)
        continue
      }
      let isOverdue = todo.due.map { $0 <= now } ?? false
      if let due = todo.due, !isOverdue { next.validUntil = min(next.validUntil, due) }
      // At most `max` cached entries: a linear search beats hashing here.
      let cached = previous.first { $0.todo.id == id }
      let action =
        if let cached, cached.isOverdue == isOverdue, cached.todo == todo {
          cached.action
        } else {
          Self.keepingIdentity(rules.quickAction(for: todo, now: now), of: cached?.action)
        }
      next.derived.append((todo, isOverdue, action))
    }
    if reachedEnd { next.boundary = nil }
    last = next
    return next.derived.map(\.action)
  }

  /// Follows the reminders' changes (``ReminderSchedule/remindersIfChanged(in:rules:now:)``)
  /// in their quick actions: the edits applied one by one, or every reminder derived, then
  /// reusing those whose todo, overdue flag and rules are unchanged (deriving one formats
  /// its due date). The cache is updated in place, one look-up a reminder.
  /// Returns what the edits changed, for the caller to follow in what it shows; nil when
  /// every reminder was derived again.
  @discardableResult
  public mutating func setReminderActions(
    _ changes: ReminderSchedule.Changes, rules: QuickActionRules, now: Date
  ) -> ReminderActionEdits? {
    if reminderDerivation.rules != rules { reminderDerivation = ReminderDerivation(rules: rules) }
    var result: ReminderActionEdits?
    if let all = changes.all {
      var actions: [QuickAction] = []
      actions.reserveCapacity(all.count)
      for todo in all { actions.append(reminderAction(for: todo, rules: rules, now: now)) }
      reminderActions = actions
    } else {
      var removed: [QuickAction] = []
      var inserted: [Todo.ID] = []
      for edit in changes.edits {
        switch edit {
        case let .remove(at: i): removed.append(reminderActions.remove(at: i))
        case let .insert(todo, at: i):
          reminderActions.insert(reminderAction(for: todo, rules: rules, now: now), at: i)
          inserted.append(todo.id)
        case let .replace(todo, at: i):
          let action = reminderAction(for: todo, rules: rules, now: now)
          guard action != reminderActions[i] else { continue }  // the same box, mostly
          removed.append(reminderActions[i])
          reminderActions[i] = action
          inserted.append(todo.id)
        }
      }
      result = ReminderActionEdits(removed: removed, inserted: inserted, in: reminderActions)
    }
    // Entries of todos no longer reminded stay (a todo reminded again is checked against
    // its entry like any other) until they outnumber the reminders.
    if reminderDerivation.derived.count > 2 * reminderActions.count + 16 {
      let reminded = Set(reminderActions.map(\.id))
      reminderDerivation.derived = reminderDerivation.derived.filter { reminded.contains($0.key) }
    }
    return result
  }

  /// The reminder quick action of `todo`: its cached one if the todo and its overdue flag
  /// are as when it was derived.
  private mutating func reminderAction(for todo: Todo, rules: QuickActionRules, now: Date) -> QuickAction {
    let isOverdue = todo.due.map { $0 <= now } ?? false
    let index = reminderDerivation.derived.index(forKey: todo.id)
    if let index, reminderDerivation.derived.values[index].isOverdue == isOverdue,
      reminderDerivation.derived.values[index].todo == todo
    {
      return reminderDerivation.derived.values[index].action
    }
    let action = Self.keepingIdentity(
      rules.quickAction(for: todo, now: now), of: index.map { reminderDerivation.derived.values[$0].action })
    reminderDerivation.derived[todo.id] = (todo, isOverdue, action)
    return action
  }

  /// `derived`, or the quick action it replaces when the two are equal. A todo's change
  /// that does not show (`reminderShownFor` recorded, a snooze that ended) then keeps the
  /// quick action the notifications were last given, so comparing it with theirs stays an
  /// identity check: every reminder recorded after its first showing compared field by
  /// field on every later action (~250 instructions a reminder).
  private static func keepingIdentity(_ derived: QuickAction, of replaced: QuickAction?) -> QuickAction {
    if let replaced, replaced == derived { replaced } else { derived }
  }

  /// When the quick actions last derived change by themselves (a skipped snooze ends, a
  /// shown todo falls due); nil when they cannot.
  public var nextChange: Date? {
    let next = min(last.validUntil, reminders.validUntil)
    return next == .distantFuture || next == .distantPast ? nil : next
  }

  /// The wake-up `quickActionable()` has scheduled, if any.
  public var scheduledWake: Date?

  /// The extra quick actions last handed to the presenter.
  public var presentedExtras: [QuickAction] = []
  /// The feature's own extras (`QuickActionableState.extraQuickActions`) they were built from.
  public var presentedFeatureExtras: [QuickAction] = []

  /// The quick actions the last call derived.
  public var current: [QuickAction] { last.derived.map(\.action) }

  /// Always true: the index is a cache of the todos (see the type's documentation).
  public static func == (_: Self, _: Self) -> Bool { true }

  public var customMirror: Mirror { Mirror(self, children: ["candidates": count]) }
}
