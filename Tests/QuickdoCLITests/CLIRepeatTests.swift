import Foundation
import Models
import Testing

/// `--repeat` on the command line: each form, what `list` and `list --json` say, Done
/// moving the todo, ending a series, and the errors (65, naming the part that is wrong).
struct CLIRepeatTests {
  /// Runs in UTC, so the due times below are the wall-clock times the rules work in.
  let utc = ["TZ": "UTC"]

  func add(_ q: QuickdoProcess, _ arguments: String...) throws -> String {
    let result = try q.run(["add"] + arguments, environment: utc)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result.stdout.trimmingCharacters(in: .newlines)
  }

  func json(_ q: QuickdoProcess, _ id: String) throws -> [String: Any] {
    try #require(try q.listJSON("--all").first { $0["id"] as? String == id })
  }

  @Test(arguments: [
    ("daily", "FREQ=DAILY", "every day at 09:00"),
    ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday at 09:00"),
    ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2", "every 2 weeks at 09:00"),
    ("every monday,thursday", "FREQ=WEEKLY;BYDAY=MO,TH", "every monday, thursday at 09:00"),
    ("every month on the last friday", "FREQ=MONTHLY;BYDAY=-1FR", "every month on the last friday at 09:00"),
    ("FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=MONTHLY;BYMONTHDAY=1", "every month on the 1st at 09:00"),
  ])
  func eachFormIsStoredAsItsRuleAndListedInWords(_ words: String, _ rrule: String, _ listed: String) throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let id = try add(q, "Take pills", "--due", "2030-01-01 09:00", "--repeat", words)
    let todo = try json(q, id)
    #expect(todo["repeat"] as? String == rrule)
    #expect(todo["repeatFrom"] as? String == "due")
    #expect(try q.run(["list"], environment: utc).stdout.contains("(\(listed))"))
  }

  @Test func doneMovesItAndTheLastOfACountCompletesIt() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let id = try add(q, "Take pills", "--due", "2030-01-01 09:00", "--repeat", "daily", "--count", "3")
    #expect(try q.run(["done", id], environment: utc).status == 0)
    let moved = try json(q, id)
    #expect(moved["isComplete"] as? Bool == false)
    #expect(moved["repeat"] as? String == "FREQ=DAILY;COUNT=2", "done early: two times left")
    #expect(moved["due"] as? String == "2030-01-02T09:00:00Z")
    #expect(try q.run(["done", id], environment: utc).status == 0)
    #expect(try json(q, id)["due"] as? String == "2030-01-03T09:00:00Z")
    #expect(try q.run(["done", id], environment: utc).status == 0)
    #expect(try json(q, id)["isComplete"] as? Bool == true)
    // A series whose times have all passed is done for good at once.
    let past = try add(q, "Old habit", "--due", "2020-01-01 09:00", "--repeat", "daily", "--count", "3")
    #expect(try q.run(["done", past], environment: utc).status == 0)
    #expect(try json(q, past)["isComplete"] as? Bool == true)

    let forever = try add(q, "Water plants", "--due", "2020-01-04 10:00", "--repeat", "every saturday", "--repeat-from", "completion")
    #expect(try json(q, forever)["repeatFrom"] as? String == "completion")
    #expect(try q.run(["done", forever], environment: utc).status == 0)
    let next = try #require(JSONCoding.date(from: try json(q, forever)["due"] as? String ?? ""))
    #expect(next > Date() && next < Date().addingTimeInterval(8 * 86_400), "the next Saturday from today")
  }

  @Test func undoPutsBackTheOccurrenceDoneCompleted() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    // Due days ago: Done skips to the next time after now; undo brings back the one missed.
    let id = try add(q, "Take pills", "--due", "2020-01-01 09:00", "--repeat", "daily", "--count", "5000")
    #expect(try q.run(["done", id], environment: utc).status == 0)
    #expect(try json(q, id)["due"] as? String != "2020-01-01T09:00:00Z")
    #expect(try q.run(["undo", id], environment: utc).status == 0)
    let undone = try json(q, id)
    #expect(undone["due"] as? String == "2020-01-01T09:00:00Z")
    #expect(undone["repeat"] as? String == "FREQ=DAILY;COUNT=5000")
    #expect(try q.run(["open", "quickdo://todo/\(id)/done"], environment: utc).status == 0)
    #expect(try q.run(["open", "quickdo://todo/\(id)/undo"], environment: utc).status == 0)
    #expect(try json(q, id)["due"] as? String == "2020-01-01T09:00:00Z", "the undo link does the same")
  }

  @Test func editChangesOrEndsTheRule() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let id = try add(q, "Backup", "--due", "2030-01-04 18:00", "--repeat", "every 2 weeks on friday")
    #expect(try q.run(["edit", id, "--until", "2030-06-30"], environment: utc).status == 0)
    #expect(try json(q, id)["repeat"] as? String == "FREQ=WEEKLY;INTERVAL=2;UNTIL=20300630T235900;BYDAY=FR")
    #expect(try q.run(["edit", id, "--repeat", "monthly"], environment: utc).status == 0)
    #expect(try json(q, id)["repeat"] as? String == "FREQ=MONTHLY")
    #expect(try q.run(["edit", id, "--repeat", "none"], environment: utc).status == 0)
    let oneOff = try json(q, id)
    #expect(oneOff["repeat"] is NSNull)
    #expect(oneOff["due"] as? String == "2030-01-04T18:00:00Z")
  }

  @Test func wrongRulesExit65NamingThePart() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let cases: [([String], String)] = [
      (["add", "x", "--repeat", "daily"], "a repeating todo needs a due time"),
      (["add", "x", "--due", "9:00", "--repeat", "every blursday"], "'blursday' is not a weekday"),
      (["add", "x", "--due", "9:00", "--repeat", "FREQ=HOURLY"], "FREQ=HOURLY is not supported"),
      (["add", "x", "--due", "9:00", "--repeat", "FREQ=MONTHLY;BYSETPOS=-1;BYDAY=FR"], "BYSETPOS is not supported"),
      (["add", "x", "--due", "9:00", "--count", "3"], "--count needs a rule"),
      (["add", "x", "--due", "9:00", "--repeat", "daily", "--count", "2", "--until", "2031-01-01"], "--until and --count do not go together"),
      (["add", "x", "--due", "2030-01-01 9:00", "--repeat", "daily", "--until", "2029-01-01"], "has no time from the due time on"),
      (["add", "x", "--due", "9:00", "--repeat-from", "completion"], "--repeat-from needs a rule"),
    ]
    for (arguments, fragment) in cases {
      let result = try q.run(arguments, environment: utc)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
    }
    let id = try add(q, "Take pills", "--due", "9:00", "--repeat", "daily")
    let noDue = try q.run(["edit", id, "--due", "none"], environment: utc)
    #expect(noDue.status == 65 && noDue.stderr.contains("needs a due time"), "\(noDue.stderr)")
    #expect(try q.listJSON().count == 1)
  }
}
