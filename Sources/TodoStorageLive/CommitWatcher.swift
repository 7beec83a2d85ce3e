import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

/// Notices commits made by other processes without polling: inotify reports writes to the
/// database's directory (the WAL and the main file); each burst of events is checked against
/// the revision counter, a one-row read, and reported only when it moved.
///
/// A write event can come before the writer has published its commit in the WAL index (a
/// shared-memory write, which raises no event), so a burst that did not move the revision
/// is checked again after 50 ms and 500 ms. While nothing happens, the thread sleeps in
/// `poll` with no timeout.
enum CommitWatcher {
  static func commits(databasePath: String, writer: any DatabaseWriter) -> AsyncStream<Void> {
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
    let initialRevision = (try? writer.read { try currentRevision($0) }) ?? 0

    let thread = Thread {
      var lastRevision = initialRevision
      var rechecks: [Int32] = []  // poll timeouts (ms) of the re-checks still due
      var buffer = [UInt8](repeating: 0, count: 8192)
      var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                 pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
      loop: while true {
        fds[0].revents = 0
        fds[1].revents = 0
        let ready = poll(&fds, 2, rechecks.first ?? -1)  // no timeout while idle
        if ready < 0 { if errno == EINTR { continue } else { break } }
        if fds[1].revents != 0 { break }
        if ready == 0 {
          rechecks.removeFirst()
          if let revision = try? writer.read({ try currentRevision($0) }), revision != lastRevision {
            lastRevision = revision
            rechecks = []
            continuation.yield()
          }
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
        guard let revision = try? writer.read({ try currentRevision($0) }) else { continue }
        if revision != lastRevision {
          lastRevision = revision
          rechecks = []
          continuation.yield()
        } else {
          rechecks = [50, 450]
        }
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
