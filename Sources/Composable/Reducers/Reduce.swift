/// A reducer made from a closure: the building block for inline logic in a ``Reducer/body``.
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure that mutates state and returns effects.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Type-erases another reducer.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.init { reducer.reduce(into: &$0, action: $1) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reduce(&state, action)
  }
}
