extension Reducer {
  /// Calls `relay` with every action this reducer receives, before reducing it, without
  /// touching the domain: the RelayStore idea, for logging, scripting and bridging.
  @inlinable
  public func relay(_ relay: @escaping (_ action: Action) -> Void) -> _RelayReducer<Self> {
    _RelayReducer(base: self, relay: relay)
  }
}

/// The reducer ``Reducer/relay(_:)`` returns.
public struct _RelayReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let relay: (Base.Action) -> Void

  @inlinable
  init(base: Base, relay: @escaping (Base.Action) -> Void) {
    self.base = base
    self.relay = relay
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    relay(action)
    return base.reduce(into: &state, action: action)
  }
}
