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

/// The agent's reducer: what the notification server reports, what other processes commit,
/// and configuration changes, with a presenter that records its calls.
@Suite(.mainSerialExecutor)
@MainActor
struct AppFeatureTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)
  let calls = LockIsolated<[Int: [QuickAction]]>([:])
  var presented: [[QuickAction]] { calls.value.sorted { $0.key < $1.key }.map(\.value) }

  func todo(_ n: Int, _ priority: Priority = .normal) -> Todo {
    Todo(id: UUID(n), title: "todo \(n)", priority: priority, createdAt: now.addingTimeInterval(Double(n)))
  }

  let opened = LockIsolated<[URL]>([])

  func makeStore(_ todos: [Todo], rules: QuickActionRules = QuickActionRules()) -> TestStore<AppFeature.State, AppFeature.Action> {
    let calls = self.calls
    let opened = self.opened
    return TestStore(initialState: AppFeature.State(todos: todos, rules: rules)) {
      AppFeature()
    } withDependencies: { [now] in
      $0.todoStorage = .noop
      $0.date = .constant(now)
      $0.continuousClock = TestClock()  // wake-ups for snoozes are scheduled, never due here
      $0.urlOpener = URLOpenerClient { url in
        opened.withValue { $0.append(url) }
        return url.host == "broken.example" ? "no browser" : nil
      }
      $0.notifications = NotificationClient(
        present: { actions, revision in calls.withValue { $0[revision] = actions } },
        subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
    }
  }

  /// The agent's state holds pending todos: done ones loaded, or done by another process,
  /// stay in SQLite only.
  @Test func doneTodosAreNotKeptInTheAgentsState() async {
    var done = todo(2)
    done.isComplete = true
    done.completedAt = now
    let store = makeStore([])
    await store.send(.todos(.loaded([todo(1), done]))) {
      $0.todosState.todos = [todo(1)]
      $0.presented.actions = [QuickActionRules().quickAction(for: todo(1), now: now)]
      $0.presented.revision = 1
    }
    var doneElsewhere = todo(1)
    doneElsewhere.isComplete = true
    doneElsewhere.completedAt = now
    await store.send(.storageChanged(TodoChanges(upserted: [doneElsewhere], deleted: [], revision: 1))) {
      $0.storageRevision = 1
      $0.todosState.todos = []
      $0.presented.actions = []
      $0.presented.revision = 2
    }
    await store.finish()
  }

  @Test func aRulesChangeReconcilesAtOnce() async {
    var rules = QuickActionRules()
    rules.max = 1
    let todos = [todo(1), todo(2, .high), todo(3, .low)]
    let store = makeStore(todos, rules: rules)
    await store.send(.todos(.loaded(todos))) {
      $0.presented.actions = [rules.quickAction(for: todos[1], now: now)]
      $0.presented.revision = 1
    }
    var wider = rules
    wider.max = 3
    wider.minPriority = .normal
    wider.doneLabel = "Erledigt"
    await store.send(.rulesChanged(wider)) {
      $0.quickActionRules = wider
      $0.presented.actions = IdentifiedArray(uniqueElements: [todos[1], todos[0]].map { wider.quickAction(for: $0, now: now) })
      $0.presented.revision = 2
    }
    await store.finish()
    #expect(presented.last?.map(\.title) == ["todo 2", "todo 1"], "min_priority normal hides the low one")
    #expect(presented.last?.first?.buttons.first?.label == "Erledigt")
  }

  @Test func dismissalAndExpirySnoozeForTheConfiguredTimeOrNotAtAll() async {
    var rules = QuickActionRules()
    rules.dismissSnoozeDuration = 7200
    let todos = [todo(1), todo(2)]
    let store = makeStore(todos, rules: rules)
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.notification(.closed(UUID(1), reason: .dismissed)))
    #expect(store.state.todos[id: UUID(1)]?.snoozedUntil == now.addingTimeInterval(7200))
    await store.send(.notification(.closed(UUID(2), reason: .expired)))
    #expect(store.state.todos[id: UUID(2)]?.snoozedUntil == now.addingTimeInterval(7200))

    rules.dismissSnoozeDuration = 0
    await store.send(.rulesChanged(rules))
    await store.send(.notification(.closed(UUID(1), reason: .dismissed)))  // nothing received
    await store.send(.notification(.closed(UUID(1), reason: .expired)))  // nothing either
    await store.skipInFlightEffects()  // the wake-up for the end of the snooze
  }

  @Test func aCloseForAnotherReasonSnoozesNothing() async {
    let store = makeStore([todo(1)])
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.notification(.closed(UUID(1), reason: .other)))
    await store.finish()
    #expect(store.state.todos[id: UUID(1)]?.snoozedUntil == nil)
  }

  @Test func urgencyFollowsTheRulesAndOverdueGetsAtLeastHighPrioritys() {
    var rules = QuickActionRules()
    #expect(rules.quickAction(for: todo(2, .high), now: now).urgency == .normal, "nothing critical by default")
    rules.urgency = [.low: .normal, .normal: .low, .high: .critical]
    #expect(rules.quickAction(for: todo(1), now: now).urgency == .low)
    #expect(rules.quickAction(for: todo(2, .high), now: now).urgency == .critical)
    var overdue = todo(3, .low)
    overdue.due = now.addingTimeInterval(-60)
    #expect(rules.quickAction(for: overdue, now: now).urgency == .critical)
    rules.urgency = [.low: .normal, .normal: .normal, .high: .low]
    #expect(rules.quickAction(for: overdue, now: now).urgency == .normal, "never lowered")
  }

  @Test func aBodyClickStandsForTheButtonItDoesOrIsNotOffered() {
    var rules = QuickActionRules()
    var linked = todo(1)
    linked.url = URL(string: "https://example.com/")
    #expect(rules.quickAction(for: linked, now: now).bodyClick == .init(kind: .open, label: "Open"))
    #expect(rules.quickAction(for: todo(2), now: now).bodyClick == nil, "open, but no link")
    rules.bodyClick = .done
    #expect(rules.quickAction(for: todo(2), now: now).bodyClick == .init(kind: .done, label: "Done"))
    rules.bodyClick = .none
    #expect(rules.quickAction(for: linked, now: now).bodyClick == nil)
    let offer = QuickAction.undoOffer(for: todo(3), rules: rules, now: now)
    #expect(offer.bodyClick == .init(kind: .undo, label: "Undo", todoID: UUID(3)))
    #expect(offer.urgency == .normal, "low urgency offers are never shown as popups on GNOME")
  }

  /// A press that no longer fits its todo (done already, gone, Undo on a pending one)
  /// changes nothing and shows nothing new.
  @Test func aStalePressIsANoOp() async {
    let done = Todo(id: UUID(1), title: "x", isComplete: true, createdAt: now, completedAt: now)
    let store = makeStore([done, todo(2)])
    await store.send(.todos(.loaded([done, todo(2)]))) {
      $0.todosState.todos = [todo(2)]
      $0.presented.actions = [QuickActionRules().quickAction(for: todo(2), now: now)]
      $0.presented.revision = 1
    }
    await store.send(.notification(.buttonPressed(UUID(1), .done)))
    await store.send(.notification(.buttonPressed(UUID(99), .done)))
    await store.send(.notification(.buttonPressed(UUID(2), .undo)))
    await store.finish()
    #expect(presented.count == 1)
  }

  @Test func aStrayDefaultPressDoesNothing() async {
    var rules = QuickActionRules()
    rules.bodyClick = .done
    let store = makeStore([todo(1)], rules: rules)
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.notification(.buttonPressed(UUID(1), .default)))
    await store.finish()
    #expect(store.state.todos[id: UUID(1)]?.isComplete == false)
  }

  @Test func theOpenButtonOpensTheLinkStateDriven() async {
    var linked = todo(1)
    linked.url = URL(string: "https://example.com/a?b=1&c=$(x)")
    var broken = todo(2)
    broken.url = URL(string: "https://broken.example/")
    let store = makeStore([linked, broken, todo(3)])
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.todos(.loaded([linked, broken, todo(3)])))
    await store.send(.notification(.buttonPressed(UUID(1), .open))) { $0.urlToOpen = linked.url }
    await store.receive(.urlOpened(linked.url!, failure: nil)) { $0.urlToOpen = nil }
    // A failure is reported and cleared.
    await store.send(.notification(.buttonPressed(UUID(2), .open))) { $0.urlToOpen = broken.url }
    await store.receive(.urlOpened(broken.url!, failure: "no browser")) { $0.urlToOpen = nil }
    // No URL: nothing to open.
    await store.send(.notification(.buttonPressed(UUID(3), .open)))
    await store.finish()
    #expect(opened.value == [linked.url!, broken.url!])
  }

  @Test func anOlderStorageRevisionIsIgnored() async {
    let store = makeStore([])
    await store.send(.storageChanged(TodoChanges(upserted: [todo(1)], deleted: [], revision: 0)))
  }
}
