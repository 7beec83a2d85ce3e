import Foundation
import Testing

/// User text never drives the terminal: control and format characters are printed as
/// visible escapes wherever quickdo writes for a person, and kept exactly in the database
/// and in `list --json`.
struct CLITerminalTextTests {
  static let hostile = [
    "clear \u{1B}[2J screen", "title \u{1B}]0;pwned\u{7}", "clip \u{1B}]52;c;ZXZpbA==\u{7}",
    "over\rwrite", "bidi \u{202E}gpj.exe", "c1 \u{9B}31m", "line\u{2028}sep",
  ]

  @Test func listShowsControlCharactersEscapedAndJSONKeepsThemExactly() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    for title in Self.hostile { #expect(try q.run("add", title).status == 0) }
    let list = try q.run("list")
    #expect(list.status == 0)
    #expect(!containsInvisibles(list.stdout.replacingOccurrences(of: "\n", with: "")), "\(list.stdout)")
    #expect(list.stdout.contains("clear \\u{1B}[2J screen"))
    #expect(list.stdout.contains("over\\rwrite"))
    #expect(list.stdout.contains("bidi \\u{202E}gpj.exe"))
    #expect(Set(try q.listJSON().compactMap { $0["title"] as? String }) == Set(Self.hostile))
  }

  @Test func errorMessagesQuoteTypedValuesEscaped() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let evil = "\u{1B}]52;c;ZXZpbA==\u{7}"
    let cases: [[String]] = [
      ["add", "x", "--priority", evil], ["add", "x", "--due", evil], ["add", "x", "--url", evil],
      ["done", evil], ["snooze", "abc", evil], ["open", "quickdo://add?title=\(evil)&due=x%1B%5D0%3Bt%07"],
      ["open", "quickdo://todo/\(evil)/done"], ["list", "--\(evil)"], [evil],
    ]
    for arguments in cases {
      let result = try q.run(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(!result.stderr.isEmpty, "\(arguments)")
      #expect(!containsInvisibles(result.stderr.replacingOccurrences(of: "\n", with: "")), "\(arguments): \(result.stderr)")
    }
  }

  @Test func theAmbiguousPrefixListingShowsTitlesEscaped() throws {
    let q = try QuickdoProcess()
    defer { q.remove() }
    let two = """
      [{"id":"abcd0000-0000-4000-8000-000000000001","title":"one \\u001b[2J","createdAt":"2026-11-01T10:00:00Z"},
       {"id":"abcd0000-0000-4000-8000-000000000002","title":"two \\u202e","createdAt":"2026-11-01T10:00:00Z"}]
      """
    #expect(try q.run(["import", "-"], stdin: two).status == 0)
    let result = try q.run("done", "abcd")
    #expect(result.status == 1)
    #expect(result.stderr.contains("one \\u{1B}[2J"))
    #expect(!containsInvisibles(result.stderr.replacingOccurrences(of: "\n", with: "")))
  }

  private func containsInvisibles(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      switch $0.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: true
      default: false
      }
    }
  }
}
