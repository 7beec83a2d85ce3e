import AppFeature
import Composable
import ComposableTesting
import Foundation
import Models
import NotificationClient
import NotificationLayout
import QuickActionsFeature
import Testing
import TodoStorageClient

/// The server's Do Not Disturb switch: while it is on, what is new is held (and noted for
/// `list`) and what is on screen stays; when it goes off, the held come back.
@MainActor
struct AppFeatureDoNotDisturbTests {
  let base = AppFeatureTests()
  var now: Date { base.now }

  /// One write of the note `list` reads.
  struct Note: Equatable {
    var held: [UUID]
    var reason: HoldReason
  }

  func store(
    _ todos: [Todo], shown: [Todo], notes: LockIsolated<[Note]>
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    let rules = QuickActionRules()
    var state = AppFeature.State(todos: todos, rules: rules)
    state.presented.actions = IdentifiedArray(uniqueElements: shown.map { rules.quickAction(for: $0, now: now) })
    state.presented.revision = 1
    return TestStore(initialState: state) { AppFeature() } withDependencies: { [now] in
      $0.todoStorage = .noop
      $0.date = .constant(now)
      $0.notifications = .init(present: { _, _ in }, subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
      $0.heldTodosNote = HeldTodosNote { held, reason in notes.withValue { $0.append(Note(held: held, reason: reason)) } }
    }
  }

  @Test func newTodosAreHeldWhileOnAndComeBackWhenOff() async {
    let notes = LockIsolated<[Note]>([])
    let first = base.todo(1)
    let store = store([first], shown: [first], notes: notes)
    let rules = store.state.quickActionRules
    await store.send(.notification(.doNotDisturbChanged(true))) {
      $0.doNotDisturb = true
      $0.presented.holdReason = .doNotDisturb
    }
    let second = base.todo(2)
    await store.send(.storageChanged(TodoChanges(upserted: [second], deleted: [], revision: 1))) {
      $0.storageRevision = 1
      $0.todosState.todos.append(second)
      $0.presented.held = [second.id]
    }
    await store.send(.notification(.doNotDisturbChanged(false))) {
      $0.doNotDisturb = false
      $0.presented.held = []
      $0.presented.actions = IdentifiedArray(uniqueElements: [first, second].map { rules.quickAction(for: $0, now: now) })
      $0.presented.revision = 2
    }
    await store.finish()
    #expect(notes.value == [Note(held: [second.id], reason: .doNotDisturb), Note(held: [], reason: .doNotDisturb)],
            "noted for list, then emptied")
  }

  /// A switch that signals nothing is read before a notification goes out; found on, the
  /// presenter sends nothing and names what it did not send: held, the rest presented anew.
  @Test func whatThePresenterDidNotSendIsHeld() async {
    let notes = LockIsolated<[Note]>([])
    let (first, second) = (base.todo(1), base.todo(2))
    let store = store([first, second], shown: [first, second], notes: notes)
    let rules = store.state.quickActionRules
    await store.send(.notification(.doNotDisturbChanged(true, unsent: [second.id]))) {
      $0.doNotDisturb = true
      $0.presented.holdReason = .doNotDisturb
      $0.presented.held = [second.id]
      $0.presented.actions = [rules.quickAction(for: first, now: now)]
      $0.presented.revision = 2
    }
    await store.finish()
    #expect(notes.value == [Note(held: [second.id], reason: .doNotDisturb)])
  }
}
