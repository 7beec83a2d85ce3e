import Foundation
import Testing

/// The CLI contract end to end: the built binary on a temp database.
struct CLILifecycleTests {
  @Test func addListDoneUndoRemove() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let added = try q.run("add", "Write <b>report</b> & send", "--priority", "high", "--notes", "n1", "--url", "https://example.com/x")
    #expect(added.status == 0)
    let id = added.stdout.trimmingCharacters(in: .newlines)
    #expect(id.count == 36 && id == id.lowercased())
    #expect(added.stdout == id + "\n")

    var list = try q.listJSON()
    #expect(list.count == 1)
    #expect(list[0]["id"] as? String == id)
    #expect(list[0]["title"] as? String == "Write <b>report</b> & send")
    #expect(list[0]["priority"] as? String == "high")
    #expect(list[0]["isComplete"] as? Bool == false)
    #expect(list[0]["completedAt"] is NSNull)
    #expect(list[0]["url"] as? String == "https://example.com/x")
    for key in ["id", "title", "notes", "priority", "isComplete", "createdAt", "completedAt", "due", "url", "snoozedUntil"] {
      #expect(list[0].keys.contains(key), "missing \(key)")
    }

    #expect(try q.run("done", String(id.prefix(6))).status == 0)
    #expect(try q.listJSON().isEmpty)
    list = try q.listJSON("--completed")
    #expect(list.count == 1)
    #expect(list[0]["completedAt"] is String)
    #expect(try q.run("done", id).status == 0)  // idempotent

    #expect(try q.run("undo", id).status == 0)
    #expect(try q.listJSON().count == 1)

    #expect(try q.run("edit", id, "--title", "Renamed", "--due", "2030-01-02 10:00").status == 0)
    list = try q.listJSON()
    #expect(list[0]["title"] as? String == "Renamed")
    #expect(list[0]["due"] is String)

    #expect(try q.run("snooze", id, "15m").status == 0)
    #expect(try q.listJSON()[0]["snoozedUntil"] is String)

    #expect(try q.run("rm", id).status == 0)
    #expect(try q.listJSON("--all").isEmpty)
  }

  @Test func humanListAndGlobalOptionsBeforeTheCommand() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let other = q.directory.appendingPathComponent("other.sqlite").path
    #expect(try q.run(["--db", other, "add", "In the other db"]).status == 0)
    #expect(try q.run(["list", "--db", other]).stdout.contains("In the other db"))
    #expect(try q.run(["--db=\(other)", "list"]).stdout.contains("In the other db"))
    #expect(try q.run("list").stdout.isEmpty)
  }

  @Test func clearDeletesCompletedOnly() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let a = try q.run("add", "a").stdout.trimmingCharacters(in: .newlines)
    _ = try q.run("add", "b")
    _ = try q.run("done", a)
    #expect(try q.run("clear").status == 0)
    #expect(try q.listJSON("--all").map { $0["title"] as? String } == ["b"])
  }

  @Test func importsQuickdoJSONAndTaskwarriorExport() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let quickdo = """
      [{"id":"aaaaaaaa-0000-4000-8000-000000000001","title":"from json","notes":"","priority":"low",
        "isComplete":false,"createdAt":"2026-11-01T10:00:00Z","completedAt":null,"due":null,
        "url":null,"snoozedUntil":null}]
      """
    let file = q.directory.appendingPathComponent("in.json")
    try quickdo.write(to: file, atomically: true, encoding: .utf8)
    #expect(try q.run("import", file.path).status == 0)
    #expect(try q.run("import", file.path).status == 0)  // idempotent
    let taskwarrior = """
      [{"id":1,"description":"from task","entry":"20261101T100000Z","modified":"20261101T100000Z",
        "status":"pending","uuid":"bbbbbbbb-0000-4000-8000-000000000002","priority":"H","due":"20261201T170000Z","urgency":8},
       {"id":0,"description":"finished","entry":"20261101T100000Z","end":"20261102T100000Z",
        "status":"completed","uuid":"bbbbbbbb-0000-4000-8000-000000000003"},
       {"id":0,"description":"gone","entry":"20261101T100000Z","status":"deleted","uuid":"bbbbbbbb-0000-4000-8000-000000000004"}]
      """
    #expect(try q.run(["import", "-"], stdin: taskwarrior).status == 0)
    let all = try q.listJSON("--all")
    #expect(all.map { $0["title"] as? String } == ["from task", "from json", "finished"])
    #expect(all[0]["priority"] as? String == "high")
    #expect(all[0]["due"] as? String == "2026-12-01T17:00:00Z")
    #expect(all[2]["isComplete"] as? Bool == true)
  }
}
