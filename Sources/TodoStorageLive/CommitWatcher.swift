import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

/// Notices commits made by other processes without polling: inotify reports writes to the
/// database's directory (the WAL and the main file); each burst of events is checked against
/// the revision counter, a one-row read, and reported only when it moved past revisions
/// that are not this process's own (``OwnCommits``).
///
/// A write event can come before the writer has published its commit in the WAL index (a
/// shared-memory write, which raises no event), so every burst is checked again 50 ms after
/// the first unchecked event and 500 ms after the last. A burst that comes while this
/// process is writing is left to those re-checks: the events are most likely its own, and
/// a read in the middle of its commit would only compete with it. While nothing happens,
/// the thread sleeps in `poll` with no timeout.
enum CommitWatcher {
  static func commits(
    databasePath: String, writer: any DatabaseWriter, ownCommits: OwnCommits
  ) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let url = URL(fileURLWithPath: databasePath)
    let directory = url.deletingLastPathComponent().path
    let name = url.lastPathComponent

    let inotify = inotify_init1(Int32(IN_CLOEXEC))
    var stopPipe: [Int32] = [-1, -1]
    guard inotify >= 0, pipe(&stopPipe) == 0 else {
      continuation.finish()
      return stream
    }
    let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
    guard inotify_add_watch(inotify, directory, mask) >= 0 else {
      close(inotify)
      continuation.finish()
      return stream
    }
    let stopRead = stopPipe[0]
    let stopWrite = stopPipe[1]
    ownCommits.startWatching()
    let initialRevision = (try? writer.read { try currentRevision($0) }) ?? 0

    let thread = Thread {
      var lastRevision = initialRevision
      var rechecks = Rechecks()
      var buffer = [UInt8](repeating: 0, count: 8192)
      var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                 pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]

      /// Reads the revision and reports it if it moved past some other process's commit.
      func check() {
        guard let revision = try? writer.read({ try currentRevision($0) }),
          revision != lastRevision
        else { return }
        let foreign = !ownCommits.areAllOwn(after: lastRevision, through: revision)
        lastRevision = revision
        if foreign { continuation.yield() }
      }

      loop: while true {
        fds[0].revents = 0
        fds[1].revents = 0
        let ready = poll(&fds, 2, rechecks.timeout(now: Rechecks.now()))  // -1 while idle
        if ready < 0 { if errno == EINTR { continue } else { break } }
        if fds[1].revents != 0 { break }
        if ready == 0 {
          rechecks.passDue(now: Rechecks.now())
          if ownCommits.isWriting { rechecks.schedule(now: Rechecks.now()) } else { check() }
          continue loop
        }
        let count = read(inotify, &buffer, buffer.count)
        if count <= 0 { continue }
        var relevant = false
        var offset = 0
        while offset + 16 <= count {
          let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8
            | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
          let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)]
          let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
          if eventName == name || eventName == name + "-wal" { relevant = true }
          offset += 16 + length
        }
        guard relevant else { continue loop }
        rechecks.schedule(now: Rechecks.now())
        if !ownCommits.isWriting { check() }
      }
      close(inotify)
      close(stopRead)
      continuation.finish()
    }
    thread.name = "quickdo.commit-watcher"
    continuation.onTermination = { _ in
      var byte: UInt8 = 1
      _ = write(stopWrite, &byte, 1)
      close(stopWrite)
    }
    thread.start()
    return stream
  }
}

/// When ``CommitWatcher`` reads the revision again after a burst of write events: 50 ms
/// after the first event not yet re-checked, and 500 ms after the last one. Deadlines are
/// absolute, so a steady stream of events cannot put a re-check off for ever.
struct Rechecks: Equatable {
  /// The deadlines, in milliseconds of the monotonic clock.
  var soon: Int64?
  var last: Int64?

  mutating func schedule(now: Int64) {
    soon = soon ?? now + 50
    last = now + 500
  }

  /// The `poll` timeout until the next deadline: -1 when none is due.
  func timeout(now: Int64) -> Int32 {
    let next: Int64
    switch (soon, last) {
    case let (soon?, last?): next = min(soon, last)
    case let (soon?, nil): next = soon
    case let (nil, last?): next = last
    case (nil, nil): return -1
    }
    return Int32(clamping: max(0, next - now))
  }

  /// Forgets the deadlines that have passed.
  mutating func passDue(now: Int64) {
    if let soon, soon <= now { self.soon = nil }
    if let last, last <= now { self.last = nil }
  }

  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }
}
