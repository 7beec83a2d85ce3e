import Composable
import Foundation
import Models

/// Which todos get a quick action: eligible ones (pending, not snoozed), in `TodoOrdering`
/// order, at most `rules.max`. A bounded selection: one pass over the todos, keeping the
/// best `max` (no full sort).
public enum QuickActionSelection {
  public static func select(
    from todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules, now: Date
  ) -> IdentifiedArrayOf<QuickAction> {
    guard rules.max > 0 else { return [] }
    var best: [Todo] = []
    best.reserveCapacity(rules.max + 1)
    for todo in todos where rules.isEligible(todo, now: now) {
      if best.count == rules.max,
        let last = best.last, !TodoOrdering.areInIncreasingOrder(todo, last)
      {
        continue
      }
      let index = best.firstIndex { TodoOrdering.areInIncreasingOrder(todo, $0) } ?? best.count
      best.insert(todo, at: index)
      if best.count > rules.max { best.removeLast() }
    }
    return IdentifiedArray(uniqueElements: best.map { rules.quickAction(for: $0, now: now) })
  }
}
