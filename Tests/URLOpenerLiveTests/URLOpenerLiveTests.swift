import Foundation
import Testing
import URLOpenerClient
import URLOpenerLive

/// The live opener runs the program directly with the URL as one argv element: a stand-in
/// for xdg-open records exactly what it received, and nothing in a URL runs as a command.
struct URLOpenerLiveTests {
  /// A fake xdg-open that writes its argument count and arguments to a file.
  func fakeOpener() throws -> (program: String, record: URL, directory: URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-open-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let record = directory.appendingPathComponent("argv")
    let program = directory.appendingPathComponent("fake-xdg-open")
    try """
      #!/bin/sh
      printf '%s\\n' "$#" > '\(record.path)'
      for a in "$@"; do printf '%s\\n' "$a" >> '\(record.path)'; done
      """.write(to: program, atomically: true, encoding: .utf8)
    chmod(program.path, 0o755)
    return (program.path, record, directory)
  }

  @Test(arguments: [
    "https://example.com/a?b=1&c=2#frag",
    "https://example.com/$(touch%20pwned)",
    "https://example.com/;touch pwned;",
    "https://example.com/`touch pwned`",
    "https://example.com/'\"quotes\"'",
    "mailto:someone@example.com?subject=hi%20there",
  ])
  func theURLIsOneArgumentVerbatim(_ text: String) async throws {
    let (program, record, directory) = try fakeOpener()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = try #require(URL(string: text) ?? URL(string: text.replacingOccurrences(of: " ", with: "%20")))
    let failure = await URLOpenerClient.live(program: program).open(url)
    #expect(failure == nil)
    let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "1")
    #expect(lines.dropFirst().first.map(String.init) == url.absoluteString)
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("pwned").path))
    #expect(!FileManager.default.fileExists(atPath: "pwned"))
  }

  @Test func otherSchemesAreRefusedWithoutRunningAnything() async throws {
    let (program, record, directory) = try fakeOpener()
    defer { try? FileManager.default.removeItem(at: directory) }
    for text in ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.com/x"] {
      let failure = await URLOpenerClient.live(program: program).open(URL(string: text)!)
      #expect(failure?.contains("only http, https and mailto") == true)
    }
    #expect(!FileManager.default.fileExists(atPath: record.path))
  }

  @Test func aMissingOrFailingOpenerIsReported() async throws {
    let missing = await URLOpenerClient.live(program: "/nonexistent/xdg-open").open(URL(string: "https://example.com")!)
    #expect(missing?.contains("cannot run") == true)
    let failing = await URLOpenerClient.live(program: "false").open(URL(string: "https://example.com")!)
    #expect(failing == "false failed (status 1)")
  }
}
