import Clocks
import Composable
import Testing

@MainActor
struct StoreTests {
  enum Action: Equatable, Sendable { case append(String), appendTwice(String), load, loaded(Int), wait }

  struct State: Equatable, Sendable { var log: [String] = []; var loaded = 0 }

  static let reducer = Reduce<State, Action> { state, action in
    switch action {
    case let .append(text):
      state.log.append(text)
      return .none
    case let .appendTwice(text):
      state.log.append(text)
      return .merge(.send(.append(text + "!")), .send(.append(text + "!!")))
    case .load:
      return .run { send in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .milliseconds(10))
        await send(.loaded(42))
      }
    case let .loaded(value):
      state.loaded = value
      return .none
    case .wait:
      return .run { _ in try await Task.sleep(for: .seconds(60)) }
    }
  }

  @Test func actionsAreReducedInOrderIncludingSynchronousSends() {
    let store = Store(initialState: State()) { Self.reducer }
    store.send(.appendTwice("a"))
    store.send(.append("b"))
    #expect(store.state.log == ["a", "a!", "a!!", "b"])
  }

  @Test func effectOutputFeedsBackAndTheTaskCanBeAwaited() async {
    let store = Store(initialState: State()) { Self.reducer } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.load).finish()
    #expect(store.state.loaded == 42)
  }

  @Test func storeTaskCanBeCancelled() async {
    let store = Store(initialState: State()) { Self.reducer }
    let task = store.send(.wait)
    #expect(store.runningEffectCount == 1)
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
    #expect(store.runningEffectCount == 0)
  }

  @Test func observeYieldsDeduplicatedValues() async {
    let store = Store(initialState: State()) { Self.reducer }
    let counts = store.observe { $0.log.count }
    store.send(.append("a"))
    store.send(.loaded(1))  // log unchanged: not yielded
    store.send(.append("b"))
    var seen: [Int] = []
    for await count in counts {
      seen.append(count)
      if count == 2 { break }
    }
    #expect(seen == [0, 1, 2])
  }
}
