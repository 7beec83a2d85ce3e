/// A reducer that does nothing: the identity of reducer composition.
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> { .none }
}
