import AppFeature
import Clocks
import Composable
import ComposableTesting
import ConcurrencyExtras
import Foundation
import Models
import NotificationLayout
import NotificationClient
import QuickActionsFeature
import Testing
import TodoStorageClient
import TodosFeature
import URLOpenerClient

/// A snooze typed into a todo's notification (KDE's inline-reply): read as `--due` reads a
/// time; a time to come snoozes the todo, anything else changes nothing and says so.
@Suite(.mainSerialExecutor)
@MainActor
struct AppFeatureReplyTests {
  /// Sunday 2026-11-22 10:00 in Paris.
  let now = Date(timeIntervalSince1970: 1_795_338_000)
  let todo = Todo(id: UUID(1), title: "Water plants", createdAt: Date(timeIntervalSince1970: 1_795_000_000))

  func makeStore() -> TestStore<AppFeature.State, AppFeature.Action> {
    var rules = QuickActionRules()
    rules.typedSnooze = true
    let store = TestStore(initialState: AppFeature.State(todos: [todo], rules: rules)) {
      AppFeature()
    } withDependencies: { [now] in
      $0.todoStorage = .noop
      $0.date = .constant(now)
      $0.continuousClock = TestClock()
      $0.urlOpener = URLOpenerClient { _ in nil }
      $0.notifications = NotificationClient(
        present: { _, _ in }, subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
    }
    store.exhaustivity = .off(showSkippedAssertions: false)
    return store
  }

  @Test func aTodoOffersTheFieldWhereTheServerHasIt() {
    var rules = QuickActionRules()
    #expect(!rules.quickAction(for: todo, now: now).buttons.contains { $0.kind == .reply })
    rules.typedSnooze = true
    let field = rules.quickAction(for: todo, now: now).buttons.first { $0.kind == .reply }
    #expect(field?.label == "Snooze until…")
    #expect(field.map { $0.kind.key(for: todo.id) } == "inline-reply")
    rules.showSnooze = false
    #expect(!rules.quickAction(for: todo, now: now).buttons.contains { $0.kind == .reply })
  }

  @Test func aTimeToComeSnoozesUntilThen() async {
    let store = makeStore()
    await store.send(.notification(.replied(todo.id, "2h")))
    #expect(store.state.todos[id: todo.id]?.snoozedUntil == now.addingTimeInterval(7200))
    await store.send(.notification(.replied(todo.id, "in 30m")))
    #expect(store.state.todos[id: todo.id]?.snoozedUntil == now.addingTimeInterval(1800))
    await store.skipInFlightEffects()
  }

  @Test func whatCannotBeReadOrIsPastChangesNothingAndSaysSo() async {
    let store = makeStore()
    await store.send(.notification(.replied(todo.id, "whenever")))
    #expect(store.state.todos[id: todo.id]?.snoozedUntil == nil)
    #expect(store.state.replyProblems[todo.id] == "'whenever' is not a time (try tomorrow 9:00, 2h, fri 17:00)")
    #expect(store.state.presented.actions[id: todo.id]?.body.hasPrefix("'whenever' is not a time") == true)
    #expect(store.state.presented.actions[id: todo.id]?.buttons.contains { $0.kind == .reply } == true)

    await store.send(.notification(.replied(todo.id, "2020-01-01 10:00")))
    #expect(store.state.todos[id: todo.id]?.snoozedUntil == nil)
    #expect(store.state.replyProblems[todo.id]?.contains("is past") == true)

    // Control characters are shown, not passed on; a megabyte is not read at all.
    await store.send(.notification(.replied(todo.id, "\u{1b}[2J")))
    #expect(store.state.replyProblems[todo.id]?.contains("\u{1b}") == false)
    // A time among control characters is not read either: what was typed is not what it says.
    await store.send(.notification(.replied(todo.id, "2h\u{07}")))
    #expect(store.state.todos[id: todo.id]?.snoozedUntil == nil)
    await store.send(.notification(.replied(todo.id, String(repeating: "1h", count: 500_000))))
    #expect(store.state.todos[id: todo.id]?.snoozedUntil == nil)

    // Understood at last: snoozed, and the note goes.
    await store.send(.notification(.replied(todo.id, "tomorrow 9:00")))
    #expect(store.state.todos[id: todo.id]?.snoozedUntil != nil)
    #expect(store.state.replyProblems.isEmpty)
    await store.skipInFlightEffects()
  }

  @Test func aReplyToATodoDoneOrGoneIsANoOp() async {
    let store = makeStore()
    await store.send(.notification(.buttonPressed(todo.id, .done)))
    await store.send(.notification(.replied(todo.id, "2h")))
    #expect(store.state.todos[id: todo.id]?.snoozedUntil == nil)
    await store.send(.notification(.replied(UUID(9), "2h")))
    #expect(store.state.replyProblems.isEmpty)
    await store.skipInFlightEffects()
  }
}
