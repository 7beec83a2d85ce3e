import Foundation

/// The order pending todos are listed and notified in: higher priority first, then the
/// earliest due (todos without a due date last), then the oldest.
public enum TodoOrdering {
  /// Pending before completed; within each, the default selection order (`SelectionKey`,
  /// the one definition of it, which the quick-action index ranks by).
  public static func areInIncreasingOrder(_ a: Todo, _ b: Todo) -> Bool {
    if a.isComplete != b.isComplete { return !a.isComplete }
    return SelectionKey(a, order: SelectionCriterion.allCases) < SelectionKey(b, order: SelectionCriterion.allCases)
  }
}
