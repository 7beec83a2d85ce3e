import Foundation
import Testing

/// Hostile text through the CLI: kept exactly, or refused whole with a clear error.
struct CLIHostileInputTests {
  @Test func controlCharactersMarkupAndLongTextRoundTripExactly() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let titles = [
      "bell \u{7} escape \u{1B}[31mred\u{1B}[0m tab\tend", "<script>alert(1)</script>", "&amp; &lt;",
      "\u{202E}fdp.exe", "👩‍💻 مرحبا", String(repeating: "long ", count: 20_000) + "end",
    ]
    for title in titles {
      let added = try q.run("add", title, "--notes", title)
      #expect(added.status == 0, "\(added.stderr)")
    }
    let stored = try q.listJSON().map { $0["title"] as? String }
    #expect(Set(stored.compactMap { $0 }) == Set(titles))
  }

  @Test func anImportWithANULIsRefusedWholeNamingTheTodo() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let json = """
      [{"id":"abcd0000-0000-4000-8000-000000000001","title":"fine","createdAt":"2026-11-01T10:00:00Z"},
       {"id":"abcd0000-0000-4000-8000-000000000002","title":"a\\u0000b","createdAt":"2026-11-01T10:00:00Z"}]
      """
    let result = try q.run(["import", "-"], stdin: json)
    #expect(result.status == 65)
    #expect(result.stderr.contains("todo 1 ('abcd0000-0000-4000-8000-000000000002'): the title contains a NUL character"))
    #expect(try q.listJSON().isEmpty)  // nothing imported
  }
}
