/// Groups reducers so that a modifier (such as ``Reducer/relay(_:)``) applies to all of them.
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers listed in the builder; they run in order.
  @inlinable
  public init(
    @ReducerBuilder<State, Action> _ build: () -> Reducers
  ) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reducers.reduce(into: &state, action: action)
  }
}
