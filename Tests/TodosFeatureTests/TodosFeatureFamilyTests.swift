import Composable
import ComposableTesting
import ConcurrencyExtras
import Foundation
import Models
import TodoStorageClient
import Testing
@testable import TodosFeature

/// Lists, tags and subtasks through the reducer: a subtask joins its parent's list, Done on
/// a parent completes its open subtasks (as tasks.org does), an undo opens them and the
/// parents again, and a move takes the subtasks along.
@MainActor
struct TodosFeatureFamilyTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)
  let saved = LockIsolated<[[Todo]]>([])

  func makeStore(_ todos: [Todo]) -> TestStore<TodosFeature.State, TodosFeature.Action> {
    let saved = self.saved
    var storage = TodoStorageClient.noop
    storage.upsert = { todos in saved.withValue { $0.append(todos) } }
    return TestStore(initialState: TodosFeature.State(todos: IdentifiedArray(uniqueElements: todos))) {
      TodosFeature()
    } withDependencies: { [now] in
      $0.todoStorage = storage
      $0.uuid = .incrementing
      $0.date = .constant(now)
    }
  }

  /// Groceries (1) with Buy milk (2, which has its own subtask 4) and Buy bread (3, done).
  var family: [Todo] {
    [
      Todo(id: UUID(1), title: "Groceries", createdAt: now, list: "Home", tags: ["errand"]),
      Todo(id: UUID(2), title: "Buy milk", createdAt: now, list: "Home", parent: UUID(1)),
      Todo(id: UUID(3), title: "Buy bread", isComplete: true, createdAt: now, completedAt: now, list: "Home", parent: UUID(1)),
      Todo(id: UUID(4), title: "Full-fat", createdAt: now, list: "Home", parent: UUID(2)),
    ]
  }

  @Test func aSubtaskIsAddedToItsParentsList() async {
    let store = makeStore(family)
    await store.send(.add(NewTodo(title: "Buy eggs", list: "Work", tags: ["dairy"], parent: UUID(1)))) {
      $0.todos.append(Todo(id: UUID(0), title: "Buy eggs", createdAt: now, list: "Home", tags: ["dairy"], parent: UUID(1)))
      $0.lastAddedID = UUID(0)
    }
    await store.finish()
  }

  @Test func doneOnAParentCompletesItsOpenSubtasksAndUndoOpensThemAgain() async {
    let store = makeStore(family)
    await store.send(.markDone(id: UUID(1))) {
      for id in [UUID(1), UUID(2), UUID(4)] {
        $0.todos[id: id]!.isComplete = true
        $0.todos[id: id]!.completedAt = now
      }
    }
    await store.finish()
    #expect(saved.value.last?.map(\.id) == [UUID(1), UUID(2), UUID(4)], "one commit; the done one left as it was")
    // Undo opens the parent and every done subtask, as tasks.org's uncomplete does.
    await store.send(.markPending(id: UUID(1))) {
      for id in [UUID(1), UUID(2), UUID(3), UUID(4)] {
        $0.todos[id: id]!.isComplete = false
        $0.todos[id: id]!.completedAt = nil
      }
    }
    await store.finish()
  }

  @Test func undoOnASubtaskOpensItsDoneParents() async {
    var todos = family
    for index in todos.indices {
      todos[index].isComplete = true
      todos[index].completedAt = now
    }
    let store = makeStore(todos)
    await store.send(.markPending(id: UUID(4))) {
      for id in [UUID(4), UUID(2), UUID(1)] {
        $0.todos[id: id]!.isComplete = false
        $0.todos[id: id]!.completedAt = nil
      }
    }
    await store.finish()
  }

  @Test func aMoveTakesTheSubtasksAlongAndASubtaskMovedAloneLeavesItsParent() async {
    let store = makeStore(family)
    await store.send(.edit(id: UUID(1), TodoEdit(list: "Shopping", addTags: ["weekly", "errand"], removeTags: []))) {
      for id in [UUID(1), UUID(2), UUID(3), UUID(4)] { $0.todos[id: id]!.list = "Shopping" }
      $0.todos[id: UUID(1)]!.tags = ["errand", "weekly"]
    }
    await store.send(.edit(id: UUID(4), TodoEdit(list: "Work", removeTags: ["none"]))) {
      $0.todos[id: UUID(4)]!.list = "Work"
      $0.todos[id: UUID(4)]!.parent = nil
    }
    await store.send(.edit(id: UUID(4), TodoEdit(parent: UUID(3)))) {
      $0.todos[id: UUID(4)]!.list = "Shopping"
      $0.todos[id: UUID(4)]!.parent = UUID(3)
    }
    await store.send(.edit(id: UUID(1), TodoEdit(removeTags: ["errand"]))) {
      $0.todos[id: UUID(1)]!.tags = ["weekly"]
    }
    await store.finish()
  }

  /// Parents from a server may loop: Done on one of a cycle completes each todo once.
  @Test func doneInACycleOfParentsEnds() async {
    let store = makeStore([
      Todo(id: UUID(1), title: "a", createdAt: now, parent: UUID(2)),
      Todo(id: UUID(2), title: "b", createdAt: now, parent: UUID(1)),
    ])
    await store.send(.markDone(id: UUID(1))) {
      for id in [UUID(1), UUID(2)] {
        $0.todos[id: id]!.isComplete = true
        $0.todos[id: id]!.completedAt = now
      }
    }
    await store.finish()
  }

  /// The state keeps who is whose subtask as todos are added, moved and removed, as a
  /// family taken afresh from its todos has it, and logs each change with the value before.
  @Test func theStateKeepsItsFamilyAndLogsWhatChanged() {
    func todo(_ n: Int, parent: Int? = nil) -> Todo {
      Todo(id: UUID(n), title: "\(n)", createdAt: now, parent: parent.map { UUID($0) })
    }
    var state = TodosFeature.State(todos: [todo(1), todo(2, parent: 1), todo(3, parent: 2)])
    state.changeLog = TodoChangeLog(isWhole: false)
    state.update(todo(4, parent: 3))
    state.update(todo(2))
    state.update(todo(2, parent: 4))
    state.remove(UUID(3))
    state.removeAll { $0.id == UUID(4) }
    state.update(todo(5, parent: 1))
    let afresh = TodoFamily(state.todos)
    for n in 1...5 {
      #expect(state.family.descendants(of: UUID(n)) == afresh.descendants(of: UUID(n)), "below \(n)")
      #expect(state.family.ancestors(of: UUID(n)) == afresh.ancestors(of: UUID(n)), "above \(n)")
    }
    #expect(state.changeLog.before[UUID(2)] == .some(todo(2, parent: 1)), "the first value before stands")
    #expect(state.changeLog.before[UUID(4)] == .some(nil), "one added was not there before")
    #expect(Set(state.changeLog.before.keys) == Set([2, 3, 4, 5].map { UUID($0) }))
    state.todos = []
    #expect(state.changeLog.isWhole && state.changeLog.before.isEmpty, "set as a whole, any may have changed")
  }
}
