import Foundation
import Testing

/// `--remind` on the command line and `remind=` in a link: what `list --json` carries, an
/// edit replacing them, `none`, and the errors (65, naming the value).
struct CLIReminderTests {
  let utc = ["TZ": "UTC"]

  func json(_ q: QuickdoProcess, _ id: String) throws -> [String: Any] {
    try #require(try q.listJSON("--all").first { $0["id"] as? String == id })
  }

  /// The todo's reminders in `list --json`, each as compact JSON with its keys sorted.
  func reminders(_ q: QuickdoProcess, _ id: String) throws -> [String] {
    try Self.compact(try json(q, id)["reminders"])
  }

  static func compact(_ value: Any?) throws -> [String] {
    try #require(value as? [Any]).map {
      String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }
  }

  @Test func remindersAreAddedListedReplacedAndRemoved() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let added = try q.run(
      ["add", "Call the bank", "--due", "2030-01-01 09:00", "--remind", "15m", "--remind", "2029-12-31 18:00"],
      environment: utc)
    #expect(added.status == 0, "\(added.stderr)")
    let id = added.stdout.trimmingCharacters(in: .newlines)
    #expect(try reminders(q, id) == [#"{"offset":-900,"related":"due"}"#, #"{"at":"2029-12-31T18:00:00Z"}"#])
    #expect(try q.run(["edit", id, "--remind", "1d"], environment: utc).status == 0)
    #expect(try reminders(q, id) == [#"{"offset":-86400,"related":"due"}"#])
    #expect(try q.run(["edit", id, "--remind", "none"], environment: utc).status == 0)
    #expect(try reminders(q, id) == [])
    let plain = try q.run(["add", "No reminders"]).stdout.trimmingCharacters(in: .newlines)
    #expect(try reminders(q, plain) == [])
  }

  @Test func aLinkTakesRemindersToo() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let opened = try q.run(["open", "quickdo://add?title=Pay%20rent&due=2030-02-01%2009:00&remind=1h&remind=10m"], environment: utc)
    #expect(opened.status == 0, "\(opened.stderr)")
    let todo = try #require(try q.listJSON("--all").first)
    #expect(try Self.compact(todo["reminders"]) == [#"{"offset":-3600,"related":"due"}"#, #"{"offset":-600,"related":"due"}"#])
  }

  @Test func badRemindersAreRefusedInWords() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let bad = try q.run(["add", "x", "--due", "tomorrow", "--remind", "whenever"])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("'whenever' is not a reminder"), "\(bad.stderr)")
    let noDue = try q.run(["add", "x", "--remind", "15m"])
    #expect(noDue.status == 65)
    #expect(noDue.stderr.contains("the todo has none (give --due)"), "\(noDue.stderr)")
    let mixed = try q.run(["add", "x", "--due", "tomorrow", "--remind", "none", "--remind", "15m"])
    #expect(mixed.status == 65)
    #expect(try q.listJSON("--all").isEmpty, "nothing added")
  }
}
