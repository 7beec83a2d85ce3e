import CDispatchMainQueue
import Glibc

/// The process's main thread, kept as the main actor's own thread.
///
/// An `async main` hands the main queue to Dispatch's thread pool (`dispatch_main`), where a
/// main-actor job may run on any pool thread and often has to wake one first. A button press
/// crosses the main actor on its way from the notification to the commit, and those wake-ups
/// are time the person pressing waits for (the press budget, `scripts/bench-agent.py`).
/// Here the main thread waits on the main queue's handle and runs its jobs itself, as
/// Foundation's RunLoop does.
public enum MainThread {
  /// Runs `body` on the main actor, and the main actor's jobs on this thread, until `body`
  /// returns; then exits with status 0 (as returning from `main` would). Call from `main`.
  public static func run(_ body: @escaping @MainActor @Sendable () async -> Void) -> Never {
    let handle = _dispatch_get_main_queue_handle_4CF()
    Task { @MainActor in
      await body()
      exit(0)
    }
    var waiting = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
    while true {
      guard poll(&waiting, 1, -1) > 0 else { continue }  // interrupted by a signal
      // An eventfd: reading clears it, so a job queued while the queue runs wakes the next poll.
      var count: UInt64 = 0
      _ = read(handle, &count, MemoryLayout<UInt64>.size)
      _dispatch_main_queue_callback_4CF(nil)
    }
  }
}
