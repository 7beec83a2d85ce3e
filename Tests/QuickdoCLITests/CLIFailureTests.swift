import Foundation
import Testing

/// Failures are failures: output that cannot be written, true counts, refusals with a
/// sentence, and global options wherever the contract puts them.
struct CLIFailureTests {
  @Test func anIdThatCannotBeWrittenExits74NamingTheTodoAdded() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let full = try q.run(["-c", "exec \"$0\" add x >/dev/full", QuickdoProcess.binary.path], executable: sh)
    #expect(full.status == 74, "\(full.stderr)")
    let added = try q.listJSON()
    #expect(added.count == 1)
    let id = try #require(added.first?["id"] as? String)
    #expect(full.stderr.contains("todo \(id) was added, but cannot write the output"))

    // Started with stdout closed: the database must not be opened on descriptor 1.
    let closed = try q.run(["-c", "exec \"$0\" add y >&-", QuickdoProcess.binary.path], executable: sh)
    #expect(closed.status == 74, "\(closed.stderr)")
    #expect(closed.stderr.contains("was added, but cannot write the output"))
    #expect(try q.listJSON().count == 2)
    #expect(try q.run(["-c", "exec \"$0\" list --json >/dev/full", QuickdoProcess.binary.path], executable: sh).status == 74)
  }

  @Test func anAmbiguousPrefixGivesTheTrueCountAndTheFirstFew() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let todos = (1...30).map { n in
      #"{"id":"abcd0000-0000-4000-8000-\#(String(format: "%012d", n))","title":"t\#(n)","createdAt":"2026-11-01T10:00:00Z"}"#
    }
    #expect(try q.run(["import", "-"], stdin: "[\(todos.joined(separator: ","))]").status == 0)
    let result = try q.run("done", "abcd")
    #expect(result.status == 1)
    #expect(result.stderr.contains("matches 30 todos; the first 5:"), "\(result.stderr)")
    #expect(try q.listJSON().count == 30)
  }

  @Test func snoozingADoneTodoExits1WithASentence() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let id = try q.run("add", "x").stdout.trimmingCharacters(in: .newlines)
    #expect(try q.run("done", id).status == 0)
    let result = try q.run("snooze", id, "1h")
    #expect(result.status == 1)
    #expect(result.stderr.contains("is done; only a pending todo can be snoozed"))
    let link = try q.run("open", "quickdo://todo/\(id)/snooze?for=1h")
    #expect(link.status == 1)
    #expect(try q.listJSON("--all").first?["snoozedUntil"] is NSNull)
  }

  @Test func globalOptionsWorkBeforeNestedSubcommands() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let config = q.directory.appendingPathComponent("mine.toml").path
    #expect(try q.run(["--config", config, "config", "init"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: config))
    let shown = try q.run(["--config", config, "config", "show"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains(config))
    #expect(try q.run(["--config=\(config)", "config", "check"]).status == 0)
  }

  @Test func configLabelsWithControlCharactersAreRefusedNamingTheKey() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let config = q.directory.appendingPathComponent("labels.toml")
    for label in [#"Done\u0000"#, #"Do\u001b[2Jne"#, #"a\u202eb"#] {
      try "[actions]\ndone_label = \"\(label)\"\n".write(to: config, atomically: true, encoding: .utf8)
      let result = try q.run("config", "check", config.path)
      #expect(result.status == 65, "\(label)")
      #expect(result.stderr.contains("actions.done_label"), "\(result.stderr)")
      #expect(result.stderr.contains("control or format characters"))
    }
  }

  @Test func aRelativeStorageDatabaseIsRelativeToTheConfigFile() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let configDirectory = q.directory.appendingPathComponent("conf")
    try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
    let config = configDirectory.appendingPathComponent("config.toml")
    try "[storage]\ndatabase = \"db/todos.sqlite\"\n".write(to: config, atomically: true, encoding: .utf8)
    let environment = ["QUICKDO_DB": "", "QUICKDO_CONFIG": config.path]
    #expect(try q.run(["add", "here"], environment: environment).status == 0)
    #expect(FileManager.default.fileExists(atPath: configDirectory.path + "/db/todos.sqlite"))
    // From another working directory, the same database.
    let elsewhere = try q.run(["-c", "cd / && exec \"$0\" list", QuickdoProcess.binary.path], environment: environment, executable: sh)
    #expect(elsewhere.stdout.contains("here"), "\(elsewhere.stderr)")
  }

  private var sh: URL { URL(fileURLWithPath: "/bin/sh") }
}
