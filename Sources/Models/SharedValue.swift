/// A value kept in one immutable shared box. The agent's upkeep copies and compares some
/// values many times an action and changes them rarely (the rules; the quick actions, by
/// the hundred when many are shown): kept this way, a copy is one retain, and two copies
/// of one box compare equal by identity, their fields not compared. Setting `value` makes
/// a new box.
struct SharedValue<Value: Equatable & Sendable>: Equatable, Sendable {
  private final class Box: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  private var box: Box

  init(_ value: Value) { box = Box(value) }

  var value: Value {
    get { box.value }
    set { box = Box(newValue) }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.box.value == rhs.box.value
  }
}
