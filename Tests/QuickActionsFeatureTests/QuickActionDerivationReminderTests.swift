import Composable
import Foundation
import Models
import NotificationLayout
@testable import QuickActionsFeature
import Testing

/// When a todo is reminded: at each of its reminders, once per moment; without any, as
/// `reminders.default` says; and after the agent was off, once for what it missed.
struct QuickActionDerivationReminderTests {
  let start = Date(timeIntervalSince1970: 1_795_338_000)
  var rules: QuickActionRules {
    var rules = QuickActionRules()
    rules.max = 1
    return rules
  }

  /// "report" is always the one selected; "call" is due in two hours.
  func todos(_ reminders: [Reminder], shownAt: Date? = nil) -> [Todo] {
    [
      Todo(id: UUID(1), title: "report", priority: .high, createdAt: start),
      Todo(id: UUID(2), title: "call", createdAt: start, due: start.addingTimeInterval(7_200), reminderShownFor: shownAt, reminders: reminders),
    ]
  }

  func derive(_ todos: [Todo], at now: Date, reminded: [Todo.ID: Date] = [:], rules: QuickActionRules? = nil) -> QuickActionDerivation {
    QuickActionDerivation(todos: IdentifiedArray(uniqueElements: todos), rules: rules ?? self.rules, reminded: reminded, now: now)
  }

  @Test func eachReminderRingsAtItsMomentOnce() {
    var todos = todos([.before(3_600), .before(600)])
    // Before the first: nothing beyond max, and the wake-up set for it.
    var derived = derive(todos, at: start)
    #expect(derived.reminders.isEmpty)
    #expect(derived.nextChange == start.addingTimeInterval(3_600))
    // The first rings, and is recorded.
    let first = start.addingTimeInterval(3_600)
    derived = derive(todos, at: first)
    #expect(derived.reminders.map(\.title) == ["call"])
    #expect(derived.firstReminders == [.init(id: UUID(2), at: first)])
    #expect(derived.nextChange == start.addingTimeInterval(6_600))
    // A restarted agent does not ring for it again…
    todos[1].reminderShownFor = first
    #expect(derive(todos, at: first.addingTimeInterval(60)).reminders.isEmpty)
    // …but rings for the second.
    let second = start.addingTimeInterval(6_600)
    derived = derive(todos, at: second)
    #expect(derived.reminders.map(\.title) == ["call"])
    #expect(derived.firstReminders == [.init(id: UUID(2), at: second)])
  }

  @Test func aReminderAcknowledgedOnAnotherDeviceDoesNotRingAndClosesIfShowing() {
    var todos = todos([.before(3_600), .before(600)])
    let first = start.addingTimeInterval(3_600)
    // Dealt with on the phone before it rang here: silent.
    todos[1].acknowledgedUntil = first.addingTimeInterval(30)
    #expect(derive(todos, at: first.addingTimeInterval(60)).reminders.isEmpty)
    // Showing here when the phone's dismissal arrives: it goes.
    todos[1].acknowledgedUntil = nil
    let showing = derive(todos, at: first)
    #expect(showing.reminders.map(\.title) == ["call"])
    todos[1].acknowledgedUntil = first.addingTimeInterval(60)
    #expect(derive(todos, at: first.addingTimeInterval(90), reminded: showing.reminded).reminders.isEmpty)
    // The next reminder, after the acknowledgement, rings.
    #expect(derive(todos, at: start.addingTimeInterval(6_600)).reminders.map(\.title) == ["call"])
  }

  @Test func aSnoozeEndsWithAReminderBeyondMaxOnceUnlessAcknowledgedElsewhere() {
    let until = start.addingTimeInterval(600)
    var todos = todos([])
    todos[1].due = nil
    todos[1].snoozedUntil = until
    #expect(derive(todos, at: start).reminders.isEmpty)
    #expect(derive(todos, at: start).nextChange == until)
    let derived = derive(todos, at: until)
    #expect(derived.reminders.map(\.title) == ["call"])
    #expect(derived.firstReminders == [.init(id: UUID(2), at: until)])
    // Still showing on the next pass; shown once, not again after a restart.
    #expect(derive(todos, at: until.addingTimeInterval(5), reminded: derived.reminded).reminders.map(\.title) == ["call"])
    todos[1].reminderShownFor = until
    #expect(derive(todos, at: until.addingTimeInterval(5)).reminders.isEmpty)
    // Dismissed on the phone when it rang there.
    todos[1].reminderShownFor = nil
    todos[1].acknowledgedUntil = until.addingTimeInterval(2)
    #expect(derive(todos, at: until.addingTimeInterval(5)).reminders.isEmpty)
  }

  @Test func aTodoWithRemindersIsNotRemindedAtTheDefault() {
    let todos = todos([.before(60)])
    let defaultMoment = start.addingTimeInterval(7_200 - 900)
    #expect(derive(todos, at: defaultMoment).reminders.isEmpty)
    #expect(derive(todos, at: defaultMoment).nextChange == start.addingTimeInterval(7_140))
  }

  @Test func anAbsoluteReminderRingsForATodoWithoutADueTime() {
    let at = start.addingTimeInterval(300)
    let todos = [
      Todo(id: UUID(1), title: "report", priority: .high, createdAt: start),
      Todo(id: UUID(2), title: "plants", createdAt: start, reminders: [Reminder(.absolute(at))]),
    ]
    #expect(derive(todos, at: start).nextChange == at)
    #expect(derive(todos, at: at).reminders.map(\.title) == ["plants"])
  }

  @Test func withTheDefaultNoneATodoWithoutRemindersRingsForNone() {
    var rules = self.rules
    rules.reminderLeadTime = nil
    let todos = todos([])
    #expect(derive(todos, at: start.addingTimeInterval(7_000), rules: rules).reminders.isEmpty)
    #expect(derive(todos, at: start.addingTimeInterval(7_000)).reminders.map(\.title) == ["call"], "15 min before by default")
  }

  @Test func missedRemindersRingOnceForTheLatest() {
    // The agent was off through all three; it starts after the last.
    let todos = todos([.before(5_400), .before(3_600), .before(600)])
    let derived = derive(todos, at: start.addingTimeInterval(7_000))
    #expect(derived.reminders.map(\.title) == ["call"])
    #expect(derived.firstReminders == [.init(id: UUID(2), at: start.addingTimeInterval(6_600))])
  }

  @Test func aReminderShownByAnOlderVersionForTheDueTimeIsNotShownAgain() {
    let todos = todos([], shownAt: start.addingTimeInterval(7_200))
    #expect(derive(todos, at: start.addingTimeInterval(7_000)).reminders.isEmpty)
  }

  @Test func aRepeatingReminderRingsAgain() {
    let todos = todos([Reminder(.relative(.due, offset: -600), repeatCount: 2, interval: 120)])
    let first = start.addingTimeInterval(6_600)
    var derived = derive(todos, at: first)
    #expect(derived.firstReminders == [.init(id: UUID(2), at: first)])
    #expect(derived.nextChange == first.addingTimeInterval(120))
    derived = derive(todos, at: first.addingTimeInterval(120), reminded: [UUID(2): first])
    #expect(derived.firstReminders == [.init(id: UUID(2), at: first.addingTimeInterval(120))])
  }
}
