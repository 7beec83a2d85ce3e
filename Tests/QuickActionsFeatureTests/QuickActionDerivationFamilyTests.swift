import Composable
import Foundation
import Models
import NotificationLayout
import QuickActionsFeature
import Testing

/// What reaches the desktop follows `[selection]`'s lists and tags, reminders included; a
/// subtask's notification names its parent, a parent's counts its subtasks done.
struct QuickActionDerivationFamilyTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)

  func derive(_ todos: [Todo], _ rules: QuickActionRules) -> QuickActionDerivation {
    QuickActionDerivation(todos: IdentifiedArray(uniqueElements: todos), rules: rules, reminded: [:], now: now)
  }

  @Test func onlyTheSelectedListsAndTagsBecomeNotificationsAndReminders() {
    let soon = now.addingTimeInterval(60)
    let todos = [
      Todo(id: UUID(1), title: "report", createdAt: now, list: "Work"),
      Todo(id: UUID(2), title: "plants", createdAt: now, list: "Home", tags: ["weekly"]),
      Todo(id: UUID(3), title: "milk", createdAt: now, due: soon, list: "Shopping", tags: ["errand"]),
      Todo(id: UUID(4), title: "call", createdAt: now, due: soon, list: "Work", tags: ["phone", "errand"]),
    ]
    var rules = QuickActionRules()
    rules.max = 1
    rules.lists = ["Work", "Home"]
    rules.excludedLists = ["Shopping"]
    var derived = derive(todos, rules)
    #expect((derived.selected + derived.reminders).map(\.title) == ["call"], "milk's reminder too is left out")
    #expect(derived.pendingCount == 3)
    rules.max = 4
    #expect(Set(derive(todos, rules).selected.map(\.title)) == ["call", "report", "plants"])
    rules.max = 1
    rules.lists = []
    rules.excludedLists = []
    rules.tags = ["errand"]
    rules.excludedTags = ["phone"]
    derived = derive(todos, rules)
    #expect((derived.selected + derived.reminders).map(\.title) == ["milk"])
  }

  @Test func aSubtaskNamesItsParentAndAParentCountsItsSubtasks() {
    let todos = [
      Todo(id: UUID(1), title: "Groceries", notes: "Saturday", createdAt: now),
      Todo(id: UUID(2), title: "Buy milk", createdAt: now, parent: UUID(1)),
      Todo(id: UUID(3), title: "Buy bread", isComplete: true, createdAt: now, completedAt: now, parent: UUID(1)),
      Todo(id: UUID(4), title: "Loop", createdAt: now, parent: UUID(5)),
      Todo(id: UUID(5), title: "Back", createdAt: now, parent: UUID(4)),
    ]
    let shown = derive(todos, QuickActionRules()).selected
    let byID = Dictionary(uniqueKeysWithValues: shown.map { ($0.id, $0) })
    #expect(byID[UUID(2)]?.title == "Groceries › Buy milk")
    #expect(byID[UUID(1)]?.title == "Groceries")
    #expect(byID[UUID(1)]?.body == "Saturday\n1 of 2 subtasks done")
    #expect(byID[UUID(4)]?.title == "Back › Loop" && byID[UUID(5)]?.title == "Loop › Back", "a cycle names one step")
  }
}
