extension Reducer {
  /// Runs `reducer` after this one whenever the value at `toValue` changed, with the old and
  /// new values. The pattern of TCA's `onChange(of:_:)`.
  @inlinable
  public func onChange<V: Equatable, Reducers: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> Reducers
  ) -> _OnChangeReducer<Self, V, Reducers> {
    _OnChangeReducer(base: self, toValue: toValue, reducer: reducer)
  }
}

/// The reducer ``Reducer/onChange(of:_:)`` returns.
public struct _OnChangeReducer<Base: Reducer, Value: Equatable, Reducers: Reducer<Base.State, Base.Action>>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let reducer: (Value, Value) -> Reducers

  @inlinable
  init(base: Base, toValue: @escaping (Base.State) -> Value, reducer: @escaping (Value, Value) -> Reducers) {
    self.base = base
    self.toValue = toValue
    self.reducer = reducer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return effect }
    return effect.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
