import Synchronization

/// The revisions this process committed, so ``CommitWatcher`` can tell other processes'
/// commits from its own. Without it the agent, after every press, read the revision in the
/// middle of its own commit (woken by its own WAL write), again 50 ms later, and then read
/// its own commit back and applied it to the store a second time.
///
/// Revisions are recorded only while a watcher runs (the CLI has none), and forgotten once
/// the watcher has seen the revision counter pass them.
final class OwnCommits: Sendable {
  private struct State {
    var isWatched = false
    var writesInProgress = 0
    var revisions: Set<Int64> = []
  }

  private let state = Mutex(State())

  /// Runs a write transaction that returns the revision it committed, recording it as ours.
  /// Until it returns, ``isWriting`` is true: the watcher leaves the events it causes to
  /// its re-checks instead of reading mid-commit.
  func write(_ transaction: () throws -> Int64) rethrows {
    state.withLock { $0.writesInProgress += 1 }
    var committed: Int64?
    defer {
      state.withLock {
        if let committed, $0.isWatched { $0.revisions.insert(committed) }
        $0.writesInProgress -= 1
      }
    }
    committed = try transaction()
  }

  /// Whether one of this process's writes is under way.
  var isWriting: Bool { state.withLock { $0.writesInProgress > 0 } }

  /// Called by the watcher when it starts: from then on commits are recorded.
  func startWatching() { state.withLock { $0.isWatched = true } }

  /// Whether every revision after `old` up to `new` was committed by this process. The
  /// revisions up to `new` are forgotten: the watcher never asks about them again.
  func areAllOwn(after old: Int64, through new: Int64) -> Bool {
    state.withLock { state in
      let allOwn =
        new > old && new - old <= Int64(state.revisions.count)
        && (old + 1...new).allSatisfy { state.revisions.contains($0) }
      state.revisions = state.revisions.filter { $0 > new }
      return allOwn
    }
  }
}
