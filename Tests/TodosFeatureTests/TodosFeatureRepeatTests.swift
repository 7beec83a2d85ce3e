import Composable
import ComposableTesting
import ConcurrencyExtras
import Foundation
import Models
import TodoStorageClient
import Testing
@testable import TodosFeature

/// The todos reducer on repeating todos: a new one starts at its rule's first time, Done
/// moves it (skipping what was missed) and commits that, Undo puts the occurrence back.
@MainActor
struct TodosFeatureRepeatTests {
  let zone = TimeZone(identifier: "America/New_York")!
  let saved = LockIsolated<[[Todo]]>([])

  func at(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int = 0) -> Date {
    LocalDateTime(y, m, d, h, min).date(in: zone)
  }

  func makeStore(_ todos: [Todo] = [], now: Date) -> TestStore<TodosFeature.State, TodosFeature.Action> {
    let saved = self.saved
    var storage = TodoStorageClient.noop
    storage.upsert = { todos in saved.withValue { $0.append(todos) } }
    return TestStore(initialState: TodosFeature.State(todos: IdentifiedArray(uniqueElements: todos))) {
      TodosFeature()
    } withDependencies: { [zone] in
      $0.todoStorage = storage
      $0.uuid = .incrementing
      $0.date = .constant(now)
      $0.timeZone = zone
    }
  }

  func pills(due: Date) -> Todo {
    Todo(id: UUID(1), title: "Take pills", createdAt: at(2026, 11, 1, 8), due: due, repeatRule: RepeatRule(.daily))
  }

  @Test func aNewRepeatingTodoStartsAtItsRulesFirstTime() async {
    let store = makeStore(now: at(2026, 11, 26, 12))
    let monday = RepeatRule(.weekly, byDay: [.init(.monday)])
    // Thursday 9:00, every Monday: the series starts on Monday.
    await store.send(.add(NewTodo(title: "Stand-up", due: at(2026, 11, 26, 9), repeatRule: monday))) {
      $0.todos = [
        Todo(id: UUID(0), title: "Stand-up", createdAt: at(2026, 11, 26, 12), due: at(2026, 11, 30, 9), repeatRule: monday)
      ]
      $0.lastAddedID = UUID(0)
    }
    await store.finish()
    #expect(saved.value.last?.first?.due == at(2026, 11, 30, 9))
  }

  @Test func doneMovesToTheFirstTimeAfterNowAndCommitsIt() async {
    // Due three days ago: the missed days are skipped, and the todo is due tomorrow.
    let store = makeStore([pills(due: at(2026, 11, 23, 9))], now: at(2026, 11, 26, 12))
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.due = at(2026, 11, 27, 9)
      $0.todos[id: UUID(1)]?.doneOccurrence = at(2026, 11, 23, 9)
    }
    await store.finish()
    var moved = pills(due: at(2026, 11, 27, 9))
    moved.doneOccurrence = at(2026, 11, 23, 9)
    #expect(saved.value == [[moved]])
  }

  @Test func undoWithoutTheOfferPutsBackTheOccurrenceThatWasDone() async {
    // `quickdo undo` and undo links: the occurrence three days ago, not yesterday's.
    let store = makeStore([pills(due: at(2026, 11, 23, 9))], now: at(2026, 11, 26, 12))
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.due = at(2026, 11, 27, 9)
      $0.todos[id: UUID(1)]?.doneOccurrence = at(2026, 11, 23, 9)
    }
    await store.send(.markPending(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.due = at(2026, 11, 23, 9)
      $0.todos[id: UUID(1)]?.doneOccurrence = nil
    }
    await store.send(.markPending(id: UUID(1)))
    await store.finish()
    #expect(saved.value.last == [pills(due: at(2026, 11, 23, 9))])
  }

  @Test func anEditOfTheSeriesLeavesNoDoneToUndo() async {
    let store = makeStore([pills(due: at(2026, 11, 26, 9))], now: at(2026, 11, 26, 12))
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.due = at(2026, 11, 27, 9)
      $0.todos[id: UUID(1)]?.doneOccurrence = at(2026, 11, 26, 9)
    }
    await store.send(.edit(id: UUID(1), TodoEdit(due: at(2026, 11, 28, 9)))) {
      $0.todos[id: UUID(1)]?.due = at(2026, 11, 28, 9)
      $0.todos[id: UUID(1)]?.doneOccurrence = nil
    }
    await store.send(.markPending(id: UUID(1)))
    await store.finish()
  }

  @Test func undoPutsBackTheOccurrenceThatWasDone() async {
    var snoozed = pills(due: at(2026, 11, 26, 9))
    snoozed.snoozedUntil = at(2026, 11, 26, 13)
    let store = makeStore([snoozed], now: at(2026, 11, 26, 12))
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.due = at(2026, 11, 27, 9)
      $0.todos[id: UUID(1)]?.snoozedUntil = nil
      $0.todos[id: UUID(1)]?.doneOccurrence = at(2026, 11, 26, 9)
    }
    await store.send(.edit(id: UUID(1), TodoEdit(title: "Take the pills"))) {
      $0.todos[id: UUID(1)]?.title = "Take the pills"
    }
    await store.send(.undoDone(before: snoozed)) {
      $0.todos[id: UUID(1)]?.due = at(2026, 11, 26, 9)
      $0.todos[id: UUID(1)]?.snoozedUntil = at(2026, 11, 26, 13)
      $0.todos[id: UUID(1)]?.doneOccurrence = nil
    }
    await store.finish()
    #expect(saved.value.last?.first?.title == "Take the pills", "an edit since Done stays")
    #expect(saved.value.last?.first?.due == at(2026, 11, 26, 9))
  }

  @Test func theLastOccurrenceOfACountedSeriesCompletesIt() async {
    var last = pills(due: at(2026, 11, 26, 9))
    last.repeatRule?.end = .count(1)
    let store = makeStore([last], now: at(2026, 11, 26, 12))
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.isComplete = true
      $0.todos[id: UUID(1)]?.completedAt = at(2026, 11, 26, 12)
    }
    await store.finish()
  }

  @Test func snoozingPostponesOnlyTheCurrentOccurrence() async {
    let store = makeStore([pills(due: at(2026, 11, 26, 9))], now: at(2026, 11, 26, 9, 5))
    await store.send(.snooze(id: UUID(1), until: at(2026, 11, 26, 10))) {
      $0.todos[id: UUID(1)]?.snoozedUntil = at(2026, 11, 26, 10)
    }
    await store.send(.markDone(id: UUID(1))) {
      $0.todos[id: UUID(1)]?.due = at(2026, 11, 27, 9)
      $0.todos[id: UUID(1)]?.snoozedUntil = nil
      $0.todos[id: UUID(1)]?.doneOccurrence = at(2026, 11, 26, 9)
    }
    await store.finish()
  }

  @Test func endingTheSeriesLeavesAOneOffAtItsCurrentTime() async {
    let store = makeStore([pills(due: at(2026, 11, 26, 9))], now: at(2026, 11, 26, 8))
    await store.send(.edit(id: UUID(1), TodoEdit(clearRepeat: true))) {
      $0.todos[id: UUID(1)]?.repeatRule = nil
    }
    await store.finish()
  }
}
