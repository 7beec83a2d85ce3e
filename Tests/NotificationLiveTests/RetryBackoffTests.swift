import Testing

@testable import NotificationLive

struct RetryBackoffTests {
  @Test func delaysDoubleFromOneSecondUpToAMinute() {
    var backoff = RetryBackoff()
    let delays = (0..<9).map { _ in backoff.next() }
    #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60, 60])
  }

  @Test func aSuccessStartsOverAtOneSecond() {
    var backoff = RetryBackoff()
    _ = backoff.next()
    _ = backoff.next()
    #expect(backoff.hasBackedOff)
    backoff.reset()
    #expect(!backoff.hasBackedOff)
    #expect(backoff.next() == 1)
  }
}
