import ConcurrencyExtras
import Testing

/// Runs each test of a suite on the main serial executor (`withMainSerialExecutor`), for the
/// suites that advance a `TestClock` by hand. On the global executor an effect's task may
/// not have reached its `sleep` when the test advances the clock, and on a busy machine it
/// sometimes has not: the advance passes the moment and the test fails. On one serial
/// executor the effect runs as far as its `sleep` before the test goes on.
public struct MainSerialExecutorTrait: SuiteTrait, TestTrait, TestScoping {
  /// Each test of the suite gets its own scope.
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withMainSerialExecutor { try await function() }
  }
}

extension Trait where Self == MainSerialExecutorTrait {
  /// `@Suite(.mainSerialExecutor)`: see ``MainSerialExecutorTrait``.
  public static var mainSerialExecutor: Self { Self() }
}
