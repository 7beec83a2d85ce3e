import Foundation
import Launchers
import Models
import Testing

/// What a launcher's words match: the line after `todo` as the todo to add, previewed, or
/// refused with the reason as its subtext; otherwise pending todos by the words of their
/// titles. In the C locale, at the process's clock and zone.
@Suite struct LauncherSearchTests {
  let now = Date()

  func todo(_ title: String, due: Date? = nil, done: Bool = false, list: String = "Todos") -> Todo {
    var todo = Todo(id: UUID(), title: title, createdAt: now, due: due, list: list)
    todo.isComplete = done
    return todo
  }

  @Test func theKeywordStartsALineToAdd() {
    #expect(LauncherSearch.lineToAdd("todo Buy milk") == "Buy milk")
    #expect(LauncherSearch.lineToAdd("  Todo   Buy milk ") == "Buy milk ")
    #expect(LauncherSearch.lineToAdd("todo") == nil)
    #expect(LauncherSearch.lineToAdd("todo   ") == nil)
    #expect(LauncherSearch.lineToAdd("todos Buy milk") == nil)
    #expect(LauncherSearch.lineToAdd("Buy milk todo") == nil)
  }

  @Test func theIssuesLineIsPreviewedPartByPart() {
    let result = LauncherSearch.preview("Buy milk tomorrow 9:00 #Home @errand p2 every monday", now: now, lists: [])
    #expect(result.id == .add(line: "Buy milk tomorrow 9:00 #Home @errand p2 every monday"))
    #expect(result.text == "Add: Buy milk")
    let parts = result.subtext.components(separatedBy: " · ")
    #expect(parts.count == 5, "\(result.subtext)")
    #expect(parts.first == "tomorrow 09:00")
    #expect(parts.dropFirst().first == "new list Home")
    #expect(parts.contains("@errand") && parts.contains("high"))
    #expect(parts.last?.hasPrefix("every monday") == true, "\(result.subtext)")
    // A list there is, by its name alone.
    #expect(LauncherSearch.preview("Buy milk #Home", now: now, lists: ["Home"]).subtext == "Home")
    #expect(LauncherSearch.preview("Call Bob remind in 2h", now: now, lists: []).subtext == "1 reminder")
  }

  @Test func aLineThatCannotBeAddedSaysWhyAndRunsNothing() {
    let refusals = [
      (String(repeating: "x", count: 1_000_000), "longer than 2000 characters"),
      ("#Home tomorrow", "no title"),
      ("Pay rent every month", "needs a due time"),
      ("Fix @bad\u{7}tag", "control or format characters"),
      ((0...100).map { "@t\($0)" }.joined(separator: " "), "more than 100 tags"),
      ((0..<10_000).map { "@t\($0)" }.joined(separator: " "), "longer than 2000 characters"),
    ]
    for (line, reason) in refusals {
      let result = LauncherSearch.preview("Title " + line, now: now, lists: [])
      let expected = line.hasPrefix("#Home") ? LauncherSearch.preview(line, now: now, lists: []) : result
      #expect(expected.id == .problem, "\(line.prefix(40))")
      #expect(expected.subtext.contains(reason), "\(line.prefix(40)): \(expected.subtext)")
      #expect(expected.text.count <= 90)
      #expect(!expected.text.contains("\u{7}"))
    }
    // What stays a title is added as typed: `#` alone, `@@@`, a year 99999.
    #expect(LauncherSearch.preview("# @@@ 5", now: now, lists: []).text == "Add: # @@@ 5")
    #expect(LauncherSearch.preview("Call Bob 99999-01-01", now: now, lists: []).text == "Add: Call Bob 99999-01-01")
  }

  @Test func pendingTodosMatchByEveryWordIgnoringCase() {
    let soon = now.addingTimeInterval(3600)
    let todos = [
      todo("Buy milk", due: soon), todo("Buy oat MILK"), todo("Buy bread"), todo("Milk the cow", done: true),
      todo("Call Bob"),
    ]
    let found = LauncherSearch.matching("milk buy", in: todos, now: now)
    #expect(found.map(\.text) == ["Buy milk", "Buy oat MILK"])
    #expect(found.map(\.id) == [.todo(todos[0].id), .todo(todos[1].id)])
    #expect(found[0].subtext == "Todos · due in 1 hour")
    #expect(found[1].subtext == "Todos")
    #expect(LauncherSearch.matching("m", in: todos, now: now).isEmpty)
    #expect(LauncherSearch.matching("cow", in: todos, now: now).isEmpty)
  }

  @Test func atMostTenInTheListsOrder() {
    let todos = (0..<10_000).map { index in
      todo("Errand \(index)", due: now.addingTimeInterval(Double(10_000 - index) * 60))
    }
    let found = LauncherSearch.matching("errand", in: todos, now: now)
    #expect(found.count == LauncherSearch.maxResults)
    // Soonest due first, as `list` shows them.
    #expect(found.first?.text == "Errand 9999")
  }

  @Test func anIdCarriesWhatRunningItDoes() {
    let id = UUID()
    for result in [LauncherResult.ID.add(line: "Buy milk #Home"), .todo(id), .problem] {
      #expect(LauncherResult.ID(text: result.text) == result)
    }
    #expect(LauncherResult.ID(text: "todo:not-an-id") == nil)
    #expect(LauncherResult.ID(text: "something else") == nil)
  }
}
