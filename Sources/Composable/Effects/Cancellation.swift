import ConcurrencyExtras

/// Cancellation by id, as in TCA: mark an effect ``cancellable(id:cancelInFlight:)`` and
/// cancel it later with ``cancel(id:)``. Debounce is an ``Alarm`` plus `cancelInFlight`.
extension Effect {
  /// Makes this effect cancellable by `id`. With `cancelInFlight`, effects already running
  /// under `id` are cancelled before this one starts.
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if operations.isEmpty { return self }
    let id = AnyHashableSendable(id)
    var tagged: [Operation] = cancelInFlight ? [.cancel(id)] : []
    for operation in operations {
      switch operation {
      case var .run(run):
        run.cancelIDs.append(id)
        tagged.append(.run(run))
      case .send, .cancel:
        tagged.append(operation)
      }
    }
    return Self(operations: tagged)
  }

  /// An effect that cancels the in-flight effects marked cancellable by `id`.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operations: [.cancel(AnyHashableSendable(id))])
  }
}
