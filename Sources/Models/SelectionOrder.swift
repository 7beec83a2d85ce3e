import Foundation

/// One criterion of the order quick actions are chosen in (`[selection] order` in the
/// config): higher priority first, earliest due first (none last), oldest first.
public enum SelectionCriterion: String, Equatable, Sendable, CaseIterable {
  case priority, due, created
}

/// A todo's position in a selection order, as plain numbers: comparing two keys is a few
/// double comparisons, which is what lets the quick-action index re-rank one todo among
/// 100,000 cheaply. Ties are broken by id, so no two todos share a key.
public struct SelectionKey: Comparable, Hashable, Sendable {
  public var first: Double
  public var second: Double
  public var third: Double
  public var idHigh: UInt64
  public var idLow: UInt64

  /// The key of `todo` in `order` (`order` is complete: every criterion once, see ``complete(_:)``; an incomplete one is
  /// completed first).
  public init(_ todo: Todo, order: [SelectionCriterion]) {
    func value(_ criterion: SelectionCriterion) -> Double {
      switch criterion {
      case .priority: -Double(todo.priority.rank)
      case .due: todo.due?.timeIntervalSinceReferenceDate ?? .infinity
      case .created: todo.createdAt.timeIntervalSinceReferenceDate
      }
    }
    let order = order.count == 3 ? order : Self.complete(order)
    first = value(order[0])
    second = value(order[1])
    third = value(order[2])
    let b = todo.id.uuid
    idHigh = UInt64(b.0) << 56 | UInt64(b.1) << 48 | UInt64(b.2) << 40 | UInt64(b.3) << 32
      | UInt64(b.4) << 24 | UInt64(b.5) << 16 | UInt64(b.6) << 8 | UInt64(b.7)
    idLow = UInt64(b.8) << 56 | UInt64(b.9) << 48 | UInt64(b.10) << 40 | UInt64(b.11) << 32
      | UInt64(b.12) << 24 | UInt64(b.13) << 16 | UInt64(b.14) << 8 | UInt64(b.15)
  }

  /// `order` without repeats, followed by the criteria it leaves out, in the default order.
  public static func complete(_ order: [SelectionCriterion]) -> [SelectionCriterion] {
    var seen: [SelectionCriterion] = []
    for criterion in order + SelectionCriterion.allCases where !seen.contains(criterion) {
      seen.append(criterion)
    }
    return seen
  }

  public static func < (a: SelectionKey, b: SelectionKey) -> Bool {
    if a.first != b.first { return a.first < b.first }
    if a.second != b.second { return a.second < b.second }
    if a.third != b.third { return a.third < b.third }
    if a.idHigh != b.idHigh { return a.idHigh < b.idHigh }
    return a.idLow < b.idLow
  }
}
