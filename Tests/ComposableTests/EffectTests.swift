import Clocks
import Composable
import ComposableTesting
import ConcurrencyExtras
import Testing

@MainActor
struct EffectTests {
  enum Action: Equatable {
    case start, step(Int), fail, failed(String), debounced(String), type(String)
    case startTimer, stopTimer, tick
  }
  enum CancelID { case timer, debounce }
  enum Outer: Equatable { case inner(Action) }
  struct Boom: Error {}

  static func reducer(clock: some Clock<Duration>) -> Reduce<[String], Action> {
    Reduce { log, action in
      switch action {
      case .start:
        return .concatenate(
          .run { send in await send(.step(1)) },
          .merge(.send(.step(2)), .run { send in await send(.step(3)) }).map { $0 }
        )
      case let .step(n):
        log.append("step \(n)")
        return .none
      case .fail:
        return .run { _ in throw Boom() } catch: { error, send in
          await send(.failed("\(error)"))
        }
      case let .failed(message):
        log.append(message)
        return .none
      case let .type(text):
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.debounced(text))
        }
        .cancellable(id: CancelID.debounce, cancelInFlight: true)
      case let .debounced(text):
        log.append(text)
        return .none
      case .startTimer:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .stopTimer:
        return .cancel(id: CancelID.timer)
      case .tick:
        log.append("tick")
        return .none
      }
    }
  }

  @Test func concatenateRunsInOrderAndMergeSideBySide() async {
    let store = TestStore(initialState: [String]()) { Self.reducer(clock: ImmediateClock()) }
    await store.send(.start)
    await store.receive(.step(1)) { $0 = ["step 1"] }
    await store.receive(.step(2)) { $0.append("step 2") }
    await store.receive(.step(3)) { $0.append("step 3") }
    await store.finish()
  }

  /// What the first effect sends at once is sent as the sequence starts (by the store, no
  /// round trip from the sequence's task); the rest still waits its turn.
  @Test func concatenateSendsTheFirstEffectsActionsAtTheStart() async {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: [String]()) {
      Reduce<[String], Action> { log, action in
        switch action {
        case .start:
          return .concatenate(
            .merge(
              .run { send in
                for await _ in gate { break }
                await send(.step(1))
              },
              .send(.step(0))),
            .run { send in await send(.step(2)) })
        case let .step(n):
          log.append("step \(n)")
          return .none
        default:
          return .none
        }
      }
    }
    await store.send(.start)
    // Sent while the first run is still waiting at the gate.
    await store.receive(.step(0)) { $0 = ["step 0"] }
    open.yield()
    await store.receive(.step(1)) { $0.append("step 1") }
    await store.receive(.step(2)) { $0.append("step 2") }
    await store.finish()
  }

  @Test func runErrorsGoToTheCatchHandler() async {
    let store = TestStore(initialState: [String]()) { Self.reducer(clock: ImmediateClock()) }
    await store.send(.fail)
    await store.receive(.failed("Boom()")) { $0 = ["Boom()"] }
    await store.finish()
  }

  @Test func unhandledRunErrorIsReported() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, _ in .run { _ in throw Boom() } }
    }
    await withKnownIssue {
      await store.send(.start)
      await store.finish()
    }
  }

  @Test func debounceWithCancelInFlightKeepsOnlyTheLast() async {
    await withMainSerialExecutor { await debounce() }
  }

  func debounce() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) { Self.reducer(clock: clock) }
    await store.send(.type("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.type("ab"))
    await clock.advance(by: .milliseconds(999))
    await store.send(.type("abc"))
    await clock.advance(by: .seconds(1))
    await store.receive(.debounced("abc")) { $0 = ["abc"] }
    await store.finish()
  }

  @Test func cancelStopsALongLivingEffect() async {
    await withMainSerialExecutor { await cancelTimer() }
  }

  func cancelTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) { Self.reducer(clock: clock) }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0 = ["tick"] }
    await store.receive(.tick) { $0.append("tick") }
    await store.send(.stopTimer)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func mapTransformsSentActions() async {
    let effect = Effect<Action>.merge(.send(.tick), .none).map(Outer.inner)
    let store = TestStore(initialState: 0) {
      Reduce<Int, Outer> { count, action in
        if action == .inner(.start) { return effect }
        count += 1
        return .none
      }
    }
    await store.send(.inner(.start))
    await store.receive(.inner(.tick)) { $0 = 1 }
  }

  @Test func noneIsNone() {
    #expect(Effect<Action>.none.isNone)
    #expect(!Effect<Action>.send(.tick).isNone)
    #expect(Effect<Action>.merge(.none, .none).isNone)
    #expect(Effect<Action>.none.cancellable(id: CancelID.timer, cancelInFlight: true).isNone)
  }
}
