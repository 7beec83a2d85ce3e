import Foundation

/// The order pending todos are listed and notified in: higher priority first, then the
/// earliest due (todos without a due date last), then the oldest.
public enum TodoOrdering {
  public static func areInIncreasingOrder(_ a: Todo, _ b: Todo) -> Bool {
    if a.isComplete != b.isComplete { return !a.isComplete }
    if a.priority != b.priority { return a.priority > b.priority }
    switch (a.due, b.due) {
    case let (x?, y?) where x != y: return x < y
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
    return a.idString < b.idString
  }
}
