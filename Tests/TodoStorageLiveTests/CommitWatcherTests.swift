import Foundation
import Models
import Synchronization
import TodoStorageClient
import Testing

@testable import TodoStorageLive

/// The watcher reports other processes' commits and skips this process's own.
struct CommitWatcherTests {
  func todo(_ n: Int) -> Todo {
    Todo(
      id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!,
      title: "todo \(n)", createdAt: Date(timeIntervalSince1970: 1_795_338_000 + Double(n)))
  }

  /// Counts the watcher's events on a task of its own.
  final class EventCounter: Sendable {
    private let count = Mutex(0)

    func start(_ events: AsyncStream<Void>) -> Task<Void, Never> {
      Task { for await _ in events { self.count.withLock { $0 += 1 } } }
    }

    var value: Int { count.withLock { $0 } }

    /// Waits up to 5 s for at least `expected` events.
    func wait(for expected: Int) async throws {
      for _ in 0..<500 where value < expected { try await Task.sleep(for: .milliseconds(10)) }
    }
  }

  @Test func ownCommitsAreNotReportedAndAnotherConnectionsAre() async throws {
    let path = ScratchDatabase.path()
    defer { ScratchDatabase.remove(path) }
    let watched = TodoStorageClient.live(try AppDatabase.openFile(at: path))
    let other = TodoStorageClient.live(try AppDatabase.openFile(at: path, connections: .single))
    let events = EventCounter()
    let counting = events.start(watched.externalCommits())
    defer { counting.cancel() }

    try await watched.upsert([todo(1)])
    try await watched.upsert([todo(2)])
    try await watched.delete([todo(1).id])
    try await Task.sleep(for: .milliseconds(700))  // past both re-checks
    #expect(events.value == 0)

    try await other.upsert([todo(3)])
    try await events.wait(for: 1)
    #expect(events.value == 1)

    // Own and foreign commits mixed between two checks: reported.
    try await watched.upsert([todo(4)])
    try await other.delete([todo(3).id])
    try await watched.upsert([todo(5)])
    try await events.wait(for: 2)
    #expect(events.value == 2)
    #expect(try await watched.changes(0).upserted.map(\.title) == ["todo 2", "todo 4", "todo 5"])
  }

  @Test func recheckDeadlinesAreFiftyMillisecondsAfterTheFirstEventAndHalfASecondAfterTheLast() {
    var rechecks = Rechecks()
    #expect(rechecks.timeout(now: 0) == -1)
    rechecks.schedule(now: 1_000)
    rechecks.schedule(now: 1_030)  // a later event does not put the first re-check off
    #expect(rechecks.timeout(now: 1_030) == 20)
    #expect(rechecks.timeout(now: 1_060) == 0)
    rechecks.passDue(now: 1_060)
    #expect(rechecks == Rechecks(soon: nil, last: 1_530))
    #expect(rechecks.timeout(now: 1_060) == 470)
    rechecks.passDue(now: 1_530)
    #expect(rechecks.timeout(now: 1_530) == -1)
  }
}
