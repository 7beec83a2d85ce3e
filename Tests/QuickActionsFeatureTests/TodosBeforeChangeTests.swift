import Composable
import Foundation
import Models
@testable import QuickActionsFeature
import Testing

/// What `quickActionable()` reads before the base reducer runs: the old values the index
/// needs, and the new value found by the old position when the todo is still there.
struct TodosBeforeChangeTests {
  let todos: IdentifiedArrayOf<Todo> = IdentifiedArray(uniqueElements: (0..<4).map {
    Todo(id: UUID($0), title: "\($0)", createdAt: Date(timeIntervalSince1970: Double($0)))
  })

  @Test func oneTodoIsReadWithItsPosition() {
    guard case let .one(id, old) = TodosBeforeChange(.todo(UUID(2)), in: todos) else {
      Issue.record("expected .one")
      return
    }
    #expect(id == UUID(2) && old?.position == 2 && old?.todo == todos[id: UUID(2)])
    guard case .one(_, nil) = TodosBeforeChange(.todo(UUID(9)), in: todos) else {
      Issue.record("a todo that is not there has no old value")
      return
    }
  }

  @Test func severalTodosAreReadOnceEach() {
    guard case let .several(olds) = TodosBeforeChange(.todos([UUID(1), UUID(9), UUID(1)]), in: todos)
    else {
      Issue.record("expected .several")
      return
    }
    #expect(olds.count == 2)
    #expect(olds[UUID(1)] == .some(todos[id: UUID(1)]))
    #expect(olds.keys.contains(UUID(9)) && olds[UUID(9)]! == nil)
  }

  @Test func theNewValueIsFoundWhereverTheTodoIsNow() {
    var moved = todos
    moved.move(fromOffsets: [0], toOffset: 4)  // UUID(0) now last, UUID(1) at 0
    #expect(TodosBeforeChange.todo(UUID(1), near: 1, in: todos) == todos[id: UUID(1)])
    #expect(TodosBeforeChange.todo(UUID(0), near: 0, in: moved) == moved[id: UUID(0)])
    var removed = todos
    removed.remove(id: UUID(3))
    #expect(TodosBeforeChange.todo(UUID(3), near: 3, in: removed) == nil)
    #expect(TodosBeforeChange.todo(UUID(2), near: nil, in: removed) == removed[id: UUID(2)])
  }
}
