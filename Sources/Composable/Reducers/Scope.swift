import CasePathsCore

/// Embeds a child reducer in a parent domain: the child runs on the parent's actions that
/// match `action`, against the part of the parent's state at `state`.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: (inout Child.State, Child.Action) -> Effect<Child.Action>
  /// `toChildAction.embed` as a closure made once: a closure made in `reduce` allocated its
  /// context on every action with an effect.
  @usableFromInline let embed: @Sendable (Child.Action) -> ParentAction

  /// Scopes `child` to the state at `toChildState` and the actions at `toChildAction`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(state: toChildState, action: AnyCasePath(toChildAction), child: child)
  }

  /// Scopes `child` with a case path from the action's `allCasePaths`
  /// (`Action.allCasePaths.child`). Same behaviour as the key-path form; faster per action,
  /// because extracting through a `CaseKeyPath` walks generic metadata on every call.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.embed = { toChildAction.embed($0) }
    self.child = child()._reduceFunction()
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect = child(&state[keyPath: toChildState], childAction)
    if effect.isNone { return .none }
    return effect.map(embed)
  }
}
