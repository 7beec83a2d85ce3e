import Foundation
import Models
import NotificationLayout
import Testing

/// What a pending todo looks like as a notification: its buttons, body, urgency, the Undo
/// offer after Done, and the summary.
struct QuickActionTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)

  func todo(_ title: String = "Pay rent", url: URL? = nil, due: Date? = nil, priority: Priority = .normal) -> Todo {
    Todo(id: UUID(uuidString: "0f8fad5b-d9cb-469f-a165-70867728950e")!, title: title, priority: priority, createdAt: now, due: due, url: url)
  }

  @Test func doneAndSnoozeAlwaysAndOpenOnlyWithALink() {
    let rules = QuickActionRules()
    #expect(rules.quickAction(for: todo(), now: now).buttons.map(\.kind) == [.done, .snooze])
    let linked = rules.quickAction(for: todo(url: URL(string: "https://example.com")), now: now)
    #expect(linked.buttons.map(\.kind) == [.done, .snooze, .open])
    #expect(linked.bodyClick?.kind == .open)
    var quiet = rules
    quiet.showSnooze = false
    #expect(quiet.quickAction(for: todo(), now: now).buttons.map(\.kind) == [.done])
  }

  @Test func anOverdueTodoTakesAtLeastHighPrioritysUrgency() {
    var rules = QuickActionRules()
    rules.urgency[.high] = .critical
    #expect(rules.quickAction(for: todo(due: now.addingTimeInterval(60)), now: now).urgency == .normal)
    let overdue = rules.quickAction(for: todo(due: now.addingTimeInterval(-60)), now: now)
    #expect(overdue.urgency == .critical)
    #expect(overdue.body.hasPrefix("Due "))
  }

  @Test func aSubtaskNamesItsParentAndAParentCountsItsSubtasks() {
    let rules = QuickActionRules()
    #expect(rules.quickAction(for: todo("Milk"), now: now, parent: "Groceries").title == "Groceries › Milk")
    #expect(rules.quickAction(for: todo("Groceries"), now: now, subtasks: (1, 3)).body == "1 of 3 subtasks done")
  }

  /// The offer's id is never a todo's, and a series done names its next time, whether its
  /// due time or its start anchors it.
  @Test func theUndoOfferHasItsOwnIdAndNamesTheNextTime() {
    var series = todo("Water the plants")
    series.start = now.addingTimeInterval(86_400)
    series.repeatRule = RepeatRule(.daily)
    let offer = QuickAction.undoOffer(for: series, rules: QuickActionRules(), now: now)
    #expect(offer.id != series.id && offer.id == QuickAction.undoID(for: series.id))
    #expect(offer.title == "Done: Water the plants — next \(LocalDateText.relative(series.start!, now: now))")
    #expect(offer.buttons.map(\.kind) == [.undo] && offer.bodyClick?.kind == .undo)
  }

  @Test func theSummaryHasADoneButtonPerTodoShown() {
    let rules = QuickActionRules()
    let shown = [rules.quickAction(for: todo("a"), now: now)]
    let summary = QuickAction.summary(of: shown, pending: 5)
    #expect(summary.id == QuickAction.summaryID)
    #expect(summary.title == "5 pending todos")
    #expect(summary.buttons.map(\.label) == ["a"] && summary.body == "• a")
  }
}
