import Foundation

/// The order pending todos are listed and notified in: higher priority first, then the
/// earliest due (todos without a due date last), then the oldest.
public enum TodoOrdering {
  /// Pending before completed; within each, the default selection order.
  public static func areInIncreasingOrder(_ a: Todo, _ b: Todo) -> Bool {
    if a.isComplete != b.isComplete { return !a.isComplete }
    return SelectionCriterion.areInIncreasingOrder(a, b, by: SelectionCriterion.allCases)
  }
}
