import Composable
import Foundation
import Models
import NotificationLayout

/// The todos' standings summed up (``TodoStanding``): how many count as pending, the first
/// in the selection order, the reminders that ring, the next moment a standing changes,
/// and each parent's subtasks. A todo's standing holds until that moment, so after a press
/// the index takes out the changed todos' old standings and adds their new ones
/// (``update(changed:todos:rules:reminded:now:)``): a press costs what it changes, not
/// what the agent holds (budget: a press at 10,000 todos within 10% of one at 200).
public struct QuickActionIndex: Sendable {
  /// The rules the standings were taken with.
  public let rules: QuickActionRules
  /// The moments reminders were shown in this run, as the standings were taken with them.
  private(set) var reminded: [Todo.ID: Date]
  /// The competing todos, best first: the selected, then those next in line.
  private(set) var best: Leaders<Todo>
  /// The moments standings change by themselves, earliest first.
  private(set) var moments: Leaders<Moment>
  private(set) var pendingCount = 0
  /// The reminders that ring, by todo.
  private(set) var ringing: [Todo.ID: Date] = [:]
  /// Each parent's subtasks, done and all.
  private(set) var subtasks: [Todo.ID: SubtaskCount] = [:]

  /// A moment a todo's standing changes; earliest first, then by id.
  struct Moment: Sendable {
    var at: Date
    var id: Todo.ID

    static func precedes(_ a: Moment, _ b: Moment) -> Bool { a.at != b.at ? a.at < b.at : a.id < b.id }
  }

  /// How many subtasks of a parent are done, of how many.
  struct SubtaskCount: Equatable, Sendable {
    var done = 0
    var total = 0
  }

  /// Takes every todo's standing at `now`. `spare` is how many todos past the selected, and
  /// how many moments, are kept in line: once a press takes the last of them, the next
  /// takes every standing again.
  public init(
    todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules, reminded: [Todo.ID: Date], now: Date,
    spare: Int = 32
  ) {
    self.rules = rules
    self.reminded = reminded
    best = Leaders(capacity: max(0, rules.max) + spare)
    moments = Leaders(capacity: spare)
    for index in todos.indices { add(todos[index], now: now) }
  }

  /// When a standing next changes by itself; nil when none will.
  var nextChange: Date? { moments.elements.first?.at }

  /// Brings the index up to date after the todos in `changed` changed (by id, each one's
  /// value when the index last saw it, nil for one it did not hold) and the reminders
  /// shown became `reminded`; the other todos' standings stand. False when it must be
  /// taken again from all the todos (and is not to be read): the rules changed, a
  /// standing's moment has come, or fewer are left in line than the selection needs.
  public mutating func update(
    changed: [Todo.ID: Todo?], todos: IdentifiedArrayOf<Todo>, rules: QuickActionRules,
    reminded: [Todo.ID: Date], now: Date
  ) -> Bool {
    guard rules == self.rules else { return false }
    if let next = nextChange {
      guard now < next else { return false }
    } else if !moments.holdsAll {
      return false
    }
    var ids = Set(changed.keys)
    for (id, at) in reminded where self.reminded[id] != at { ids.insert(id) }
    for id in self.reminded.keys where reminded[id] == nil { ids.insert(id) }
    for id in ids {
      let before = if let entry = changed[id] { entry } else { todos[id: id] }
      if let before { remove(before, now: now) }
    }
    self.reminded = reminded
    for id in ids {
      if let todo = todos[id: id] { add(todo, now: now) }
    }
    return (best.elements.count >= rules.max || best.holdsAll) && (!moments.elements.isEmpty || moments.holdsAll)
  }

  private mutating func add(_ todo: Todo, now: Date) {
    if let parent = todo.parent, parent != todo.id {
      subtasks[parent, default: SubtaskCount()].total += 1
      if todo.isComplete { subtasks[parent, default: SubtaskCount()].done += 1 }
    }
    let standing = TodoStanding(todo, rules: rules, reminded: reminded[todo.id], now: now)
    if standing.isPending { pendingCount += 1 }
    if standing.competes { best.insert(todo, by: rules.ranks) }
    if let rings = standing.rings { ringing[todo.id] = rings }
    if let at = standing.changes { moments.insert(Moment(at: at, id: todo.id), by: Moment.precedes) }
  }

  /// Takes out what `add` put in for `todo` (the same value, at a moment before its
  /// standing changes).
  private mutating func remove(_ todo: Todo, now: Date) {
    if let parent = todo.parent, parent != todo.id, var count = subtasks[parent] {
      count.total -= 1
      if todo.isComplete { count.done -= 1 }
      subtasks[parent] = count.total > 0 ? count : nil
    }
    let standing = TodoStanding(todo, rules: rules, reminded: reminded[todo.id], now: now)
    if standing.isPending { pendingCount -= 1 }
    if standing.competes { best.remove { $0.id == todo.id } }
    if standing.rings != nil { ringing[todo.id] = nil }
    if standing.changes != nil { moments.remove { $0.id == todo.id } }
  }
}
