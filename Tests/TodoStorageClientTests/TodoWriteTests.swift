import ConcurrencyExtras
import Foundation
import Models
import Testing
import TodoStorageClient

/// `commit(_:)` hands each write to its closure and passes its failure on.
struct TodoWriteTests {
  struct Refused: Error {}

  func client(log: LockIsolated<[String]>) -> TodoStorageClient {
    var client = TodoStorageClient.noop
    client.upsert = { todos in
      if todos.first?.title == "fail" { throw Refused() }
      log.withValue { $0.append("upsert \(todos.map(\.title))") }
    }
    client.delete = { ids in log.withValue { $0.append("delete \(ids.count)") } }
    return client
  }

  @Test func eachWriteGoesToItsClosure() async throws {
    let log = LockIsolated<[String]>([])
    let storage = client(log: log)
    try await storage.commit(.upsert([Todo(id: UUID(), title: "a", createdAt: Date())]))
    try await storage.commit(.delete([UUID(), UUID()]))
    #expect(log.value == ["upsert [\"a\"]", "delete 2"])
  }

  @Test func aFailedWriteThrowsItsError() async throws {
    let log = LockIsolated<[String]>([])
    let storage = client(log: log)
    await #expect(throws: Refused.self) {
      try await storage.commit(.upsert([Todo(id: UUID(), title: "fail", createdAt: Date())]))
    }
    #expect(log.value.isEmpty)
  }
}
