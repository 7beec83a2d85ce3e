import ConcurrencyExtras

/// Runs in a queue: effects that must happen in the order their actions were reduced, such
/// as a reducer's writes to storage (done, then undo), while effects otherwise run as
/// independent tasks. Each run started in the queue waits for the one started before it.
extension Effect {
  /// Makes this effect's runs wait, each for the run started before it in queue `id`. The
  /// place is taken when the store starts the effect, in action order; as the first effect
  /// of a ``concatenate(_:)-swift.type.method``, the whole sequence takes it.
  @inlinable
  public func queued(id: some Hashable & Sendable) -> Self {
    if operations.isEmpty { return self }
    let id = AnyHashableSendable(id)
    return Self(
      operations: operations.map { operation in
        guard case var .run(run) = operation else { return operation }
        run.queueID = id
        return .run(run)
      })
  }

  /// Runs `next` once this effect's queued runs have finished; its other work (sends,
  /// cancellations, runs outside any queue) starts at once, beside them. For work that
  /// must follow what the action committed, but not its timers or other waits.
  @inlinable
  public func afterQueuedRuns(_ next: Self) -> Self where Action: Sendable {
    var queued: [Operation] = []
    var rest: [Operation] = []
    for operation in operations {
      if case let .run(run) = operation, run.queueID != nil {
        queued.append(operation)
      } else {
        rest.append(operation)
      }
    }
    // One after another, in the order the reducer returned them.
    let inOrder = queued.map { Self(operations: [$0]) } + [next]
    return Self(operations: rest).merge(with: .concatenate(inOrder))
  }

  /// This effect with its runs in queue `id` taken out of it.
  @usableFromInline
  func unqueued(from id: AnyHashableSendable) -> Self {
    Self(
      operations: operations.map { operation in
        guard case var .run(run) = operation, run.queueID == id else { return operation }
        run.queueID = nil
        return .run(run)
      })
  }
}
