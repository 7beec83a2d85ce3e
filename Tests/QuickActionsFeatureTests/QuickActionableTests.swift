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

/// `quickActionable()` over the todos reducer, with a presenter that records its calls.
@MainActor
struct QuickActionableTests {
  struct State: Equatable, QuickActionableState {
    var todosState = TodosFeature.State()
    var quickActionRules = QuickActionRules()
    var presented = PresentedQuickActions()
    var todos: IdentifiedArrayOf<Todo> { todosState.todos }
  }

  enum Action: Equatable, QuickActionableAction {
    case todos(TodosFeature.Action)
    case quickActions(QuickActionsAction)

    var quickActionsAction: QuickActionsAction? {
      if case let .quickActions(action) = self { action } else { nil }
    }
    static let todosCase = AnyCasePath<Action, TodosFeature.Action>(embed: Action.todos) {
      if case let .todos(action) = $0 { action } else { nil }
    }
  }

  let now = Date(timeIntervalSince1970: 1_795_338_000)
  /// Drives the wake-up effect; the `date` dependency follows it.
  let clock = TestClock()
  /// The presenter's calls keyed by revision. Effects run concurrently, so calls may arrive
  /// in any order; the live presenter applies them by revision, and so does this history.
  let calls = LockIsolated<[Int: [QuickAction]]>([:])
  /// What was presented, in revision order.
  var presented: [[QuickAction]] { calls.value.sorted { $0.key < $1.key }.map(\.value) }

  func makeStore(
    _ todos: [Todo] = [], max: Int = 4, layout: QuickActionLayout = .perTodo, rules: QuickActionRules? = nil,
    initial: State? = nil
  ) -> TestStore<State, Action> {
    var state = initial ?? State(todosState: TodosFeature.State(todos: IdentifiedArray(uniqueElements: todos)))
    state.quickActionRules = rules ?? self.rules
    state.quickActionRules.max = max
    state.quickActionRules.layout = layout
    let calls = self.calls
    return TestStore(initialState: state) {
      Scope(state: \.todosState, action: Action.todosCase) { TodosFeature() }
        .quickActionable()
    } withDependencies: { [now, clock] in
      let origin = clock.now
      $0.todoStorage = .noop
      $0.uuid = .incrementing
      $0.continuousClock = clock
      $0.date = DateGenerator {
        let elapsed = origin.duration(to: clock.now).components
        return now.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
      }
      $0.notifications = NotificationClient(
        present: { actions, revision in
          let previous = calls.withValue { $0.updateValue(actions, forKey: revision) }
          #expect(previous == nil, "revision \(revision) presented twice")
        },
        subscribe: { _, _ in }, shutdown: {}, setStyle: { _ in })
    }
  }

  /// The default rules, with high priority (and so overdue todos) critical.
  var rules: QuickActionRules {
    var rules = QuickActionRules()
    rules.urgency[.high] = .critical
    return rules
  }

  func quickAction(_ todo: Todo) -> QuickAction {
    rules.quickAction(for: todo, now: now)
  }

  @Test func addPublishesOnceAndATitleEditUpdatesThatNotification() async {
    let store = makeStore()
    let milk = Todo(id: UUID(0), title: "Buy milk", createdAt: now)
    await store.send(.todos(.add(NewTodo(title: "Buy milk")))) {
      $0.todosState.todos = [milk]
      $0.todosState.lastAddedID = UUID(0)
      $0.presented.actions = [quickAction(milk)]
      $0.presented.revision = 1
    }
    await store.finish()
    #expect(presented == [[quickAction(milk)]])

    var renamed = milk
    renamed.title = "Buy oat milk"
    await store.send(.todos(.edit(id: UUID(0), TodoEdit(title: "Buy oat milk")))) {
      $0.todosState.todos[id: UUID(0)]?.title = "Buy oat milk"
      $0.presented.actions = [quickAction(renamed)]
      $0.presented.revision = 2
    }
    await store.finish()
    #expect(presented.count == 2)
    #expect(presented.last?.first?.title == "Buy oat milk")
  }

  @Test func markingDoneTakesTheQuickActionAway() async {
    let milk = Todo(id: UUID(7), title: "Buy milk", createdAt: now)
    let store = makeStore([milk])
    await store.send(.todos(.loaded([milk]))) {
      $0.presented.actions = [quickAction(milk)]
      $0.presented.revision = 1
    }
    await store.send(.todos(.markDone(id: UUID(7)))) {
      $0.todosState.todos[id: UUID(7)]?.isComplete = true
      $0.todosState.todos[id: UUID(7)]?.completedAt = now
      $0.presented.actions = []
      $0.presented.revision = 2
    }
    await store.finish()
    #expect(presented == [[quickAction(milk)], []])
  }

  @Test func anActionThatChangesNoQuickActionPublishesNothing() async {
    let a = Todo(id: UUID(1), title: "a", createdAt: now)
    let b = Todo(id: UUID(2), title: "b", createdAt: now.addingTimeInterval(1))
    let store = makeStore([a, b], max: 1)
    await store.send(.todos(.loaded([a, b]))) {
      $0.presented.actions = [quickAction(a)]
      $0.presented.revision = 1
    }
    // b is not shown (max 1): editing its notes changes no quick action.
    await store.send(.todos(.edit(id: UUID(2), TodoEdit(notes: "n")))) {
      $0.todosState.todos[id: UUID(2)]?.notes = "n"
    }
    await store.finish()
    #expect(presented.count == 1)
  }

  @Test func aSnoozedTodoComesBackExactlyWhenTheSnoozeEnds() async {
    await withMainSerialExecutor {
      let a = Todo(id: UUID(1), title: "a", createdAt: now)
      let store = makeStore([a])
      await store.send(.todos(.loaded([a]))) {
        $0.presented.actions = [quickAction(a)]
        $0.presented.revision = 1
      }
      await store.send(.todos(.snooze(id: UUID(1), until: now.addingTimeInterval(3600)))) {
        $0.todosState.todos[id: UUID(1)]?.snoozedUntil = now.addingTimeInterval(3600)
        $0.presented.actions = []
        $0.presented.revision = 2
        $0.presented.wake = now.addingTimeInterval(3600)
      }
      await clock.advance(by: .seconds(3599))  // not yet: no polling, nothing happens
      await clock.advance(by: .seconds(1))
      await store.receive(.quickActions(.wake)) {
        $0.presented.actions = [quickAction(a)]
        $0.presented.revision = 3
        $0.presented.wake = nil
        // The snooze's end rings as a reminder does.
        $0.presented.reminded = [UUID(1): now.addingTimeInterval(3600)]
      }
      await store.finish()
      #expect(presented.map(\.count) == [1, 0, 1])
    }
  }

  @Test func aShownTodoTurnsCriticalWhenItFallsDue() async {
    await withMainSerialExecutor {
      let a = Todo(id: UUID(1), title: "a", due: now.addingTimeInterval(600), createdAt: now)
      let store = makeStore([a])
      await store.send(.todos(.loaded([a]))) {
        $0.presented.actions = [quickAction(a)]
        $0.presented.revision = 1
        $0.presented.reminded = [UUID(1): now.addingTimeInterval(-300)]  // due within the lead time: its moment passed
        $0.presented.wake = now.addingTimeInterval(600)
      }
      #expect(store.state.presented.actions.first?.urgency == .normal)
      await clock.advance(by: .seconds(600))
      await store.receive(.quickActions(.wake)) {
        $0.presented.actions[id: UUID(1)]?.urgency = .critical
        $0.presented.revision = 2
        $0.presented.wake = nil
      }
      await store.finish()
    }
  }

  @Test func theSummaryLayoutIsOneNotificationWithADoneButtonPerShownTodo() async {
    let todos = (1...3).map { Todo(id: UUID($0), title: "todo \($0)", createdAt: now.addingTimeInterval(Double($0))) }
    let store = makeStore(todos, max: 2, layout: .summary)
    let summary = QuickAction.summary(of: todos.prefix(2).map(quickAction), pending: 3)
    #expect(summary.title == "3 pending todos")
    #expect(summary.buttons.map(\.label) == ["todo 1", "todo 2"])
    #expect(summary.key(for: summary.buttons[1]) == "done:\(UUID(2).uuidString.lowercased())")
    await store.send(.todos(.loaded(todos))) {
      $0.presented.actions = [summary]
      $0.presented.revision = 1
    }
    await store.send(.todos(.markDone(id: UUID(2)))) {
      $0.todosState.todos[id: UUID(2)]?.isComplete = true
      $0.todosState.todos[id: UUID(2)]?.completedAt = now
      $0.presented.actions = [QuickAction.summary(of: [todos[0], todos[2]].map(quickAction), pending: 2)]
      $0.presented.revision = 2
    }
    await store.finish()
    #expect(presented.map { $0.map(\.title) } == [["3 pending todos"], ["2 pending todos"]])
  }

  @Test func theOrderAndTheMinimumPriorityPickWhatIsShown() async {
    let low = Todo(id: UUID(1), title: "low, due first", priority: .low, due: now.addingTimeInterval(7200), createdAt: now)
    let high = Todo(id: UUID(2), title: "high, no date", priority: .high, createdAt: now)
    let due = Todo(id: UUID(3), title: "due", due: now.addingTimeInterval(9000), createdAt: now)
    var rules = self.rules
    rules.order = [.due]
    rules.minPriority = .normal
    let store = makeStore([low, high, due], max: 2, rules: rules)
    rules.max = 2
    await store.send(.todos(.loaded([low, high, due]))) {
      // Earliest due first, no date last; the low one is below the minimum priority.
      $0.presented.actions = [rules.quickAction(for: due, now: now), rules.quickAction(for: high, now: now)]
      $0.presented.revision = 1
      $0.presented.wake = now.addingTimeInterval(9000 - 900)  // due's reminder
    }
    await store.skipInFlightEffects()
  }

  @Test func selectionOrdersByPriorityThenDueAndCapsAtMax() {
    let todos: [Todo] = [
      Todo(id: UUID(1), title: "low", priority: .low, createdAt: now),
      Todo(id: UUID(2), title: "high", priority: .high, createdAt: now),
      Todo(id: UUID(3), title: "due", due: now.addingTimeInterval(60), createdAt: now),
      Todo(id: UUID(4), title: "normal", createdAt: now),
      Todo(id: UUID(5), title: "snoozed", priority: .high, createdAt: now, snoozedUntil: now.addingTimeInterval(60)),
    ]
    var rules = self.rules
    rules.max = 3
    let selected = QuickActionDerivation(
      todos: IdentifiedArray(uniqueElements: todos), rules: rules, reminded: [:], now: now
    ).selected
    #expect(selected.map(\.title) == ["high", "due", "normal"])
    #expect(selected[0].urgency == .critical)
    #expect(selected[0].buttons.map(\.kind) == [.done, .snooze])
  }
}

extension Todo {
  init(id: UUID, title: String, priority: Priority = .normal, due: Date? = nil, createdAt: Date, snoozedUntil: Date? = nil) {
    self.init(id: id, title: title, priority: priority, createdAt: createdAt, due: due, snoozedUntil: snoozedUntil)
  }
}
