/// Which todos changed since the log was last taken, each with its value before (nil: it
/// was not there), or that any may have (the todos were set as a whole). The agent's quick
/// actions look again at these todos only, so that a press costs what it changes (budget:
/// a press at 10,000 todos within 10% of one at 200).
public struct TodoChangeLog: Sendable {
  /// Each changed todo's value when the log was last taken.
  public private(set) var before: [Todo.ID: Todo?] = [:]
  /// Whether any todo may have changed: `before` is then empty.
  public private(set) var isWhole: Bool

  /// A log that says any todo may have changed, or (`isWhole` false) that none has.
  public init(isWhole: Bool = true) {
    self.isWhole = isWhole
  }

  /// Notes that the todo `id` changes from `old`; the first value noted since the log was
  /// taken stands.
  public mutating func note(_ id: Todo.ID, was old: Todo?) {
    guard !isWhole, before.index(forKey: id) == nil else { return }
    before[id] = .some(old)
  }

  /// Notes that any todo may have changed.
  public mutating func noteAll() {
    isWhole = true
    before = [:]
  }
}
