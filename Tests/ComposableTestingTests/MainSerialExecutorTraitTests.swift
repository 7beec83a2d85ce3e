import Clocks
import ComposableTesting
import ConcurrencyExtras
import Testing

/// `.mainSerialExecutor` puts each test of its suite on the main serial executor, where a
/// task started by the test runs as far as its first wait before the test goes on.
@Suite(.mainSerialExecutor)
@MainActor
struct MainSerialExecutorTraitTests {
  @Test func eachTestRunsOnTheMainSerialExecutor() {
    #expect(uncheckedUseMainSerialExecutor)
  }

  @Test func aTaskReachesItsSleepBeforeTheClockIsAdvanced() async throws {
    let clock = TestClock()
    let woke = LockIsolated(false)
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      woke.setValue(true)
    }
    await clock.advance(by: .seconds(1))
    #expect(woke.value)
    try await task.value
  }
}
