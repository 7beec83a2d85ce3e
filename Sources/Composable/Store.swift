import Dependencies
import Foundation

/// The runtime of a feature: holds its state, reduces the actions sent to it one at a time
/// and in order, runs the effects, and feeds the actions they send back in.
///
/// Concurrency model: the store lives on the main actor. Effects run as tasks off the main
/// actor and hop back to it to send, so state is only ever touched on one actor, and nothing
/// here blocks on I/O. State can be observed as an `AsyncStream` with ``observe()``.
@MainActor
public final class Store<State, Action> {
  /// The current state.
  public var state: State { _state }
  @usableFromInline var _state: State

  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let dependencies: DependencyValues
  private let runtime = EffectRuntime()
  @usableFromInline var buffer: [Action] = []
  @usableFromInline var isSending = false
  @usableFromInline var observers: [Int: (State) -> Void] = [:]
  private var nextObserver = 0

  /// Creates a store with an initial state, a reducer, and dependency overrides.
  public init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) {
    self._state = initialState
    self.reducer = reducer()._reduceFunction()
    var values = DependencyValues._current
    prepareDependencies(&values)
    self.dependencies = values
  }

  isolated deinit {
    runtime.cancelAll()
    observers.removeAll()
  }

  /// Sends an action. It is reduced at once, unless the store is already reducing (an
  /// action sent by a reducer's `.send` effect, or re-entrantly by an observer), in which
  /// case it is reduced right after the current one. Returns the effects it started.
  ///
  /// Inlinable so that it is specialized for the feature's state and action types: the
  /// unspecialized form looks up generic metadata on every action, a press's included
  /// (budget: press → commit → close ≤ 2× notify-send).
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    buffer.append(action)
    guard !isSending else { return StoreTask(tasks: []) }
    isSending = true
    var tasks: [Task<Void, Never>] = []
    withDependencies {
      $0 = dependencies
    } operation: {
      var index = 0
      while index < buffer.count {
        let action = buffer[index]
        index += 1
        let effect = reducer(&_state, action)
        if !effect.isNone { tasks += start(effect) }
      }
    }
    buffer.removeAll(keepingCapacity: true)
    isSending = false
    if !observers.isEmpty { notifyObservers() }
    return StoreTask(tasks: tasks)
  }

  @usableFromInline
  func start(_ effect: Effect<Action>) -> [Task<Void, Never>] {
    runtime.start(effect, send: Send(runtime: runtime) { [weak self] in self?.send($0) })
  }

  @usableFromInline
  func notifyObservers() {
    for observer in observers.values { observer(state) }
  }

  /// The number of effects still running; for diagnostics and tests.
  public var runningEffectCount: Int { runtime.runningCount }
}

extension Store where State: Sendable {
  /// The state now and after every ``send(_:)``, as an async sequence: published once per
  /// send, after all the actions it caused synchronously were reduced.
  public func observe() -> AsyncStream<State> {
    observe(\.self, isDuplicate: { _, _ in false })
  }

  /// A part of the state now and whenever it changes, deduplicated.
  public func observe<Value: Equatable & Sendable>(
    _ toValue: @escaping (State) -> Value
  ) -> AsyncStream<Value> {
    observe(toValue, isDuplicate: ==)
  }

  private func observe<Value: Sendable>(
    _ toValue: @escaping (State) -> Value, isDuplicate: @escaping (Value, Value) -> Bool
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream(
      bufferingPolicy: .bufferingNewest(64))
    let token = nextObserver
    nextObserver += 1
    var last = toValue(state)
    continuation.yield(last)
    observers[token] = { state in
      let value = toValue(state)
      guard !isDuplicate(last, value) else { return }
      last = value
      continuation.yield(value)
    }
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.observers[token] = nil }
    }
    return stream
  }
}

extension Store where State: Sendable & Equatable {
  /// The state now and whenever it changes, deduplicated.
  public func observe() -> AsyncStream<State> {
    observe { $0 }
  }
}
