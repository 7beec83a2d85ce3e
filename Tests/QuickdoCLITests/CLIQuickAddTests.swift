import Foundation
import Testing

/// `quickdo add --parse LINE` and `quickdo://add?text=…` on the built binary: the line's
/// parts become the todo's fields, a new list is made, what was read goes to stderr as
/// `list` shows it, and a line that makes no todo, or options the line should give, exit
/// with a sentence and add nothing.
struct CLIQuickAddTests {
  let utc = ["TZ": "UTC"]

  @Test func aLineBecomesTheTodoItDescribes() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let added = try q.run(
      ["add", "--parse", "Buy milk 2030-01-07 9:00 #Home @errand p2 every monday remind 1h"], environment: utc)
    #expect(added.status == 0, "\(added.stderr)")
    let id = added.stdout.trimmingCharacters(in: .newlines)
    #expect(id.count == 36, "only the id on stdout: \(added.stdout)")
    #expect(added.stderr.contains("Buy milk #errand  [Home]  (due "), "\(added.stderr)")
    let todo = try #require(try q.listJSON("--all").first { $0["id"] as? String == id })
    #expect(todo["title"] as? String == "Buy milk")
    #expect(todo["due"] as? String == "2030-01-07T09:00:00Z")
    #expect(todo["list"] as? String == "Home")
    #expect(todo["tags"] as? [String] == ["errand"])
    #expect(todo["priority"] as? String == "high")
    #expect(todo["repeat"] as? String == "FREQ=WEEKLY;BYDAY=MO")
    #expect(try CLIReminderTests.compact(todo["reminders"]) == [#"{"offset":-3600,"related":"due"}"#])
    #expect(try q.run("lists").stdout.contains("Home"))

    // Without --parse the title is kept as typed.
    let literal = try q.run(["add", "Buy milk tomorrow #Home"]).stdout.trimmingCharacters(in: .newlines)
    #expect(try q.listJSON("--all").first { $0["id"] as? String == literal }?["title"] as? String == "Buy milk tomorrow #Home")
  }

  @Test func aLinkWithTextReadsTheLine() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let added = try q.run(["open", "quickdo://add?text=Call%20Bob%20%23Work%20p1&notes=about%20lunch"], environment: utc)
    #expect(added.status == 0, "\(added.stderr)")
    let todo = try #require(try q.listJSON("--all").first)
    #expect(todo["title"] as? String == "Call Bob")
    #expect(todo["list"] as? String == "Work")
    #expect(todo["priority"] as? String == "high")
    #expect(todo["notes"] as? String == "about lunch")
  }

  @Test func aLineThatMakesNoTodoOrClashesWithOptionsAddsNothing() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let noTitle = try q.run(["add", "--parse", "tomorrow 9:00 #Home"])
    #expect(noTitle.status == 65)
    #expect(noTitle.stderr.contains("the line has no title, only when, where and how"), "\(noTitle.stderr)")
    let badTag = try q.run(["add", "--parse", "Pay @bad\u{1B}[2Jtag"])
    #expect(badTag.status == 65)
    #expect(badTag.stderr.contains("contains control or format characters"), "\(badTag.stderr)")
    let huge = try q.run(["add", "--parse", String(repeating: "word ", count: 20_000)])
    #expect(huge.status == 65)
    #expect(huge.stderr.contains("the line is longer than 2000 characters"), "\(huge.stderr)")
    let both = try q.run(["add", "--parse", "Pay rent", "--due", "tomorrow"])
    #expect(both.status == 64)
    #expect(both.stderr.contains("--parse reads the due time"), "\(both.stderr)")
    let repeatWithoutDue = try q.run(["add", "--parse", "Water plants every monday"])
    #expect(repeatWithoutDue.status == 65, "\(repeatWithoutDue.stderr)")
    #expect(try q.listJSON("--all").isEmpty)
  }

  @Test func aDryRunPrintsWhatTheLineWouldAddAndAddsNothing() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let shown = try q.run(["add", "--parse", "--dry-run", "Buy milk tomorrow 9:00 #Home @errand p2"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout == "Add: Buy milk\ntomorrow 09:00 · new list Home · @errand · high\n", "\(shown.stdout)")
    #expect(try q.run(["add", "Fill the car", "--list", "Home"]).status == 0)
    #expect(try q.run(["add", "--parse", "--dry-run", "Buy milk #Home"]).stdout == "Add: Buy milk\nHome\n")
    let refused = try q.run(["add", "--parse", "--dry-run", "tomorrow 9:00 #Home"])
    #expect(refused.status == 65 && refused.stderr.contains("the line has no title"), "\(refused.stderr)")
    #expect(try q.run(["add", "--dry-run", "Buy milk"]).status == 64)
    #expect(try q.listJSON("--all").map { $0["title"] as? String } == ["Fill the car"])
  }
}
