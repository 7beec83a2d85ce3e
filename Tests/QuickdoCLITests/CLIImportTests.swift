import Foundation
import Testing

/// `import` is honest: it checks every todo as `add` does, refuses a file whole, never
/// silently undoes later work, and `list --json` → `import` → `list --json` is the same
/// document.
struct CLIImportTests {
  @Test func anExportImportedIntoAnEmptyDatabaseGivesTheSameDocument() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let dues = [
      "1900-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2000-02-29T12:00:00Z", "2026-11-23T08:30:00Z",
      "9999-12-31T23:59:59Z",
    ]
    for due in dues {
      #expect(try q.run("add", "due \(due)", "--due", due, "--url", "https://example.com/a?b=c").status == 0)
    }
    let done = try q.run("add", "done one").stdout.trimmingCharacters(in: .newlines)
    #expect(try q.run("done", done).status == 0)
    let exported = try q.run("list", "--json", "--all").stdout
    let other = q.directory.appendingPathComponent("other.sqlite").path
    #expect(try q.run(["--db", other, "import", "-"], stdin: exported).status == 0)
    #expect(try q.run(["--db", other, "list", "--json", "--all"]).stdout == exported)
    // And the human list shows the day the document has.
    #expect(try q.run(["--db", other, "list"]).stdout.contains("1900-01-01"))
  }

  @Test func datesOutsideTheKeptRangeAreRefusedEverywhere() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    for due in ["1500-03-01T00:00:00Z", "1899-12-31T23:59:59Z", "0001-01-01T00:00:00Z"] {
      let added = try q.run("add", "x", "--due", due)
      #expect(added.status == 65, "\(due): \(added.stderr)")
      let imported = try q.run(
        ["import", "-"],
        stdin: #"[{"id":"abcd0000-0000-4000-8000-000000000001","title":"x","createdAt":"2026-11-01T10:00:00Z","due":"\#(due)"}]"#)
      #expect(imported.status == 65, "\(due)")
      #expect(imported.stderr.contains("outside the dates quickdo keeps"))
    }
    #expect(try q.listJSON("--all").isEmpty)
  }

  @Test(arguments: [
    (#""title":"   ""#, "the title is empty"),
    (#""title":"""#, "the title is empty"),
    (#""title":"x","url":"javascript:alert(1)""#, "'javascript:alert(1)' is not a link"),
    (#""title":"x","url":"file:///etc/passwd""#, "is not a link"),
    (#""title":"x","url":"-x""#, "'-x' is not a link"),
  ])
  func aTodoAddWouldRefuseIsRefusedWholeNamingIt(_ fields: String, _ message: String) throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let json = """
      [{"id":"abcd0000-0000-4000-8000-000000000001","title":"fine","createdAt":"2026-11-01T10:00:00Z"},
       {"id":"abcd0000-0000-4000-8000-000000000002",\(fields),"createdAt":"2026-11-01T10:00:00Z"}]
      """
    let result = try q.run(["import", "-"], stdin: json)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("todo 1 ('abcd0000-0000-4000-8000-000000000002')"), "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(try q.listJSON("--all").isEmpty)
  }

  @Test func oneIdTwiceIsRefusedNamingIt() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let json = """
      [{"id":"abcd0000-0000-4000-8000-000000000001","title":"a","createdAt":"2026-11-01T10:00:00Z"},
       {"id":"ABCD0000-0000-4000-8000-000000000001","title":"b","createdAt":"2026-11-01T10:00:00Z"}]
      """
    let result = try q.run(["import", "-"], stdin: json)
    #expect(result.status == 65)
    #expect(result.stderr.contains("'abcd0000-0000-4000-8000-000000000001'): the id appears more than once"))
    #expect(try q.listJSON("--all").isEmpty)
  }

  @Test func reimportingAnOlderExportSkipsExistingTodosUnlessReplaceIsGiven() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let id = try q.run("add", "first title").stdout.trimmingCharacters(in: .newlines)
    let older = try q.run("list", "--json", "--all").stdout
    #expect(try q.run("edit", id, "--title", "edited later").status == 0)
    #expect(try q.run("done", id).status == 0)
    let again = try q.run(["import", "-"], stdin: older)
    #expect(again.status == 0)
    #expect(again.stderr.contains("imported 0 todos; skipped 1 already in the database"))
    let kept = try q.listJSON("--all")
    #expect(kept.first?["title"] as? String == "edited later")
    #expect(kept.first?["isComplete"] as? Bool == true)
    let replaced = try q.run(["import", "--replace", "-"], stdin: older)
    #expect(replaced.status == 0 && replaced.stderr.contains("1 of them replacing"))
    #expect(try q.listJSON("--all").first?["title"] as? String == "first title")
  }

  @Test func taskwarriorTasksNeedTheirUuidAndDoNotMultiply() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let withUUID = #"[{"description":"tw","status":"pending","uuid":"5f0e2a3b-1c2d-4e5f-8a9b-0c1d2e3f4a5b","entry":"20261101T100000Z"}]"#
    #expect(try q.run(["import", "-"], stdin: withUUID).status == 0)
    #expect(try q.run(["import", "-"], stdin: withUUID).status == 0)
    #expect(try q.listJSON("--all").count == 1)
    for task in [#"{"description":"no uuid","status":"pending"}"#, #"{"description":"bad","uuid":"nope"}"#] {
      let result = try q.run(["import", "-"], stdin: "[\(task)]")
      #expect(result.status == 65)
      #expect(result.stderr.contains("task 0 has no valid uuid"))
    }
    #expect(try q.listJSON("--all").count == 1)
  }

  /// A recurring task as `task export` gives it: the template (status `recurring`, with
  /// `recur`, `until` and `mask`) and its instances (with `parent`). One repeating todo,
  /// due when the first pending instance is; the instances are not imported again.
  @Test func aTaskwarriorRecurringTaskIsOneRepeatingTodo() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let template = "7a1b2c3d-0000-4000-8000-000000000001"
    let export = """
      [{"description":"Water plants","status":"recurring","uuid":"\(template)","entry":"20261101T100000Z",
        "due":"20261107T100000Z","recur":"weekly","until":"20271231T230000Z","mask":"+-"},
       {"description":"Water plants","status":"completed","uuid":"7a1b2c3d-0000-4000-8000-000000000002",
        "entry":"20261101T100000Z","end":"20261107T120000Z","due":"20261107T100000Z","parent":"\(template)","imask":0},
       {"description":"Water plants","status":"pending","uuid":"7a1b2c3d-0000-4000-8000-000000000003",
        "entry":"20261108T100000Z","due":"20261114T100000Z","parent":"\(template)","imask":1},
       {"description":"Backup","status":"recurring","uuid":"7a1b2c3d-0000-4000-8000-000000000004",
        "entry":"20261101T100000Z","due":"20261106T180000Z","recur":"P2W"}]
      """
    let result = try q.run(["import", "-"], stdin: export, environment: ["TZ": "UTC"])
    #expect(result.status == 0, "\(result.stderr)")
    let todos = try q.listJSON("--all")
    #expect(todos.count == 2)
    let plants = try #require(todos.first { $0["id"] as? String == template })
    #expect(plants["repeat"] as? String == "FREQ=WEEKLY;UNTIL=20271231T230000")
    #expect(plants["due"] as? String == "2026-11-14T10:00:00Z")
    #expect(todos.contains { $0["repeat"] as? String == "FREQ=WEEKLY;INTERVAL=2" })

    let unknown = export.replacingOccurrences(of: "\"P2W\"", with: "\"every full moon\"")
    let other = try QuickdoProcess()
    defer { other.remove() }
    let refused = try other.run(["import", "-"], stdin: unknown)
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("task 3 recurs 'every full moon', which quickdo does not repeat"), "\(refused.stderr)")
  }

  /// quickdo's own JSON keeps the rule; a repeating todo without a due time is refused.
  @Test func ownJSONCarriesTheRule() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let todo = #"{"id":"00000000-0000-4000-8000-000000000001","title":"t","createdAt":"2026-11-01T10:00:00Z","due":"2026-11-02T09:00:00Z","repeat":"FREQ=DAILY","repeatFrom":"completion"}"#
    #expect(try q.run(["import", "-"], stdin: "[\(todo)]").status == 0)
    #expect(try q.listJSON().first?["repeat"] as? String == "FREQ=DAILY")
    #expect(try q.listJSON().first?["repeatFrom"] as? String == "completion")
    let noDue = try q.run(["import", "-"], stdin: #"[{"id":"00000000-0000-4000-8000-000000000002","title":"t","createdAt":"2026-11-01T10:00:00Z","repeat":"FREQ=DAILY"}]"#)
    #expect(noDue.status == 65 && noDue.stderr.contains("needs a due time"), "\(noDue.stderr)")
    // A series anchored at its start instead, as sync reads Thunderbird's, comes back as exported.
    let started = #"{"id":"00000000-0000-4000-8000-000000000003","title":"s","createdAt":"2026-11-01T10:00:00Z","start":"2036-11-02T08:00:00Z","repeat":"FREQ=DAILY"}"#
    #expect(try q.run(["import", "-"], stdin: "[\(started)]").status == 0)
    let imported = try q.listJSON().first { $0["title"] as? String == "s" }
    #expect(imported?["start"] as? String == "2036-11-02T08:00:00Z" && imported?["repeat"] as? String == "FREQ=DAILY")
  }
}
