import ConcurrencyExtras
import Foundation
import Models
import TodoStorageClient
import Testing
@testable import TodoStorageLive

/// `list`'s outline read as it is written is ``TodoFamily/outline(_:)`` of the same todos:
/// over random families (chains, cycles, parents that are not selected, a parent pointing at
/// itself) and every filter `list` takes, whichever fields are asked for.
struct TodoOutlineTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)

  @Test func isTheOutlineOfTheLoadedTodos() async throws {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<100 {
      let storage = TodoStorageClient.live(try AppDatabase.inMemory())
      let count = Int.random(in: 1...60, using: &generator)
      let ids = (0..<count).map { _ in UUID() }
      let todos = ids.enumerated().map { index, id in
        Todo(
          id: id, title: "todo \(index)", priority: [.low, .normal, .high].randomElement(using: &generator)!,
          isComplete: Int.random(in: 0..<4, using: &generator) == 0,
          createdAt: now.addingTimeInterval(Double(index)),
          list: ["Inbox", "Home"].randomElement(using: &generator)!,
          tags: Bool.random(using: &generator) ? ["errand"] : [],
          // Mostly none; else one of them (itself, or one that forms a cycle), or one absent.
          parent: Int.random(in: 0..<3, using: &generator) == 0
            ? (Int.random(in: 0..<8, using: &generator) == 0 ? UUID() : ids.randomElement(using: &generator)) : nil)
      }
      try await storage.upsert(todos)
      for filter in [TodoFilter.pending, .completed, .all, TodoFilter(.pending, list: "Home"),
        TodoFilter(.all, tags: ["errand"])]
      {
        let outline = TodoFamily.outline(try await storage.load(filter))
        let expected = outline.map { "\($0.todo.id) \($0.depth)" }
        let read = LockIsolated<[String]>([])
        try await storage.outline(filter, Todo.fields) { todo, depth in
          read.withValue { $0.append("\(todo.id) \(depth)") }
        }
        #expect(read.value == expected, "round \(round), \(filter)")
        // Only some fields asked for: those are read, and the outline is the same.
        let some = Todo.fields.filter { ["tags", "priority"].contains($0.name) }
        let readSome = LockIsolated<[String]>([])
        try await storage.outline(filter, some) { todo, depth in
          readSome.withValue { $0.append("\(todo.id) \(depth) \(todo.tags) \(todo.priority) \(todo.title)") }
        }
        #expect(readSome.value == outline.map { "\($0.todo.id) \($0.depth) \($0.todo.tags) \($0.todo.priority) " })
        #expect(try await storage.listCount(filter) == Set(try await storage.load(filter).map(\.list)).count)
      }
    }
  }
}
