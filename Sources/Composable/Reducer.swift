/// A description of how a feature's state changes in response to an action, and which
/// effects run afterwards. The same shape as TCA's `Reducer`, so TCA users feel at home:
/// implement either ``reduce(into:action:)`` or a ``body`` built with ``ReducerBuilder``.
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The type of ``body``; `Never` for reducers that implement ``reduce(into:action:)``.
  associatedtype Body

  /// Evolves `state` for `action` and returns the effects to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer's body, composed from other reducers.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// The function stores and operators reduce with: the body, built once. Implemented by
  /// the core (see `ResolvedReducer.swift`); not meant to be implemented by features.
  func _reduceFunction() -> (inout State, Action) -> Effect<Action>
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError("'\(Self.self)' has no body. Do not access a reducer's body directly.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// A reducer with a body reduces by running its body.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.body.reduce(into: &state, action: action)
  }
}

/// A convenience for naming a reducer type by another reducer's state and action.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
