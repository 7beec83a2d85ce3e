/// How long the presenter waits before calling a failing notification server again: 1 s,
/// then twice as long each time, at most a minute, so a broken server costs a few calls a
/// minute instead of a loop, and a recovered one is used again within a minute.
struct RetryBackoff: Equatable {
  static let first: Double = 1
  static let longest: Double = 60

  private var nextDelay = RetryBackoff.first

  /// The delay before the next attempt; each call doubles the one after.
  mutating func next() -> Double {
    defer { nextDelay = min(nextDelay * 2, Self.longest) }
    return nextDelay
  }

  /// After a success: the next failure waits the shortest delay again.
  mutating func reset() { nextDelay = Self.first }

  /// Whether a delay was handed out since the last reset: calls have been failing.
  var hasBackedOff: Bool { nextDelay != Self.first }
}
