/// Combining effects: run them side by side (merge), one after another (concatenate), or
/// turn their actions into another action type (map).
extension Effect {
  /// Runs the effects side by side.
  @inlinable
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs the effects side by side.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    Self(operations: effects.flatMap(\.operations))
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
            Effect<T>.Run(priority: run.priority, cancelIDs: run.cancelIDs) { send in
              await body(send.map(transform))
            })
        }
      })
  }
}

extension Effect where Action: Sendable {
  /// Runs the effects one after another: each starts when the one before has finished.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs the effects one after another: each starts when the one before has finished.
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    let effects = effects.filter { !$0.isNone }
    if effects.count <= 1 { return effects.first ?? .none }
    return Self(operations: [
      .run(
        Run(priority: nil, cancelIDs: []) { send in
          for effect in effects {
            if Task.isCancelled { return }
            // A lone run operation with no cancel id runs right here, on this task: the
            // same outcome as starting it and awaiting it, one thread hop cheaper.
            if effect.operations.count == 1, case let .run(run) = effect.operations[0],
              run.cancelIDs.isEmpty, run.priority == nil
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
    ])
  }

  /// Runs this effect, then `other`.
  public func concatenate(with other: Self) -> Self { .concatenate(self, other) }
}
