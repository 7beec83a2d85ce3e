import ConcurrencyExtras
import Foundation
import Models
import Testing
import TodoStorageClient

/// Writes requested through `TodoStorageClient.write` reach storage in request order,
/// whatever order their tickets are awaited in, and failures reach the right ticket.
struct WriteChainTests {
  func client(log: LockIsolated<[String]>) -> TodoStorageClient {
    var client = TodoStorageClient.noop
    client.upsert = { todos in
      try await Task.sleep(for: .microseconds(Int.random(in: 0...300)))
      if todos.first?.title == "fail" { throw CancellationError() }
      log.withValue { $0.append(todos[0].title) }
    }
    client.delete = { ids in log.withValue { $0.append("delete \(ids.count)") } }
    return client
  }

  @Test func writesCommitInRequestOrder() async throws {
    let log = LockIsolated<[String]>([])
    let storage = client(log: log)
    let tickets = (0..<50).map { i in
      i % 10 == 9
        ? storage.write(.delete([UUID()]))
        : storage.write(.upsert([Todo(id: UUID(), title: "\(i)", createdAt: Date())]))
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for ticket in tickets.reversed() { group.addTask { try await ticket.value } }
      try await group.waitForAll()
    }
    #expect(log.value == (0..<50).map { $0 % 10 == 9 ? "delete 1" : "\($0)" })
  }

  @Test func aFailedWriteFailsItsTicketOnly() async throws {
    let log = LockIsolated<[String]>([])
    let storage = client(log: log)
    let failing = storage.write(.upsert([Todo(id: UUID(), title: "fail", createdAt: Date())]))
    let next = storage.write(.upsert([Todo(id: UUID(), title: "next", createdAt: Date())]))
    await #expect(throws: CancellationError.self) { try await failing.value }
    try await next.value
    #expect(log.value == ["next"])
  }
}
