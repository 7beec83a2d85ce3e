import Composable
import Foundation
import Models
import NotificationLayout

/// What the notifications should show at one moment, read from the todos' standings
/// (``QuickActionIndex``): the best `max` eligible todos in the rules' order, the reminders
/// due beyond them, and the next moment this changes by itself (so the agent sets one timer
/// and never polls).
public struct QuickActionDerivation: Equatable, Sendable {
  /// A reminder shown for the first time: its moment, to be persisted.
  public struct FirstReminder: Equatable, Sendable {
    public var id: Todo.ID
    public var at: Date
  }

  /// The selected todos' quick actions, best first.
  public private(set) var selected: [QuickAction] = []
  /// The reminders due that are not among the selected, earliest due first.
  public private(set) var reminders: [QuickAction] = []
  /// Pending todos at or above the minimum priority, snoozed ones included: the count the
  /// summary notification gives. A repeating todo whose next time is ahead is out of sight
  /// until then, and out of the count.
  public private(set) var pendingCount = 0
  /// The reminders shown for the first time (selected ones included).
  public private(set) var firstReminders: [FirstReminder] = []
  /// `PresentedQuickActions.reminded`, brought up to date.
  public private(set) var reminded: [Todo.ID: Date] = [:]
  /// When the result next changes by itself: a snooze ends, a reminder comes due, or a
  /// shown todo falls due (and may turn urgent). Nil when nothing is pending in time.
  public private(set) var nextChange: Date?

  /// Derives what to show at `now`; `reminded` is what this run has already reminded of.
  public init(
    todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules, reminded: [Todo.ID: Date], now: Date
  ) {
    self.init(index: QuickActionIndex(todos: todos, rules: rules, reminded: reminded, now: now), todos: todos, now: now)
  }

  /// What to show at `now`, read from `index`, which holds the standings of `todos` (their
  /// reminders shown as in `index`): only the selected and the ringing are looked at.
  public init(index: QuickActionIndex, todos: IdentifiedArrayOf<Todo>, now: Date) {
    let rules = index.rules
    pendingCount = index.pendingCount
    var next = index.nextChange ?? .distantFuture
    let bestTodos = Array(index.best.elements.prefix(max(0, rules.max)))
    var rung = index.ringing.compactMap { id, at in todos[id: id].map { (todo: $0, at: at) } }
    rung.sort { SelectionCriterion.areInIncreasingOrder($0.todo, $1.todo, by: Self.reminderOrder) }
    let due = rung.map(\.todo)

    // A todo deleted or whose reminders moved is reminded anew; a done one keeps its entry.
    self.reminded = index.reminded.filter { entry in
      todos[id: entry.key].map { $0.snoozedUntil == entry.value || rules.reminderTimes($0).contains(entry.value) } ?? false
    }
    for (todo, at) in rung where self.reminded[todo.id] != at {
      firstReminders.append(FirstReminder(id: todo.id, at: at))
      self.reminded[todo.id] = at
    }

    let selectedIDs = Set(bestTodos.map(\.id))
    for todo in bestTodos + due {
      if let dueDate = todo.due, dueDate > now { next = min(next, dueDate) }
    }
    func action(_ todo: Todo) -> QuickAction {
      rules.quickAction(
        for: todo, now: now, parent: todo.parent.flatMap { todos[id: $0]?.title },
        subtasks: index.subtasks[todo.id].map { ($0.done, $0.total) })
    }
    selected = bestTodos.map(action)
    reminders = due.filter { !selectedIDs.contains($0.id) }.map(action)
    nextChange = next == .distantFuture ? nil : next
  }

  /// The notifications to show, in order: the selected todos (one summary of them in the
  /// summary layout), the reminders, then `extras` (the feature's own).
  public func notifications(layout: QuickActionLayout, extras: [QuickAction]) -> [QuickAction] {
    let todos: [QuickAction] =
      if layout != .summary {
        selected
      } else if pendingCount == 0 {
        []
      } else {
        [QuickAction.summary(of: selected, pending: pendingCount)]
      }
    return todos + reminders + extras
  }

  /// Reminders come in due order: earliest first, ties by priority, then age.
  static let reminderOrder: [SelectionCriterion] = [.due, .priority, .created]
}
