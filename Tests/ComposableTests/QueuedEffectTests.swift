import Composable
import ConcurrencyExtras
import Testing

/// `queued(id:)`: runs started in one queue finish in the order they were started, whatever
/// each takes, and one that fails or is cancelled does not hold up the rest.
@MainActor
struct QueuedEffectTests {
  enum Queue { case writes }

  /// A reducer whose action `n` returns a run that sleeps `delays[n]` ms and then logs `n`.
  func store(
    delays: [Int], log: LockIsolated<[Int]>, queued: Bool = true, concatenated: Bool = false
  ) -> Store<Int, Int> {
    Store(initialState: 0) {
      Reduce<Int, Int> { _, n in
        var effect = Effect<Int>.run { _ in
          try await Task.sleep(for: .milliseconds(delays[n]))
          log.withValue { $0.append(n) }
        } catch: { _, _ in
          log.withValue { $0.append(-n) }
        }
        if queued { effect = effect.queued(id: Queue.writes) }
        if concatenated { effect = effect.concatenate(with: .run { _ in }) }
        return effect
      }
    }
  }

  @Test func runsFinishInTheOrderTheyWereStarted() async {
    let log = LockIsolated<[Int]>([])
    let store = store(delays: [60, 0, 30, 0], log: log)
    let tasks = (0..<4).map { store.send($0) }
    for task in tasks { await task.finish() }
    #expect(log.value == [0, 1, 2, 3])
  }

  @Test func withoutTheQueueTheyFinishAsTheirWorkAllows() async {
    let log = LockIsolated<[Int]>([])
    let store = store(delays: [60, 0], log: log, queued: false)
    let tasks = (0..<2).map { store.send($0) }
    for task in tasks { await task.finish() }
    #expect(log.value == [1, 0])
  }

  @Test func aSequenceWhoseFirstEffectIsQueuedKeepsItsPlace() async {
    let log = LockIsolated<[Int]>([])
    let store = store(delays: [60, 0, 30], log: log, concatenated: true)
    let tasks = (0..<3).map { store.send($0) }
    for task in tasks { await task.finish() }
    #expect(log.value == [0, 1, 2])
  }

  @Test func aCancelledRunDoesNotHoldUpTheNext() async {
    let log = LockIsolated<[Int]>([])
    let store = store(delays: [10_000, 0], log: log)
    let first = store.send(0)
    let second = store.send(1)
    first.cancel()
    await second.finish()
    #expect(log.value == [1])
  }

  /// What follows an action's commits waits for them, in order, and not for its other
  /// work (here a long timer); two queued runs of one action do not wait for each other's
  /// place.
  @Test func afterQueuedRunsWaitsForTheQueuedRunsOnly() async throws {
    let log = LockIsolated<[String]>([])
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        let commit = Effect<Int>.run { _ in
          try await Task.sleep(for: .milliseconds(30))
          log.withValue { $0.append("commit") }
        }
        let second = Effect<Int>.run { _ in log.withValue { $0.append("second") } }
        let timer = Effect<Int>.run { _ in
          try await Task.sleep(for: .seconds(30))
          log.withValue { $0.append("timer") }
        }
        return commit.queued(id: Queue.writes).merge(with: second.queued(id: Queue.writes))
          .merge(with: timer)
          .afterQueuedRuns(.run { _ in log.withValue { $0.append("present") } })
      }
    }
    let task = store.send(0)
    for _ in 0..<200 where log.value.count < 3 { try await Task.sleep(for: .milliseconds(10)) }
    #expect(log.value == ["commit", "second", "present"])
    task.cancel()
  }
}
