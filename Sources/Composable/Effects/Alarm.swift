/// A wait counted from the moment the reducer decides on it, not from whenever its effect's
/// task first runs: make it in `reduce`, sleep on it in the effect. On a busy machine that
/// task can start late; a wait that began then would end late by as much, and a test clock
/// moved on before the task slept would never wake it.
public struct Alarm: Sendable {
  private let sleepUntil: @Sendable (Duration) async throws -> Void

  /// Starts counting now on `clock`.
  public init(_ clock: any Clock<Duration>) {
    sleepUntil = Self.counting(from: clock)
  }

  private static func counting(
    from clock: some Clock<Duration>
  ) -> @Sendable (Duration) async throws -> Void {
    let start = clock.now
    return { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
  }

  /// Sleeps until `offset` after the alarm was set; at once if that time has passed.
  public func sleep(untilOffset offset: Duration) async throws {
    try await sleepUntil(offset)
  }
}
