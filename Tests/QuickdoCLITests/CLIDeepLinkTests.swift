import Foundation
import Testing

/// `quickdo open URL` on the built binary: each link form changes the database as the
/// matching command would, and a malformed link exits 65 and changes nothing.
struct CLIDeepLinkTests {
  @Test func eachLinkFormChangesTheTodo() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let added = try q.run("open", "quickdo://add?title=Call%20Bob%20%3C3&priority=high&url=https%3A%2F%2Fexample.org")
    #expect(added.status == 0, "\(added.stderr)")
    let id = added.stdout.trimmingCharacters(in: .newlines)
    #expect(id.count == 36)
    var todo = try #require(try q.listJSON("--all").first)
    #expect(todo["title"] as? String == "Call Bob <3")
    #expect(todo["priority"] as? String == "high")
    #expect(todo["url"] as? String == "https://example.org")

    #expect(try q.run("open", "quickdo://todo/\(id)/done").status == 0)
    todo = try #require(try q.listJSON("--all").first)
    #expect(todo["isComplete"] as? Bool == true)

    #expect(try q.run("open", "quickdo://todo/\(id.uppercased())/undo").status == 0)
    todo = try #require(try q.listJSON("--all").first)
    #expect(todo["isComplete"] as? Bool == false)

    let before = Date()
    #expect(try q.run("open", "quickdo://todo/\(id)/snooze?for=2h").status == 0)
    let until = try snoozedUntil(q)
    #expect(abs(until.timeIntervalSince(before) - 7200) < 60)
  }

  @Test func snoozeWithoutDurationUsesTheConfiguredOne() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let config = q.directory.appendingPathComponent("config.toml")
    try "[actions]\nsnooze_duration = \"20m\"\n".write(to: config, atomically: true, encoding: .utf8)
    chmod(config.path, 0o600)
    let id = try q.run("add", "x").stdout.trimmingCharacters(in: .newlines)
    let before = Date()
    let result = try q.run(["open", "quickdo://todo/\(id)/snooze"], environment: ["QUICKDO_CONFIG": config.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(abs(try snoozedUntil(q).timeIntervalSince(before) - 1200) < 60)
  }

  @Test func malformedLinksExit65AndChangeNothing() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let id = try q.run("add", "keep me").stdout.trimmingCharacters(in: .newlines)
    let links = [
      "https://example.org", "quickdo://todo/\(id.prefix(8))/done", "quickdo://todo/\(id)/finish",
      "quickdo://todo/\(id)/done/extra", "quickdo://todo/\(id)/snooze?for=soon",
      "quickdo://add?title=%ZZ", "quickdo://add?title=", "quickdo://add?title=a&x=1",
    ]
    for link in links {
      let result = try q.run("open", link)
      #expect(result.status == 65, "\(link)")
      #expect(result.stderr.hasPrefix("quickdo: invalid link: "), "\(link): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    let todos = try q.listJSON("--all")
    #expect(todos.count == 1)
    #expect(todos.first?["isComplete"] as? Bool == false)
    #expect(todos.first?["snoozedUntil"] is NSNull)
  }

  @Test func aLinkToAnUnknownTodoExits1() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let result = try q.run("open", "quickdo://todo/0f8fad5b-d9cb-469f-a165-70867728950e/done")
    #expect(result.status == 1)
    #expect(result.stderr.contains("no todo with id '0f8fad5b-d9cb-469f-a165-70867728950e'"))
  }

  private func snoozedUntil(_ q: QuickdoProcess) throws -> Date {
    let todo = try #require(try q.listJSON("--all").first)
    let text = try #require(todo["snoozedUntil"] as? String)
    return try #require(ISO8601DateFormatter().date(from: text))
  }
}
