/// Combining effects: run them side by side (merge), one after another (concatenate), or
/// turn their actions into another action type (map).
extension Effect {
  /// Runs the effects side by side.
  @inlinable
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs the effects side by side.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    // A closure, not `\.operations`: a key path in this generic context is instantiated
    // on every call.
    Self(operations: effects.flatMap { $0.operations })
  }

  /// Runs this effect and `other` side by side.
  @inlinable
  public func merge(with other: Self) -> Self {
    if other.operations.isEmpty { return self }
    if operations.isEmpty { return other }
    return Self(operations: operations + other.operations)
  }

  /// Turns the actions this effect sends into another action type.
  @inlinable
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    if operations.isEmpty { return .none }
    return Effect<T>(
      operations: operations.map { operation in
        switch operation {
        case let .send(action):
          return .send(transform(action))
        case let .cancel(id):
          return .cancel(id)
        case let .run(run):
          let body = run.body
          return .run(
            Effect<T>.Run(priority: run.priority, cancelIDs: run.cancelIDs, queueID: run.queueID) { send in
              await body(send.map(transform))
            })
        }
      })
  }
}

extension Effect where Action: Sendable {
  /// Runs the effects one after another: each starts when the one before has finished.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs the effects one after another: each starts when the one before has finished.
  ///
  /// Actions the first effect sends at once (`.send`) are sent when the sequence starts,
  /// as the store starts it, instead of from the sequence's task: sending from there is a
  /// round trip to the main actor before the next effect can start (on the agent's press
  /// path: commit, hop, hop, close). Only when none of the first effect's runs can be
  /// cancelled: a sent action's reducer could cancel them, and would now run before they
  /// start.
  ///
  /// Inlinable, so it is specialized for the caller's action type: generic, each call looks
  /// its types up in the runtime's metadata (the agent concatenates on most actions).
  @inlinable
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    var effects = effects.filter { !$0.isNone }
    var sentAtStart: [Operation] = []
    if let first = effects.first {
      var runs: [Operation] = []
      var hoistable = true
      for operation in first.operations {
        switch operation {
        case .send:
          sentAtStart.append(operation)
        case let .run(run) where run.cancelIDs.isEmpty:
          runs.append(operation)
        case .run, .cancel:
          hoistable = false
        }
      }
      if hoistable, !sentAtStart.isEmpty {
        effects[0] = Self(operations: runs)
        effects = effects.filter { !$0.isNone }
      } else {
        sentAtStart = []
      }
    }
    if effects.count <= 1 {
      return Self(operations: sentAtStart + (effects.first?.operations ?? []))
    }
    return Self(operations: sentAtStart + [sequentially(effects)])
  }

  /// One operation that runs `effects` one after another, on one task. When the first
  /// effect runs in a queue (``queued(id:)``), the whole sequence takes its place there, so
  /// it keeps its order with the queue's other runs.
  @usableFromInline
  static func sequentially(_ effects: [Self]) -> Operation {
    let queueID = effects[0].operations.lazy.compactMap { operation in
      if case let .run(run) = operation { run.queueID } else { nil }
    }.first
    // The sequence holds the place, so its runs in that queue must not wait for it.
    let steps = queueID.map { id in effects.map { $0.unqueued(from: id) } } ?? effects
    return .run(
      Run(priority: nil, cancelIDs: [], queueID: queueID) { send in
        for effect in steps {
          if Task.isCancelled { return }
          // A lone run operation with no cancel id runs right here, on this task: the
          // same outcome as starting it and awaiting it, one thread hop cheaper.
          if effect.operations.count == 1, case let .run(run) = effect.operations[0],
            run.cancelIDs.isEmpty, run.priority == nil, run.queueID == nil
          {
            await run.body(send)
            continue
          }
          let tasks = await send.runtime.start(effect, send: send)
          await withTaskCancellationHandler {
            for task in tasks { await task.value }
          } onCancel: {
            for task in tasks { task.cancel() }
          }
        }
      })
  }

  /// Runs this effect, then `other`.
  @inlinable
  public func concatenate(with other: Self) -> Self { .concatenate(self, other) }
}
