import Foundation
import Models
import Synchronization

/// A write to commit.
public enum TodoWrite: Equatable, Sendable {
  case upsert([Todo])
  case delete([Todo.ID])
}

/// Runs writes one after another in the order they were requested.
///
/// Effects run as independent tasks, so two commits returned by consecutive actions
/// (mark done, then undo) could reach the database in either order. The reducer therefore
/// requests its writes synchronously, in action order, through ``TodoStorageClient/write(_:)``,
/// and its effect awaits the commit.
///
/// Requesting a write only appends it to a queue under a lock (the agent does it for every
/// change; see the quickactions bench). The first task to await a ticket while nobody is
/// draining drains the queue itself, so a commit costs no extra thread hop (press-to-close
/// latency): the work starts from the effect, never from the reducer. Writes run in order
/// whichever task drains; the live writes do not check cancellation, so a cancelled
/// effect does not abort a write queued by another.
public final class WriteChain: Sendable {
  private struct Queue {
    /// Each ticket carries its write (one allocation a write, not a ticket and a closure).
    var pending: [WriteTicket] = []
    var isDraining = false
  }

  private let queue = Mutex(Queue())

  /// The client's closures a write is committed with.
  typealias Upsert = @Sendable ([Todo]) async throws -> Void
  typealias Delete = @Sendable ([Todo.ID]) async throws -> Void

  public init() {}

  func enqueue(
    _ write: TodoWrite, upsert: @escaping Upsert, delete: @escaping Delete
  ) -> WriteTicket {
    let ticket = WriteTicket(chain: self, write: write, upsert: upsert, delete: delete)
    queue.withLock { $0.pending.append(ticket) }
    return ticket
  }

  /// Drains the queue on the calling task unless another task is draining it (or there is
  /// nothing to do); returns when the queue is empty or when it was not this task's to drain.
  func drainIfIdle() async {
    let start = queue.withLock { queue in
      guard !queue.isDraining, !queue.pending.isEmpty else { return false }
      queue.isDraining = true
      return true
    }
    if start { await drain() }
  }

  private func drain() async {
    while true {
      let batch = queue.withLock { queue in
        let batch = queue.pending
        queue.pending.removeAll(keepingCapacity: true)
        if batch.isEmpty { queue.isDraining = false }
        return batch
      }
      if batch.isEmpty { return }
      for ticket in batch {
        do {
          try await ticket.perform()
          ticket.complete(.success(()))
        } catch {
          ticket.complete(.failure(error))
        }
      }
    }
  }
}

/// The outcome of one requested write: awaiting ``value`` runs the writes queued so far
/// (unless another task is running them) and returns once this one is committed, or
/// throws its error. The ticket carries the write itself (and the client's closures that
/// commit it), so requesting a write is one allocation; the chain queues tickets.
public final class WriteTicket: Sendable {
  private enum State {
    case waiting([CheckedContinuation<Void, any Error>])
    case done(Result<Void, any Error>)
  }

  private let chain: WriteChain
  private let state = Mutex(State.waiting([]))
  private let write: TodoWrite
  private let upsert: WriteChain.Upsert
  private let delete: WriteChain.Delete

  init(
    chain: WriteChain, write: TodoWrite, upsert: @escaping WriteChain.Upsert,
    delete: @escaping WriteChain.Delete
  ) {
    self.chain = chain
    self.write = write
    self.upsert = upsert
    self.delete = delete
  }

  /// Commits the write (the chain calls it, in request order).
  fileprivate func perform() async throws {
    switch write {
    case let .upsert(todos): try await upsert(todos)
    case let .delete(ids): try await delete(ids)
    }
  }

  /// Returns when the write is committed; throws its error if it failed.
  public var value: Void {
    get async throws {
      await chain.drainIfIdle()
      try await withCheckedThrowingContinuation { continuation in
        let result: Result<Void, any Error>? = state.withLock { state in
          switch state {
          case var .waiting(continuations):
            continuations.append(continuation)
            state = .waiting(continuations)
            return nil
          case let .done(result):
            return result
          }
        }
        if let result { continuation.resume(with: result) }
      }
    }
  }

  func complete(_ result: Result<Void, any Error>) {
    let waiting = state.withLock { state in
      defer { state = .done(result) }
      if case let .waiting(continuations) = state { return continuations }
      return []
    }
    for continuation in waiting { continuation.resume(with: result) }
  }
}

extension TodoStorageClient {
  /// Queues `write` after every write requested before it (through this client); awaiting
  /// the ticket's `value` runs the queue and returns when it is committed. Call it
  /// synchronously from a reducer, and await the ticket in the effect it returns.
  public func write(_ write: TodoWrite) -> WriteTicket {
    writeChain.enqueue(write, upsert: upsert, delete: delete)
  }
}
