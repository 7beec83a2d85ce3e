import Composable
import Dependencies
import Foundation

/// The current time as `quickActionable()`'s upkeep reads it: from the date dependency at
/// most once an action, and only when something asks (most actions need it, some do not).
/// A value passed `inout`, not a closure over a captured variable: the closure's thunks
/// and the run-time exclusivity checks on the captured variable cost as much as the
/// dependency read itself (~400 instructions a `markDone`, callgrind, quickdo-bench).
public struct ActionTime {
  @usableFromInline let date: ReducerDependency<DateGenerator>
  @usableFromInline var read: Date?

  @inlinable
  init(_ date: ReducerDependency<DateGenerator>) {
    self.date = date
  }

  /// The time: read on the first call, the same on the next ones.
  @inlinable
  public mutating func callAsFunction() -> Date {
    if let read { return read }
    let time = date.wrappedValue.now
    read = time
    return time
  }
}
