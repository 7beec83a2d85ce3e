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
}
