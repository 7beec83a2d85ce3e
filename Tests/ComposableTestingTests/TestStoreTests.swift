import Clocks
import Composable
import ComposableTesting
import Testing

/// TestStore must pass when a test asserts everything, and fail (one test per failure kind)
/// when it does not. Failures are caught with `withKnownIssue`; a failure kind that stopped
/// being reported would make `withKnownIssue` itself fail ("Known issue was not recorded").
@MainActor
struct TestStoreTests {
  struct State: Equatable { var count = 0; var text = "" }

  enum Action: Equatable, CasePathable {
    case increment, setText(String), fetch, fetched(Int), longLiving, noop, twoEffects

    /// The cases the tests name by case key path (`\.increment`, `\.setText`).
    struct AllCasePaths {
      var increment: AnyCasePath<Action, Void> {
        AnyCasePath(embed: { .increment }) { if case .increment = $0 { () } else { nil } }
      }
      var setText: AnyCasePath<Action, String> {
        AnyCasePath(embed: Action.setText) { if case let .setText(text) = $0 { text } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  static func reducer() -> Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case let .setText(text):
        state.text = text
        return .none
      case .fetch:
        return .run { send in await send(.fetched(42)) }
      case let .fetched(value):
        state.count = value
        return .none
      case .longLiving:
        return .run { _ in try await Task.sleep(for: .seconds(30)) }
      case .noop:
        return .none
      case .twoEffects:
        return .merge(.send(.increment), .send(.setText("two")))
      }
    }
  }

  // MARK: Passing

  @Test func exhaustiveHappyPath() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.fetch)
    await store.receive(.fetched(42)) { $0.count = 42 }
    await store.send(.twoEffects)
    await store.receive(\.increment) { $0.count = 43 }
    await store.receive(\.setText, "two") { $0.text = "two" }
    await store.finish()
  }

  @Test func nonExhaustiveChecksOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    store.exhaustivity = .off
    await store.send(.twoEffects)
    await store.receive(\.setText) { $0.text = "two" }
    #expect(store.state.count == 1)
    await store.send(.longLiving)
  }

  @Test func skipReceivedActionsAndInFlightEffects() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await store.send(.fetch).finish()
    await store.skipReceivedActions()
    #expect(store.state.count == 42)
    await store.send(.longLiving)
    await store.skipInFlightEffects()
  }

  @Test func taskFinishWaitsForItsEffects() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await store.send(.fetch).finish()
    await store.receive(.fetched(42)) { $0.count = 42 }
  }

  // MARK: Failing, one kind each

  @Test func failsWhenExpectedMutationDoesNotMatch() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { $0.description.contains("A state change does not match expectation") }
  }

  @Test func failsWhenAStateChangeIsNotAsserted() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { $0.description.contains("State was not expected to change") }
  }

  @Test func failsWhenTheClosureAssertsNoChange() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await withKnownIssue {
      await store.send(.noop) { $0.count = 0 }
    } matching: { $0.description.contains("Expected state to change, but no change occurred") }
  }

  @Test func failsWhenAReceivedActionIsNotAssertedBeforeTheNextSend() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await store.send(.fetch).finish()
    await withKnownIssue {
      await store.send(.noop)
    } matching: { $0.description.contains("Must handle 1 received action before sending") }
  }

  @Test func failsWhenTheWrongActionIsReceived() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await store.send(.fetch)
    await withKnownIssue {
      await store.receive(.fetched(7)) { $0.count = 42 }
    } matching: { $0.description.contains("Received unexpected action") }
    await store.finish()
  }

  @Test func failsWhenNoActionArrivesInTime() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await withKnownIssue {
      await store.receive(.fetched(1), timeout: .milliseconds(50))
    } matching: { $0.description.contains("Expected to receive an action, but received none") }
  }

  @Test func failsWhenAnEffectIsStillRunningAtFinish() async {
    let store = TestStore(initialState: State()) { Self.reducer() }
    await store.send(.longLiving)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { $0.description.contains("Expected effects to finish") }
    await store.skipInFlightEffects()
  }

  @Test func failsAtTheEndWhenAnEffectIsStillRunning() async {
    await withKnownIssue { @MainActor in
      do {
        let store = TestStore(initialState: State()) { Self.reducer() }
        await store.send(.longLiving)
      }
      await Task.yield()
    } matching: { $0.description.contains("An effect returned for this action is still running") }
  }

  @Test func failsAtTheEndWhenReceivedActionsAreUnasserted() async {
    await withKnownIssue { @MainActor in
      do {
        let store = TestStore(initialState: State()) { Self.reducer() }
        await store.send(.fetch).finish()
      }
      await Task.yield()
    } matching: { $0.description.contains("The store received 1 unexpected action") }
  }

  @Test func failsWhenAnUnimplementedDependencyIsUsed() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, _ in
        @Dependency(\.uuid) var uuid
        state.text = uuid().uuidString
        return .none
      }
    }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.noop)
    }
  }

  @Test func dependenciesAreOverriddenAtInit() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, _ in
        @Dependency(\.uuid) var uuid
        state.text = uuid().uuidString
        return .none
      }
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.noop) { $0.text = "00000000-0000-0000-0000-000000000000" }
  }
}
