import Composable
import ComposableTesting
import ConcurrencyExtras
import Foundation
import Models
import TodoStorageClient
import Testing
@testable import TodosFeature

/// Every action of the todos reducer, exhaustively, with a storage that records its calls.
@MainActor
struct TodosFeatureTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)
  let saved = LockIsolated<[[Todo]]>([])
  let deleted = LockIsolated<[[Todo.ID]]>([])

  func todo(_ n: Int, complete: Bool = false) -> Todo {
    Todo(
      id: UUID(n), title: "todo \(n)", isComplete: complete, createdAt: now,
      completedAt: complete ? now : nil)
  }

  func makeStore(
    _ todos: [Todo] = [], failing: Bool = false
  ) -> TestStore<TodosFeature.State, TodosFeature.Action> {
    let saved = self.saved
    let deleted = self.deleted
    var storage = TodoStorageClient.noop
    storage.upsert = { todos in
      if failing { throw StorageError("disk full") }
      saved.withValue { $0.append(todos) }
    }
    storage.delete = { ids in deleted.withValue { $0.append(ids) } }
    return TestStore(initialState: TodosFeature.State(todos: IdentifiedArray(uniqueElements: todos))) {
      TodosFeature()
    } withDependencies: { [now] in
      $0.todoStorage = storage
      $0.uuid = .incrementing
      $0.date = .constant(now)
    }
  }

  @Test func addCreatesAndCommits() async {
    let store = makeStore()
    await store.send(.add(NewTodo(title: "  Buy milk ", priority: .high))) {
      $0.todos = [Todo(id: UUID(0), title: "Buy milk", priority: .high, createdAt: now)]
      $0.lastAddedID = UUID(0)
    }
    await store.finish()
    #expect(saved.value == [[Todo(id: UUID(0), title: "Buy milk", priority: .high, createdAt: now)]])
  }

  /// Done then undo at once: the commits reach storage in that order, though the first
  /// one takes longer, so the database ends as the state does.
  @Test func commitsReachStorageInActionOrder() async {
    let committed = LockIsolated<[Bool]>([])
    var storage = TodoStorageClient.noop
    storage.upsert = { todos in
      if todos[0].isComplete { try await Task.sleep(for: .milliseconds(50)) }
      committed.withValue { $0.append(todos[0].isComplete) }
    }
    let store = TestStore(initialState: TodosFeature.State(todos: [todo(1)])) {
      TodosFeature()
    } withDependencies: { [now] in
      $0.todoStorage = storage
      $0.date = .constant(now)
    }
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.isComplete = true
      $0.todos[id: UUID(1)]?.completedAt = now
    }
    await store.send(.markPending(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.isComplete = false
      $0.todos[id: UUID(1)]?.completedAt = nil
    }
    await store.finish()
    #expect(committed.value == [true, false])
  }

  @Test func addWithAnEmptyTitleDoesNothing() async {
    let store = makeStore()
    await store.send(.add(NewTodo(title: "   ")))
    #expect(saved.value.isEmpty)
  }

  @Test func editChangesOnlyGivenFields() async {
    let store = makeStore([todo(1)])
    await store.send(.edit(id: UUID(1), TodoEdit(title: "new", priority: .low))) {
      $0.todos[id: UUID(1)]?.title = "new"
      $0.todos[id: UUID(1)]?.priority = .low
    }
    await store.send(.edit(id: UUID(1), TodoEdit(title: "new")))  // no change, no commit
    await store.finish()
    #expect(saved.value.count == 1)
  }

  @Test func markDoneIsIdempotentAndMarkPendingUndoes() async {
    let store = makeStore([todo(1)])
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.isComplete = true
      $0.todos[id: UUID(1)]?.completedAt = now
    }
    await store.send(.markDone(id: UUID(1)))
    await store.send(.markDone(id: UUID(99)))  // gone: a no-op
    await store.send(.markPending(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.isComplete = false
      $0.todos[id: UUID(1)]?.completedAt = nil
    }
    await store.finish()
    #expect(saved.value.count == 2)
  }

  @Test func markRemindedRecordsTheDueTimeOnce() async {
    let store = makeStore([todo(1)])
    let due = now.addingTimeInterval(3600)
    await store.send(.markReminded(id: UUID(1), at: due)) {
      $0.todos[id: UUID(1)]?.reminderShownFor = due
    }
    await store.send(.markReminded(id: UUID(1), at: due))  // already recorded: no write
    await store.send(.markReminded(id: UUID(99), at: due))  // gone: a no-op
    await store.finish()
    #expect(saved.value.count == 1)
  }

  @Test func deleteAndClearCompletedCommitDeletions() async {
    let store = makeStore([todo(1), todo(2, complete: true), todo(3, complete: true)])
    await store.send(.delete(ids: [UUID(3), UUID(42)])) {
      $0.todos.remove(id: UUID(3))
    }
    await store.send(.clearCompleted) {
      $0.todos = [todo(1)]
    }
    await store.send(.clearCompleted)
    await store.finish()
    #expect(deleted.value == [[UUID(3)], [UUID(2)]])
  }

  @Test func snoozeSetsSnoozedUntilAndMarkDoneClearsIt() async {
    let store = makeStore([todo(1)])
    let later = now.addingTimeInterval(3600)
    await store.send(.snooze(id: UUID(1), until: later)) {
      $0.todos[id: UUID(1)]?.snoozedUntil = later
    }
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.snoozedUntil = nil
      $0.todos[id: UUID(1)]?.isComplete = true
      $0.todos[id: UUID(1)]?.completedAt = now
    }
    await store.send(.snooze(id: UUID(1), until: later))  // done todos are not snoozed
    await store.finish()
  }

  @Test func loadedAndExternalChangesReplaceState() async {
    let store = makeStore([todo(1)])
    await store.send(.loaded([todo(2), todo(3)])) {
      $0.todos = [todo(2), todo(3)]
    }
    var edited = todo(3)
    edited.title = "edited elsewhere"
    await store.send(.applyChanges(TodoChanges(upserted: [edited, todo(4)], deleted: [UUID(2)], revision: 7))) {
      $0.todos = [edited, todo(4)]
    }
  }

  @Test func importUpsertsInOneCommit() async {
    let store = makeStore([todo(1)])
    var renamed = todo(1)
    renamed.title = "renamed"
    await store.send(.imported([renamed, todo(2)])) {
      $0.todos = [renamed, todo(2)]
    }
    await store.finish()
    #expect(saved.value == [[renamed, todo(2)]])
  }

  @Test func aFailedCommitIsReported() async {
    let store = makeStore([todo(1)], failing: true)
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.isComplete = true
      $0.todos[id: UUID(1)]?.completedAt = now
    }
    await store.receive(.persistenceFailed("disk full")) {
      $0.persistenceError = "disk full"
    }
    await store.finish()
  }
}
