import Foundation
import Testing

/// Every error exit of the contract: sysexits codes and one sentence naming what is at fault.
struct CLIErrorTests {
  @Test func invalidDataExits65NamingTheValue() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let cases: [([String], String)] = [
      (["add", "   "], "title is empty"),
      (["add", "x", "--due", "someday"], "'someday' is not a date"),
      (["add", "x", "--url", "not a url"], "'not a url' is not a link quickdo opens"),
    ]
    for (arguments, fragment) in cases {
      let result = try q.run(arguments)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    let id = try q.run("add", "x").stdout.trimmingCharacters(in: .newlines)
    let snooze = try q.run("snooze", id, "soon")
    #expect(snooze.status == 65 && snooze.stderr.contains("'soon' is not a duration"))
    #expect(try q.listJSON().count == 1)
  }

  /// A priority is one of the values help lists; ArgumentParser refuses another as a usage
  /// error (64), naming them.
  @Test func anUnknownPriorityIsAUsageErrorListingTheValues() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    for arguments in [["add", "x", "--priority", "urgent"], ["edit", "0", "--priority", "urgent"]] {
      let result = try q.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.contains("'urgent' is invalid for '--priority"), "\(result.stderr)")
      #expect(result.stderr.contains("'low', 'normal' or 'high'"), "\(result.stderr)")
    }
    #expect(try q.run("add", "x", "--priority", "HIGH").status == 0)
    #expect(try q.listJSON().first?["priority"] as? String == "high")
    #expect(try q.run("add", "--help").stdout.contains("values: low, normal, high"))
  }

  @Test func unknownAndAmbiguousIdsExit1() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let two = """
      [{"id":"abcd0000-0000-4000-8000-000000000001","title":"one","createdAt":"2026-11-01T10:00:00Z"},
       {"id":"abcd0000-0000-4000-8000-000000000002","title":"two","createdAt":"2026-11-01T10:00:00Z"}]
      """
    #expect(try q.run(["import", "-"], stdin: two).status == 0)
    let unknown = try q.run("done", "ffff")
    #expect(unknown.status == 1 && unknown.stderr.contains("no todo with id 'ffff'"))
    let ambiguous = try q.run("done", "abcd")
    #expect(ambiguous.status == 1)
    #expect(ambiguous.stderr.contains("ambiguous"))
    #expect(ambiguous.stderr.contains("abcd0000-0000-4000-8000-000000000001"))
    #expect(ambiguous.stderr.contains("abcd0000-0000-4000-8000-000000000002"))
    #expect(try q.listJSON().count == 2)  // nothing changed
  }

  @Test func usageErrorsExit64() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    #expect(try q.run("add").status == 64)
    #expect(try q.run("list", "--bogus").status == 64)
    #expect(try q.run("list", "--all", "--completed").status == 64)
  }

  @Test func aDatabaseThatIsNotSQLiteExits74AndIsNeverTouched() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let contents = Data("my precious notes, not a database\n".utf8)
    #expect(FileManager.default.createFile(atPath: q.database, contents: contents))
    for arguments in [["list"], ["add", "x"], ["done", "abc"]] {
      let result = try q.run(arguments)
      #expect(result.status == 74, "\(arguments)")
      #expect(result.stderr.contains(q.database), "\(result.stderr)")
    }
    #expect(FileManager.default.contents(atPath: q.database) == contents)
    #expect(!FileManager.default.fileExists(atPath: q.database + "-wal"))
  }

  @Test func syncWithoutItsProgramBesideQuickdoExits72NamingIt() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    // A `quickdo` on its own (a hard link, so on the build's file system), no quickdo-sync.
    let lonely = QuickdoProcess.binary.deletingLastPathComponent()
      .appendingPathComponent("lonely-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: lonely, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: lonely) }
    let quickdo = lonely.appendingPathComponent("quickdo")
    try FileManager.default.linkItem(at: QuickdoProcess.binary, to: quickdo)
    let result = try q.run(["sync"], executable: quickdo)
    #expect(result.status == 72)
    #expect(result.stderr.contains(lonely.appendingPathComponent("quickdo-sync").path))
  }

  @Test func aMissingImportFileExits66() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    #expect(try q.run("import", "/nonexistent/x.json").status == 66)
    let bad = try q.run(["import", "-"], stdin: "{not json")
    #expect(bad.status == 65)
  }

  @Test func theDefaultDatabaseIsUnderXDGDataHomeWithPrivateModes() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    #expect(try q.run(["add", "x"], environment: ["QUICKDO_DB": ""]).status == 0)
    let path = q.directory.appendingPathComponent("data/quickdo/todos.sqlite").path
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    let dir = try FileManager.default.attributesOfItem(atPath: q.directory.appendingPathComponent("data/quickdo").path)
    #expect(dir[.posixPermissions] as? Int == 0o700)
  }
}
