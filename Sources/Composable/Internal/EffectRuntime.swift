import ConcurrencyExtras
import Dependencies
import Foundation

/// Starts effects as tasks and keeps track of those that can be cancelled by id.
/// One per store; shared by ``Store`` and the test store so both run effects the same way.
@MainActor
package final class EffectRuntime {
  private var cancellable: [AnyHashableSendable: [Int: Task<Void, Never>]] = [:]
  private var running: [Int: Task<Void, Never>] = [:]
  /// Each queue's last run, which the next run started in it waits for.
  private var queueTails: [AnyHashableSendable: (token: Int, task: Task<Void, Never>)] = [:]
  private var nextToken = 0

  package init() {}

  /// The number of effect tasks still running.
  package var runningCount: Int { running.count }

  /// A run operation started as a task, with the token `startTracked`'s `onFinish` names.
  package struct StartedEffect: Sendable {
    package let token: Int
    package let task: Task<Void, Never>
  }

  /// Starts `effect`: its sends are delivered through `send` at once, its cancellations
  /// happen at once, and each run operation becomes a task, which is returned.
  package func start<Action>(_ effect: Effect<Action>, send: Send<Action>) -> [Task<Void, Never>] {
    startTracked(effect, send: send, onFinish: nil).map(\.task)
  }

  /// ``start(_:send:)``, with `onFinish` called from inside each task as soon as its
  /// operation has returned (before any hop back to the main actor), for exact bookkeeping.
  package func startTracked<Action>(
    _ effect: Effect<Action>, send: Send<Action>, onFinish: (@Sendable (Int) -> Void)?
  ) -> [StartedEffect] {
    if effect.operations.isEmpty { return [] }
    var tasks: [StartedEffect] = []
    let dependencies = DependencyValues._current
    for operation in effect.operations {
      switch operation {
      case let .send(action):
        send(action)
      case let .cancel(id):
        cancel(id: id)
      case let .run(run):
        let token = nextToken
        nextToken += 1
        let body = run.body
        let previous = run.queueID.flatMap { queueTails[$0]?.task }
        let task = Task(priority: run.priority) { [weak self] in
          await previous?.value
          await withDependencies {
            $0 = dependencies
          } operation: {
            await body(send)
          }
          onFinish?(token)
          self?.finished(token: token, cancelIDs: run.cancelIDs, queueID: run.queueID)
        }
        running[token] = task
        if let queueID = run.queueID { queueTails[queueID] = (token, task) }
        for id in run.cancelIDs { cancellable[id, default: [:]][token] = task }
        tasks.append(StartedEffect(token: token, task: task))
      }
    }
    return tasks
  }

  /// Cancels every in-flight effect marked cancellable by `id`.
  package func cancel(id: AnyHashableSendable) {
    guard let tasks = cancellable.removeValue(forKey: id) else { return }
    for task in tasks.values { task.cancel() }
  }

  /// Cancels every effect this runtime started.
  package func cancelAll() {
    for task in running.values { task.cancel() }
    running.removeAll()
    cancellable.removeAll()
    queueTails.removeAll()
  }

  private func finished(token: Int, cancelIDs: [AnyHashableSendable], queueID: AnyHashableSendable?) {
    running[token] = nil
    if let queueID, queueTails[queueID]?.token == token { queueTails[queueID] = nil }
    for id in cancelIDs {
      cancellable[id]?[token] = nil
      if cancellable[id]?.isEmpty == true { cancellable[id] = nil }
    }
  }
}
