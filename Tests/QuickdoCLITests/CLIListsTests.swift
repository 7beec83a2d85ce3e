import Foundation
import Testing

/// Lists, tags and subtasks from the command line: `add --list --tag --parent`, `edit`,
/// `list` with filters and subtasks under their parents, `lists`, links, the config's
/// default list, and imports that keep them (Taskwarrior's projects and tags too).
struct CLIListsTests {
  @Test func listWithWordsShowsTheTodosWhoseTitlesHoldThemAll() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    for title in ["Äpfel kaufen", "Buy oat MILK", "Buy milk", "Milk the cow", "Call Bob"] {
      #expect(try q.run("add", title).status == 0)
    }
    // Every word, in any case, Unicode's too, wherever it stands in the title.
    let milk = try q.run("list", "milk", "BUY").stdout
    #expect(milk.contains("Buy milk") && milk.contains("Buy oat MILK"), "\(milk)")
    #expect(!milk.contains("Milk the cow") && !milk.contains("Call Bob"))
    #expect(try q.run("list", "ÄPFEL").stdout.contains("Äpfel kaufen"))
    #expect(try q.listJSON("ilk").count == 3)
    // Words that no title holds: nothing, and success.
    let none = try q.run("list", "zebra")
    #expect(none.status == 0 && none.stdout.isEmpty)
    // A word that is SQL stays a word.
    #expect(try q.run("list", "%' OR 1=1 --").stdout.isEmpty)
  }

  @Test func todosGoToListsWithTagsAndSubtasksShowUnderTheirParents() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let groceries = try q.run("add", "Groceries", "--list", "Home", "--tag", "errand").stdout
      .trimmingCharacters(in: .newlines)
    let milk = try q.run("add", "Buy milk", "--parent", String(groceries.prefix(8)), "--tag", "dairy", "--tag", "dairy")
      .stdout.trimmingCharacters(in: .newlines)
    #expect(try q.run("add", "Call Anna", "--list", "Work", "--tag", "phone").status == 0)
    #expect(try q.run("add", "Water the plants").status == 0)
    let lines = try q.run("list").stdout.split(separator: "\n").map(String.init)
    let parentLine = try #require(lines.firstIndex { $0.contains("Groceries") })
    #expect(lines[parentLine + 1].contains("    Buy milk #dairy  [Home]"), "\(lines)")
    #expect(lines[parentLine].contains("Groceries #errand  [Home]"))
    #expect(lines.contains { $0.contains("Water the plants  [Todos]") }, "the default list")
    #expect(try q.run("list", "--list", "Home").stdout.split(separator: "\n").count == 2)
    #expect(try q.run("list", "--list", "Home", "--tag", "dairy").stdout.contains("Buy milk"))
    let tagged = try q.listJSON("--tag", "errand")
    #expect(tagged.map { $0["title"] as? String } == ["Groceries"])
    #expect(tagged.first?["list"] as? String == "Home" && tagged.first?["tags"] as? [String] == ["errand"])
    let child = try #require(try q.listJSON().first { $0["id"] as? String == milk })
    #expect(child["parent"] as? String == groceries && child["list"] as? String == "Home")

    // A subtask stays in its parent's list.
    let refused = try q.run("add", "Eggs", "--parent", groceries, "--list", "Work")
    #expect(refused.status == 65 && refused.stderr.contains("a subtask is in its parent's list"), "\(refused.stderr)")
    // A move takes the subtasks along; tags come and go.
    #expect(try q.run("edit", String(groceries.prefix(8)), "--list", "Shopping", "--tag", "weekly", "--untag", "errand").status == 0)
    let moved = try q.listJSON("--list", "Shopping")
    #expect(moved.count == 2)
    #expect(moved.first { $0["title"] as? String == "Groceries" }?["tags"] as? [String] == ["weekly"])
    // A parent cannot be its own subtask's subtask.
    let loop = try q.run("edit", groceries, "--parent", milk)
    #expect(loop.status == 65 && loop.stderr.contains("one of its subtasks"), "\(loop.stderr)")

    // Done on the parent completes the subtask; undo opens both.
    #expect(try q.run("done", groceries).status == 0)
    #expect(try q.listJSON("--list", "Shopping").isEmpty)
    #expect(try q.run("undo", groceries).status == 0)
    #expect(try q.listJSON("--list", "Shopping").count == 2)

    let lists = try q.run("lists", "--json")
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(lists.stdout.utf8)) as? [[String: Any]])
    #expect(parsed.map { $0["name"] as? String } == ["Shopping", "Todos", "Work"])
    #expect(parsed.map { $0["pending"] as? Int } == [2, 1, 1])
    #expect(parsed.allSatisfy { $0["account"] is NSNull && $0["calendar"] is NSNull })
    #expect(try q.run("lists").stdout.contains("Todos     1 pending of 1  local  (default)"))
  }

  @Test func theConfigNamesTheDefaultListAndALinkTheList() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let folder = q.directory.appendingPathComponent("config/quickdo")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "[todos]\ndefault_list = \"Inbox\"\n".write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    #expect(try q.run("add", "Plain").status == 0)
    #expect(try q.run("open", "quickdo://add?title=From+a+link&list=Work&tag=errand&tag=phone").status == 0)
    let todos = try q.listJSON()
    #expect(todos.first { $0["title"] as? String == "Plain" }?["list"] as? String == "Inbox")
    let linked = try #require(todos.first { $0["title"] as? String == "From a link" })
    #expect(linked["list"] as? String == "Work" && linked["tags"] as? [String] == ["errand", "phone"])
    let bad = try q.run("add", "x", "--list", "Bad\u{1B}[2J")
    #expect(bad.status == 65 && bad.stderr.contains("\\u{1B}"), "\(bad.stderr)")
  }

  @Test func anExportKeepsListsTagsAndParentsAndTaskwarriorsProjectsAndTagsArrive() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let parent = try q.run("add", "Garden", "--list", "home.garden", "--tag", "weekend").stdout.trimmingCharacters(in: .newlines)
    #expect(try q.run("add", "Mow", "--parent", parent).status == 0)
    let exported = try q.run("list", "--json", "--all").stdout
    let other = q.directory.appendingPathComponent("other.sqlite").path
    #expect(try q.run(["--db", other, "import", "-"], stdin: exported).status == 0)
    // The same todos, field for field (two made in one second may list in either order
    // once the export's whole seconds are all they have).
    func byID(_ json: String) throws -> [String: NSDictionary] {
      let array = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
      return Dictionary(uniqueKeysWithValues: array.map { ($0["id"] as? String ?? "", $0 as NSDictionary) })
    }
    let again = try q.run(["--db", other, "list", "--json", "--all"]).stdout
    #expect(try byID(again) == byID(exported), "export → import → export")
    #expect(again.count == exported.count)

    let tasks = #"""
      [{"uuid":"5e2c0c52-1f1e-4a53-9d64-2d8f1a0a0001","description":"Prune roses","status":"pending","entry":"20261101T100000Z","project":"home.garden","tags":["outside","weekend"]},
       {"uuid":"5e2c0c52-1f1e-4a53-9d64-2d8f1a0a0002","description":"Buy shears","status":"pending","entry":"20261101T100000Z","depends":"5e2c0c52-1f1e-4a53-9d64-2d8f1a0a0001"}]
      """#
    let third = q.directory.appendingPathComponent("third.sqlite").path
    #expect(try q.run(["--db", third, "import", "-"], stdin: tasks).status == 0)
    let imported = try JSONSerialization.jsonObject(with: Data(try q.run(["--db", third, "list", "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
    let roses = try #require(imported.first { $0["title"] as? String == "Prune roses" })
    #expect(roses["list"] as? String == "home.garden" && roses["tags"] as? [String] == ["outside", "weekend"])
    let shears = try #require(imported.first { $0["title"] as? String == "Buy shears" })
    #expect(shears["list"] as? String == "Todos" && shears["parent"] is NSNull, "depends is no subtask")
  }
}
