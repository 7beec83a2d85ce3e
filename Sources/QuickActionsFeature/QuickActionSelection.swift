import Composable
import Foundation
import Models

/// Which todos get a quick action: eligible ones (pending, not snoozed), in the rules'
/// selection order, at most `rules.max`. One pass over all todos, keeping the best `max`:
/// the reference the incremental ``QuickActionIndex`` is tested against.
public enum QuickActionSelection {
  public static func select(
    from todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules, now: Date
  ) -> IdentifiedArrayOf<QuickAction> {
    guard rules.max > 0 else { return [] }
    var best: [(key: SelectionKey, todo: Todo)] = []
    best.reserveCapacity(rules.max + 1)
    for todo in todos where rules.isEligible(todo, now: now) {
      let key = rules.selectionKey(todo)
      if best.count == rules.max, let last = best.last, !(key < last.key) { continue }
      let index = best.firstIndex { key < $0.key } ?? best.count
      best.insert((key, todo), at: index)
      if best.count > rules.max { best.removeLast() }
    }
    return IdentifiedArray(uniqueElements: best.map { rules.quickAction(for: $0.todo, now: now) })
  }

  /// The reminders not shown yet at `now`: eligible todos whose due time minus the lead
  /// time has come and whose `reminderShownFor` is not that due time, earliest due first,
  /// leaving out the `selected`. One pass over all todos: the reference for
  /// ``ReminderSchedule``.
  public static func newReminders(
    from todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules, now: Date,
    selected: IdentifiedArrayOf<QuickAction>
  ) -> [QuickAction] {
    guard rules.remindersEnabled else { return [] }
    return todos.filter { todo in
      guard let due = todo.due, rules.isEligible(todo, now: now), selected[id: todo.id] == nil
      else { return false }
      return due.addingTimeInterval(-rules.reminderLeadTime) <= now && todo.reminderShownFor != due
    }
    .sorted { SelectionKey($0, order: ReminderSchedule.order) < SelectionKey($1, order: ReminderSchedule.order) }
    .map { rules.quickAction(for: $0, now: now) }
  }
}
