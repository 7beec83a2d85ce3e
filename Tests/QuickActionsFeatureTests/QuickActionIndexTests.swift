import Composable
import Foundation
import Models
import NotificationLayout
import QuickActionsFeature
import Testing

/// After a press changes a few todos, the index brought up to date for them derives what a
/// pass over all the todos derives, whatever the changes, the reminders shown and the time.
struct QuickActionIndexTests {
  let start = Date(timeIntervalSince1970: 1_795_338_000)

  /// SplitMix64: the same changes for a seed on every run.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Each seed twice: with the usual todos kept in line, and with one, so that the line
  /// runs out and is taken again often.
  @Test(arguments: 0..<24, [1, 32])
  func anUpdatedIndexDerivesWhatAPassOverAllTheTodosDerives(seed: UInt64, spare: Int) {
    var random = Seeded(state: seed)
    var rules = QuickActionRules()
    rules.max = Int.random(in: 0...5, using: &random)
    rules.remindersEnabled = Bool.random(using: &random)
    rules.reminderLeadTime = Bool.random(using: &random) ? 900 : nil
    rules.order = SelectionCriterion.allCases.shuffled(using: &random)
    if Int.random(in: 0..<4, using: &random) == 0 { rules.lists = ["Work"] }
    if Int.random(in: 0..<4, using: &random) == 0 { rules.minPriority = .normal }

    var now = start
    var nextID = 1
    func newTodo(id: Int? = nil) -> Todo {
      let id = id ?? { defer { nextID += 1 }; return nextID }()
      return randomTodo(id: id, now: now, parents: nextID, using: &random)
    }
    var todos = IdentifiedArray(uniqueElements: (0..<90).map { _ in newTodo() })
    var reminded: [Todo.ID: Date] = [:]
    var index = QuickActionIndex(todos: todos, rules: rules, reminded: reminded, now: now, spare: spare)
    reminded = QuickActionDerivation(index: index, todos: todos, now: now).reminded
    var updates = 0
    let steps = 80

    for _ in 0..<steps {
      // What changed since the index last saw the todos: each one's value then.
      var changed: [Todo.ID: Todo?] = [:]
      func change(_ id: Todo.ID, to todo: Todo?) {
        if changed[id] == nil { changed[id] = .some(todos[id: id]) }
        todos[id: id] = todo
      }
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let existing = todos.randomElement(using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
          let todo = newTodo()
          change(todo.id, to: todo)
        case 1:
          if let existing { change(existing.id, to: nil) }
        case 2:
          if var done = existing {
            done.isComplete = true
            done.completedAt = now
            change(done.id, to: done)
          }
        case 3:
          if var snoozed = existing {
            snoozed.snoozedUntil = now.addingTimeInterval(Double(Int.random(in: -2...8, using: &random)) * 900)
            change(snoozed.id, to: snoozed)
          }
        default:
          if let existing {
            var replaced = newTodo(id: 0)
            replaced.id = existing.id
            change(existing.id, to: replaced)
          }
        }
      }
      // The presenter drops a reminder held while quiet; time goes on, past a moment or not.
      if Bool.random(using: &random), let dropped = reminded.keys.randomElement(using: &random) {
        reminded[dropped] = nil
      }
      if Bool.random(using: &random) { now.addTimeInterval(Double(Int.random(in: 0...40, using: &random)) * 60) }

      let whole = QuickActionDerivation(todos: todos, rules: rules, reminded: reminded, now: now)
      if index.update(changed: changed, todos: todos, rules: rules, reminded: reminded, now: now) {
        updates += 1
      } else {
        index = QuickActionIndex(todos: todos, rules: rules, reminded: reminded, now: now, spare: spare)
      }
      let derived = QuickActionDerivation(index: index, todos: todos, now: now)
      #expect(derived == whole, "seed \(seed), spare \(spare)")
      if derived != whole { return }
      reminded = derived.reminded
    }
    #expect(updates >= steps / 4, "many steps update the index rather than take it again")
  }

  @Test func anIndexIsTakenAgainWhenTheRulesChangeOrAMomentComes() {
    let now = start
    let todos: IdentifiedArrayOf<Todo> = [
      Todo(id: UUID(1), title: "snoozed", createdAt: now, snoozedUntil: now.addingTimeInterval(600)),
      Todo(id: UUID(2), title: "pending", createdAt: now),
    ]
    let rules = QuickActionRules()
    let index = QuickActionIndex(todos: todos, rules: rules, reminded: [:], now: now)
    func updates(rules: QuickActionRules, at moment: Date) -> Bool {
      var updated = index
      return updated.update(changed: [:], todos: todos, rules: rules, reminded: [:], now: moment)
    }
    #expect(updates(rules: rules, at: now.addingTimeInterval(599)))
    #expect(!updates(rules: rules, at: now.addingTimeInterval(600)), "the snooze has ended")
    var fewer = rules
    fewer.max = 1
    #expect(!updates(rules: fewer, at: now))
  }

  func randomTodo(id: Int, now: Date, parents: Int, using random: inout Seeded) -> Todo {
    func moment(_ quarters: ClosedRange<Int>) -> Date {
      now.addingTimeInterval(Double(Int.random(in: quarters, using: &random)) * 900)
    }
    let due: Date? = Int.random(in: 0..<4, using: &random) == 0 ? nil : moment(-8...16)
    var reminders: [Reminder] = []
    switch Int.random(in: 0..<4, using: &random) {
    case 0: reminders = [.before(Double(Int.random(in: 1...4, using: &random)) * 600)]
    case 1: reminders = [Reminder(.absolute(moment(-4...8)))]
    default: break
    }
    let complete = Int.random(in: 0..<5, using: &random) == 0
    return Todo(
      id: UUID(id), title: "todo \(id)", priority: Priority.allCases.randomElement(using: &random)!,
      isComplete: complete, createdAt: moment(-40...0), completedAt: complete ? now : nil, due: due,
      snoozedUntil: Int.random(in: 0..<5, using: &random) == 0 ? moment(-2...6) : nil,
      reminderShownFor: Int.random(in: 0..<6, using: &random) == 0 ? due?.addingTimeInterval(-900) : nil,
      repeatRule: due != nil && Int.random(in: 0..<6, using: &random) == 0 ? RepeatRule(.daily) : nil,
      list: Bool.random(using: &random) ? "Work" : "Home",
      parent: parents > 1 && Int.random(in: 0..<4, using: &random) == 0
        ? UUID(Int.random(in: 1..<parents, using: &random)) : nil,
      reminders: reminders,
      acknowledgedUntil: Int.random(in: 0..<8, using: &random) == 0 ? moment(-4...0) : nil)
  }
}
