import Clocks
import Composable
import ComposableTesting
import ConcurrencyExtras
import Foundation
import SyncClient
import SyncFeature
import Testing

/// When accounts sync and what a failure does, on a `TestClock`: at start and every
/// interval, a few seconds after local changes (one sync for a burst), again with backoff
/// when the server is unreachable, and not again before the interval when it refuses the
/// password.
@Suite(.mainSerialExecutor)
@MainActor
struct SyncFeatureTests {
  let clock = TestClock()
  let runs = LockIsolated<[String]>([])
  let report = SyncReport(calendar: "Tasks")

  func makeStore(
    result: @escaping @Sendable (String) async throws -> [SyncReport], queued: Set<String> = []
  ) -> TestStore<SyncFeature.State, SyncFeature.Action> {
    let runs = self.runs
    return TestStore(initialState: SyncFeature.State()) {
      SyncFeature()
    } withDependencies: { [clock] in
      $0.continuousClock = clock
      $0.syncRunner = SyncRunner(
        run: { name in
          runs.withValue { $0.append(name) }
          return try await result(name)
        },
        accountsWithQueuedChanges: { queued })
    }
  }

  var personal: SyncFeature.Account { SyncFeature.Account(id: "personal", interval: 300) }

  @Test func anAccountSyncsAtStartAndEveryInterval() async {
    let store = makeStore(result: { [report] _ in [report] })
    await store.send(.start([personal])) {
      $0.accounts = [personal]
      $0.accounts[id: "personal"]?.isSyncing = true
    }
    await store.receive(.finished("personal", .synced([report]))) {
      $0.accounts[id: "personal"]?.isSyncing = false
      $0.accounts[id: "personal"]?.lastOutcome = .synced([report])
    }
    await clock.advance(by: .seconds(299))
    #expect(runs.value == ["personal"])
    await clock.advance(by: .seconds(1))
    await store.receive(.syncNow("personal")) {
      $0.accounts[id: "personal"]?.isSyncing = true
    }
    await store.receive(.finished("personal", .synced([report]))) {
      $0.accounts[id: "personal"]?.isSyncing = false
    }
    #expect(runs.value == ["personal", "personal"])
    await store.send(.start([])) {
      $0.accounts = []
    }
    await store.finish()  // the interval's cancellation lands
  }

  @Test func aBurstOfLocalChangesSyncsOnceAfterTheDebounce() async {
    let store = makeStore(result: { _ in [] }, queued: ["personal"])
    await store.send(.start([personal])) {
      $0.accounts = [personal]
      $0.accounts[id: "personal"]?.isSyncing = true
    }
    await store.receive(.finished("personal", .synced([]))) {
      $0.accounts[id: "personal"]?.isSyncing = false
      $0.accounts[id: "personal"]?.lastOutcome = .synced([])
    }
    runs.setValue([])
    await store.send(.localChange)
    await clock.advance(by: .seconds(2))
    await store.send(.localChange)
    await clock.advance(by: .seconds(2))
    #expect(runs.value.isEmpty, "not before 3 s after the last change")
    await clock.advance(by: .seconds(1))
    await store.receive(.syncNow("personal")) {
      $0.accounts[id: "personal"]?.isSyncing = true
    }
    await store.receive(.finished("personal", .synced([]))) {
      $0.accounts[id: "personal"]?.isSyncing = false
    }
    #expect(runs.value == ["personal"])
    await store.send(.start([])) { $0.accounts = [] }
    await store.finish()  // the interval's cancellation lands
  }

  @Test func anUnreachableServerIsTriedAgainWithBackoffAndARefusalWaitsForTheInterval() async {
    let down = SyncError.unreachable(account: "personal", detail: "connection refused")
    let refused = SyncError.refused(account: "personal", detail: "401")
    let outcomes = LockIsolated<[SyncError]>([down, down, refused])
    let store = makeStore(result: { _ in
      let next = outcomes.withValue { $0.isEmpty ? nil : $0.removeFirst() }
      if let next { throw next }
      return []
    })
    await store.send(.start([personal])) {
      $0.accounts = [personal]
      $0.accounts[id: "personal"]?.isSyncing = true
    }
    await store.receive(.finished("personal", .failed(down))) {
      $0.accounts[id: "personal"]?.isSyncing = false
      $0.accounts[id: "personal"]?.failures = 1
      $0.accounts[id: "personal"]?.lastOutcome = .failed(down)
    }
    await clock.advance(by: .seconds(15))
    await store.receive(.syncNow("personal")) { $0.accounts[id: "personal"]?.isSyncing = true }
    await store.receive(.finished("personal", .failed(down))) {
      $0.accounts[id: "personal"]?.isSyncing = false
      $0.accounts[id: "personal"]?.failures = 2
    }
    await clock.advance(by: .seconds(29))
    #expect(runs.value.count == 2, "the second wait is 30 s")
    await clock.advance(by: .seconds(1))
    await store.receive(.syncNow("personal")) { $0.accounts[id: "personal"]?.isSyncing = true }
    await store.receive(.finished("personal", .failed(refused))) {
      $0.accounts[id: "personal"]?.isSyncing = false
      $0.accounts[id: "personal"]?.failures = 3
      $0.accounts[id: "personal"]?.lastOutcome = .failed(refused)
    }
    // Refused: nothing until the interval (300 s after the start).
    await clock.advance(by: .seconds(254))
    #expect(runs.value.count == 3)
    await clock.advance(by: .seconds(1))
    await store.receive(.syncNow("personal")) { $0.accounts[id: "personal"]?.isSyncing = true }
    await store.receive(.finished("personal", .synced([]))) {
      $0.accounts[id: "personal"]?.isSyncing = false
      $0.accounts[id: "personal"]?.failures = 0
      $0.accounts[id: "personal"]?.lastOutcome = .synced([])
    }
    await store.send(.start([])) { $0.accounts = [] }
    await store.finish()  // the interval's cancellation lands
  }

  @Test func aSyncAskedForWhileOneRunsRunsRightAfterIt() async {
    // The first sync waits until the test lets it finish.
    let (gate, open) = AsyncStream<Void>.makeStream()
    let first = LockIsolated(true)
    let store = makeStore(result: { _ in
      let isFirst = first.withValue { value in
        defer { value = false }
        return value
      }
      if isFirst {
        for await _ in gate { break }
      }
      return []
    })
    await store.send(.start([personal])) {
      $0.accounts = [personal]
      $0.accounts[id: "personal"]?.isSyncing = true
    }
    await store.send(.syncNow("personal")) { $0.accounts[id: "personal"]?.isAskedAgain = true }
    open.yield()
    await store.receive(.finished("personal", .synced([]))) {
      $0.accounts[id: "personal"]?.isAskedAgain = false  // and it syncs again at once
      $0.accounts[id: "personal"]?.lastOutcome = .synced([])
    }
    await store.receive(.finished("personal", .synced([]))) { $0.accounts[id: "personal"]?.isSyncing = false }
    #expect(runs.value == ["personal", "personal"])
    await store.send(.start([])) { $0.accounts = [] }
    await store.finish()  // the interval's cancellation lands
  }
}
