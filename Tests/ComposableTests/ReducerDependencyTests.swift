import Composable
import ComposableTesting
import Foundation
import Testing

/// `@ReducerDependency` reads the dependencies of the store the reducer runs in.
@MainActor
struct ReducerDependencyTests {
  struct Stamp: Reducer {
    struct State: Equatable { var stamps: [Date] = [] }
    enum Action: Equatable { case stamp }

    @ReducerDependency(\.date.now) var now

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.stamps.append(now)
      return .none
    }
  }

  @Test func eachStoreSeesItsOwnOverrides() {
    let first = Date(timeIntervalSince1970: 1_000)
    let second = Date(timeIntervalSince1970: 2_000)
    let a = Store(initialState: Stamp.State()) { Stamp() } withDependencies: {
      $0.date = .constant(first)
    }
    let b = Store(initialState: Stamp.State()) { Stamp() } withDependencies: {
      $0.date = .constant(second)
    }
    a.send(.stamp)
    b.send(.stamp)
    a.send(.stamp)
    #expect(a.state.stamps == [first, first])
    #expect(b.state.stamps == [second])
  }

  @Test func aTestStoreSeesItsDependenciesAndTheirChangesBetweenSteps() async {
    let store = TestStore(initialState: Stamp.State()) { Stamp() } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 10))
    }
    await store.send(.stamp) { $0.stamps = [Date(timeIntervalSince1970: 10)] }
    store.dependencies.date = .constant(Date(timeIntervalSince1970: 20))
    await store.send(.stamp) {
      $0.stamps = [Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: 20)]
    }
  }
}
