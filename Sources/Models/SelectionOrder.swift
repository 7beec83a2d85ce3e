import Foundation

/// One criterion of the order quick actions are chosen in (`[selection] order` in the
/// config): higher priority first, earliest due first (none last), oldest first.
public enum SelectionCriterion: String, Equatable, Sendable, CaseIterable {
  case priority, due, created

  /// `order` without repeats, followed by the criteria it leaves out, in the default order.
  public static func complete(_ order: [SelectionCriterion]) -> [SelectionCriterion] {
    var seen: [SelectionCriterion] = []
    for criterion in order + allCases where !seen.contains(criterion) {
      seen.append(criterion)
    }
    return seen
  }

  /// Whether `a` comes before `b` in `order`: the criteria in turn, then the id, so that no
  /// two todos tie.
  public static func areInIncreasingOrder(_ a: Todo, _ b: Todo, by order: [SelectionCriterion]) -> Bool {
    for criterion in order {
      switch criterion {
      case .priority:
        if a.priority != b.priority { return a.priority > b.priority }
      case .due:
        switch (a.due, b.due) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
      case .created:
        if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
      }
    }
    return a.id < b.id
  }
}
