import Composable
import ComposableTesting
import Testing

@MainActor
struct ReducerCompositionTests {
  enum Action: Equatable, CasePathable {
    case tap, child(ChildAction)
    struct AllCasePaths {
      var child: AnyCasePath<Action, ChildAction> {
        AnyCasePath(embed: Action.child) { if case let .child(action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  enum ChildAction: Equatable { case increment }
  struct State: Equatable { var log: [String] = []; var child = 0 }
  enum ChildEffectAction: Equatable { case start, done }
  enum ParentAction: Equatable {
    case child(ChildEffectAction)
    static let childCase = AnyCasePath<ParentAction, ChildEffectAction>(embed: ParentAction.child) {
      if case let .child(action) = $0 { action } else { nil }
    }
  }

  @Test func combineReducersRunsInOrder() async {
    let store = TestStore(initialState: State()) {
      CombineReducers {
        Reduce<State, Action> { state, _ in state.log.append("first"); return .none }
        Reduce { state, _ in state.log.append("second"); return .none }
      }
    }
    await store.send(.tap) { $0.log = ["first", "second"] }
  }

  @Test func builderConditionalsAndLoops() async {
    for flag in [true, false] {
      let store = TestStore(initialState: State()) {
        if flag {
          Reduce<State, Action> { state, _ in state.log.append("if"); return .none }
        } else {
          Reduce { state, _ in state.log.append("else"); return .none }
        }
        for name in ["a", "b"] {
          Reduce { state, _ in state.log.append(name); return .none }
        }
      }
      await store.send(.tap) { $0.log = [flag ? "if" : "else", "a", "b"] }
    }
  }

  @Test func scopeRoutesOnlyChildActions() async {
    let store = TestStore<State, Action>(initialState: State()) {
      Scope(state: \.child, action: \.child) {
        Reduce<Int, ChildAction> { count, _ in count += 1; return .none }
      }
    }
    await store.send(.child(.increment)) { $0.child = 1 }
    await store.send(.tap)
  }

  @Test func scopeMapsChildEffectsIntoParentActions() async {
    let store = TestStore<Int, ParentAction>(initialState: 0) {
      Scope(state: \.self, action: ParentAction.childCase) {
        Reduce<Int, ChildEffectAction> { count, action in
          switch action {
          case .start: return .run { send in await send(.done) }
          case .done: count += 1; return .none
          }
        }
      }
    }
    await store.send(.child(.start))
    await store.receive(.child(.done)) { $0 = 1 }
    await store.finish()
  }

  @Test func relayObservesEveryActionWithoutTouchingState() async {
    let seen = LockedBox<[Action]>([])
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { _, _ in .none }.relay { seen.append($0) }
    }
    await store.send(.tap)
    await store.send(.child(.increment))
    #expect(seen.value == [.tap, .child(.increment)])
  }

  @Test func onChangeRunsOnlyWhenTheValueChanged() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        if action == .child(.increment) { state.child += 1 }
        return .none
      }
      .onChange(of: \.child) { old, new in
        Reduce { state, _ in state.log.append("\(old)→\(new)"); return .none }
      }
    }
    await store.send(.tap)
    await store.send(.child(.increment)) {
      $0.child = 1
      $0.log = ["0→1"]
    }
  }
}

/// A tiny lock-protected box for observing values from `@Sendable` closures in tests.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var _value: Value
  init(_ value: Value) { _value = value }
  var value: Value { lock.withLock { _value } }
  func append<E>(_ element: E) where Value == [E] { lock.withLock { _value.append(element) } }
  func set(_ value: Value) { lock.withLock { _value = value } }
}

import Foundation
