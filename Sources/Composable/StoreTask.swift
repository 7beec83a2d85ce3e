/// The effects started by one ``Store/send(_:)``: await them with ``finish()`` or stop them
/// with ``cancel()``. The same shape as TCA's `StoreTask`.
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let rawValue: Task<Void, Never>?

  @usableFromInline
  init(tasks: [Task<Void, Never>]) {
    if tasks.isEmpty {
      self.rawValue = nil
    } else if tasks.count == 1 {
      self.rawValue = tasks[0]
    } else {
      self.rawValue = Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      }
    }
  }

  /// Cancels the effects.
  public func cancel() { rawValue?.cancel() }

  /// Waits until the effects have finished.
  public func finish() async { await rawValue?.value }

  /// Whether the effects were cancelled (false when there were none).
  public var isCancelled: Bool { rawValue?.isCancelled ?? false }
}
