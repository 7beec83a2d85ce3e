import Composable
import Foundation
import Models
import NotificationLayout

/// What the notifications should show at one moment, derived from the todos in one pass:
/// the best `max` eligible todos in the rules' order, the reminders due beyond them, and
/// the next moment this changes by itself (so the agent sets one timer and never polls).
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
    // By position: a todo is kept (copied, retained) only once it ranks or rings; the
    // others are only read, as the pass runs over all the agent holds on every press.
    let all = todos
    var best: [Int] = []
    // The todos whose reminder rang, each with the moment of its latest one.
    var rung: [(index: Int, at: Date)] = []
    var next = Date.distantFuture
    // Each parent's subtasks, done and all, counted in the same pass.
    var subtasks: [Todo.ID: (done: Int, total: Int)] = [:]
    for index in all.indices {
      if let parent = all[index].parent, parent != all[index].id {
        subtasks[parent, default: (0, 0)].total += 1
        if all[index].isComplete { subtasks[parent, default: (0, 0)].done += 1 }
      }
      guard rules.isCandidate(all[index]) else { continue }
      if let back = rules.restsUntil(all[index], now: now) {
        next = min(next, back)
        continue
      }
      pendingCount += 1
      if let until = all[index].snoozedUntil, until > now {
        next = min(next, until)
        continue
      }
      Self.keep(index, of: all, inBest: rules.max, of: &best, rules: rules)
      guard rules.remindersEnabled else { continue }
      // The latest moment that rang, and the next to come.
      let moments = all[index].reminderMoments(around: now, defaultLead: rules.reminderLeadTime)
      if let upcoming = moments.next { next = min(next, upcoming) }
      var latest = moments.latest
      // A snooze that has ended rings like a reminder: it is when a person, here or on a
      // phone, asked to be reminded again.
      if let until = all[index].snoozedUntil, until > latest ?? .distantPast { latest = until }
      // One acknowledged on another device does not ring, and closes if it is showing.
      if let latest, !all[index].isAcknowledged(at: latest),
        !all[index].hasShownReminder(at: latest) || reminded[all[index].id] == latest
      {
        rung.append((index, latest))
      }
    }
    rung.sort { SelectionCriterion.areInIncreasingOrder(all[$0.index], all[$1.index], by: Self.reminderOrder) }
    let due = rung.map { all[$0.index] }
    let bestTodos = best.map { all[$0] }

    // A todo deleted or whose reminders moved is reminded anew; a done one keeps its entry.
    self.reminded = reminded.filter { entry in
      todos[id: entry.key].map { $0.snoozedUntil == entry.value || rules.reminderTimes($0).contains(entry.value) } ?? false
    }
    for (index, at) in rung where self.reminded[all[index].id] != at {
      firstReminders.append(FirstReminder(id: all[index].id, at: at))
      self.reminded[all[index].id] = at
    }

    let selectedIDs = Set(bestTodos.map(\.id))
    for todo in bestTodos + due {
      if let dueDate = todo.due, dueDate > now { next = min(next, dueDate) }
    }
    func action(_ todo: Todo) -> QuickAction {
      rules.quickAction(
        for: todo, now: now, parent: todo.parent.flatMap { todos[id: $0]?.title }, subtasks: subtasks[todo.id])
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

  /// Inserts the todo at `index` into `best` (positions in `all`, best first, at most `max`)
  /// if it ranks among the best `max`.
  private static func keep(
    _ index: Int, of all: IdentifiedArrayOf<Todo>, inBest max: Int, of best: inout [Int],
    rules: QuickActionRules
  ) {
    guard max > 0 else { return }
    if best.count == max, let last = best.last, !rules.ranks(all[index], before: all[last]) { return }
    best.insert(index, at: best.firstIndex { rules.ranks(all[index], before: all[$0]) } ?? best.count)
    if best.count > max { best.removeLast() }
  }
}
