import CasePathsCore
import IssueReporting

extension Reducer {
  /// Runs `wrapped` on optional child state while it is present, before this reducer.
  /// A child action that arrives while the state is `nil` is ignored.
  @inlinable
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action, Action: CasePathable {
    _IfLetReducer(
      parent: self, toWrappedState: toWrappedState,
      toWrappedAction: AnyCasePath(toWrappedAction), wrapped: wrapped())
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:)`` returns.
public struct _IfLetReducer<Parent: Reducer, Wrapped: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toWrappedState: WritableKeyPath<Parent.State, Wrapped.State?>
  @usableFromInline let toWrappedAction: AnyCasePath<Parent.Action, Wrapped.Action>
  @usableFromInline let wrapped: (inout Wrapped.State, Wrapped.Action) -> Effect<Wrapped.Action>

  @inlinable
  init(
    parent: Parent, toWrappedState: WritableKeyPath<Parent.State, Wrapped.State?>,
    toWrappedAction: AnyCasePath<Parent.Action, Wrapped.Action>, wrapped: Wrapped
  ) {
    self.parent = parent
    self.toWrappedState = toWrappedState
    self.toWrappedAction = toWrappedAction
    self.wrapped = wrapped._reduceFunction()
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = Effect<Parent.Action>.none
    if let wrappedAction = toWrappedAction.extract(from: action),
      state[keyPath: toWrappedState] != nil
    {
      let toWrappedAction = self.toWrappedAction
      childEffect = wrapped(&state[keyPath: toWrappedState]!, wrappedAction)
        .map { toWrappedAction.embed($0) }
    }
    return childEffect.merge(with: parent.reduce(into: &state, action: action))
  }
}
