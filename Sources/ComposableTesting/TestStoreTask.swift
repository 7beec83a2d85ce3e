import Composable
import ConcurrencyExtras
import IssueReporting

/// The effects started by one ``TestStore/send(_:assert:fileID:file:line:column:)``: cancel
/// them, or wait for them to finish (failing the test when they do not in time).
public struct TestStoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?
  let isDone: LockIsolated<Bool>
  let timeout: Duration

  init(tasks: [Task<Void, Never>], timeout: Duration) {
    let isDone = LockIsolated(tasks.isEmpty)
    self.isDone = isDone
    self.timeout = timeout
    self.rawValue =
      tasks.isEmpty
      ? nil
      : Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
        isDone.setValue(true)
      }
  }

  /// Cancels the effects and waits until they have stopped.
  public func cancel() async {
    rawValue?.cancel()
    await rawValue?.value
  }

  /// Waits for the effects to finish; fails the test if they take longer than `timeout`.
  @MainActor
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let finished = await waitUntil(timeout: timeout) { isDone.value }
    // Let the store's bookkeeping of those effects (main-actor tasks) catch up.
    await Task.megaYield()
    if !finished {
      reportIssue(
        "Expected task to finish, but it is still in-flight after \(timeout).",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool { rawValue?.isCancelled ?? false }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// Polls `condition` on the main actor until it holds or `timeout` has passed, yielding
/// first (effects on the test clock resume within a few yields) and then sleeping briefly.
@MainActor
func waitUntil(timeout: Duration, _ condition: @MainActor () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var spins = 0
  while true {
    if condition() { return true }
    if clock.now >= deadline { return false }
    spins += 1
    if spins < 50 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(500))
    }
  }
}
