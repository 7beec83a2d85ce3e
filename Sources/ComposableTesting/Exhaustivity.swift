/// How strictly a ``TestStore`` checks: `.on` (the default) demands that every state change,
/// received action and running effect be asserted; `.off` checks only what a test asserts.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and in-flight effect must be asserted.
  case on
  /// Only what the test asserts is checked. `showSkippedAssertions` is accepted for source
  /// compatibility with TCA; skipped assertions are not listed (yet).
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without notes about skipped assertions.
  public static let off = Self.off(showSkippedAssertions: false)
}
