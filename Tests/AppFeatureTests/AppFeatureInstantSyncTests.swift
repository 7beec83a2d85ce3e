import AppFeature
import Clocks
import Composable
import ComposableTesting
import ConcurrencyExtras
import Foundation
import InstantSyncClient
import PushFeature
import SyncClient
import SyncFeature
import Testing

/// How the root passes instant sync's requests to the sync schedule, and a finished sync
/// back to instant sync.
@Suite(.mainSerialExecutor)
@MainActor
struct AppFeatureInstantSyncTests {
  let clock = TestClock()
  let syncs = LockIsolated<[String]>([])
  let reads = LockIsolated(0)

  func makeStore() -> TestStore<AppFeature.State, AppFeature.Action> {
    var state = AppFeature.State()
    state.sync = SyncFeature.State(accounts: [SyncFeature.Account(id: "personal", interval: 300, pushInterval: 3_600)])
    state.push.accounts = [PushFeature.Account(name: "personal", push: true)]
    state.push.connector = .running
    let (syncs, reads) = (self.syncs, self.reads)
    let store = TestStore(initialState: state) {
      AppFeature()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 1_795_600_000))
      $0.syncRunner = SyncRunner(
        run: { name in
          syncs.withValue { $0.append(name) }
          return []
        },
        accountsWithQueuedChanges: { [] })
      var pushState = PushStateClient.testValue
      pushState.offering = {
        reads.withValue { $0 += 1 }
        return []
      }
      pushState.subscriptions = { [] }
      $0.pushState = pushState
    }
    store.exhaustivity = .off(showSkippedAssertions: false)
    return store
  }

  @Test func pushHealthSetsTheAccountsPollingInterval() async {
    let store = makeStore()
    await store.send(.push(.delegate(.health(account: "personal", isWorking: true, renewAt: nil))))
    #expect(store.state.sync.accounts[id: "personal"]?.isPushWorking == true)
    #expect(store.state.sync.accounts[id: "personal"]?.period == 3_600)
    await store.send(.push(.delegate(.health(account: "personal", isWorking: false, renewAt: nil))))
    #expect(store.state.sync.accounts[id: "personal"]?.period == 300)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func aPushedChangeSyncsItsAccountAfterTheDebounce() async {
    let store = makeStore()
    await store.send(.push(.delegate(.pushed(account: "personal"))))
    await clock.advance(by: SyncFeature.pushDebounce)
    await store.receive(.sync(.syncNow("personal")))
    await store.receive(.sync(.finished("personal", .synced([]))))
    #expect(syncs.value == ["personal"])
    await store.skipInFlightEffects(strict: false)
  }

  @Test func aNewEndpointSyncsItsAccountNow() async {
    let store = makeStore()
    await store.send(.push(.delegate(.syncNow(account: "personal"))))
    await store.receive(.sync(.finished("personal", .synced([]))))
    #expect(syncs.value == ["personal"])
    await store.skipInFlightEffects(strict: false)
  }

  @Test func aFinishedSyncHasInstantSyncReadItsSubscriptionsAgain() async {
    let store = makeStore()
    await store.send(.sync(.finished("personal", .synced([]))))
    await store.receive(.push(.read(offering: [], subscriptions: [])))
    await store.receive(.push(.delegate(.health(account: "personal", isWorking: false, renewAt: nil))))
    #expect(reads.value == 1)
    await store.skipInFlightEffects(strict: false)
  }
}
