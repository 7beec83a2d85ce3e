/// Builds a reducer from the reducers listed in a ``Reducer/body`` or ``CombineReducers``:
/// they run one after another, in the order written, and their effects are merged.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _SequenceMany<R> {
    _SequenceMany(reducers: reducers)
  }

  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  @inlinable
  public static func buildBlock<R: Reducer<State, Action>>(_ reducer: R) -> R { reducer }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _Conditional<R0, R1> {
    .first(reducer)
  }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _Conditional<R0, R1> {
    .second(reducer)
  }

  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R { expression }

  @inlinable
  public static func buildFinalResult<R: Reducer<State, Action>>(_ reducer: R) -> R { reducer }

  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(_ wrapped: R) -> R? {
    wrapped
  }

  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: R?) -> R? { wrapped }

  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R { first }

  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _Sequence<R0, R1> {
    _Sequence(accumulated, next)
  }
}

/// Two reducers run in order; the result of two lines in a ``ReducerBuilder``.
public struct _Sequence<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
  @usableFromInline let r0: R0
  @usableFromInline let r1: R1

  @inlinable
  init(_ r0: R0, _ r1: R1) {
    self.r0 = r0
    self.r1 = r1
  }

  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    self.r0.reduce(into: &state, action: action)
      .merge(with: self.r1.reduce(into: &state, action: action))
  }
}

/// Any number of reducers of one type run in order; the result of a `for` loop in a builder.
public struct _SequenceMany<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @inlinable
  init(reducers: [Element]) { self.reducers = reducers }

  @inlinable
  public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<
    Element.Action
  > {
    self.reducers.reduce(.none) { $0.merge(with: $1.reduce(into: &state, action: action)) }
  }
}

/// One of two reducers; the result of an `if`/`else` in a ``ReducerBuilder``.
public enum _Conditional<First: Reducer, Second: Reducer<First.State, First.Action>>: Reducer {
  case first(First)
  case second(Second)

  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case let .first(first): first.reduce(into: &state, action: action)
    case let .second(second): second.reduce(into: &state, action: action)
    }
  }
}

/// An optional reducer runs when present; the result of an `if` without `else` in a builder.
extension Optional: Reducer where Wrapped: Reducer {
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    switch self {
    case let .some(wrapped): wrapped.reduce(into: &state, action: action)
    case .none: .none
    }
  }
}
