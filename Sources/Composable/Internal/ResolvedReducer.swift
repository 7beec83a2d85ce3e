/// Building a reducer's body once.
///
/// `Reducer.reduce(into:action:)`'s default calls `body`, which rebuilds every reducer in it
/// on every action, including the case key paths of `Scope` and `forEach`, which the runtime
/// instantiates anew, a cost every press pays. Stores and operators therefore hold the function
/// `_reduceFunction()` returns, which builds the body once. It is a protocol requirement
/// (with the defaults below) rather than a cast to `any Reducer`, so that the function stays
/// specialized for the concrete reducer types: the witness is chosen per conforming type.
extension Reducer {
  @inlinable
  public func _reduceFunction() -> (inout State, Action) -> Effect<Action> {
    { self.reduce(into: &$0, action: $1) }
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  @inlinable
  public func _reduceFunction() -> (inout State, Action) -> Effect<Action> {
    body._reduceFunction()
  }
}
