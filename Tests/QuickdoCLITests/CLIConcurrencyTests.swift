import Foundation
import Models
import TodoStorageClient
import TodoStorageLive
import Testing

/// Several processes at once against one database file.
struct CLIConcurrencyTests {
  @Test func fourProcessesTimesAHundredAddsLoseNothing() async throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    _ = try q.run("list")  // create the database before the writers race
    let failures = try await withThrowingTaskGroup(of: [String].self) { group in
      for worker in 0..<4 {
        group.addTask {
          var failures: [String] = []
          for n in 0..<100 {
            let result = try q.run("add", "w\(worker)-\(n)")
            if result.status != 0 || result.stdout.count != 37 {
              failures.append("w\(worker)-\(n): exit \(result.status) \(result.stderr)")
            }
          }
          return failures
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    let titles = try q.listJSON().compactMap { $0["title"] as? String }
    #expect(titles.count == 400)
    #expect(Set(titles).count == 400)
  }

  @Test func anotherProcessesCommitIsNoticed() async throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    _ = try q.run("list")
    let storage = TodoStorageClient.live(try AppDatabase.openFile(at: q.database))
    let commits = storage.externalCommits()
    let added = try q.run("add", "from another process")
    #expect(added.status == 0)
    var iterator = commits.makeAsyncIterator()
    let event: Void? = await iterator.next()
    #expect(event != nil)
    let changes = try await storage.changes(0)
    #expect(changes.upserted.map(\.title) == ["from another process"])
  }
}
