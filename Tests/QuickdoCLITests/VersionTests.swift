import Foundation
import Testing

/// One version: what `quickdo --version` prints is the upstream part of the Debian
/// package's version, the top entry of debian/changelog (`0.2.0` of `0.2.0-1`).
struct VersionTests {
  @Test func theVersionIsTheChangelogs() throws {
    let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../debian/changelog")
    let first = try String(contentsOf: changelog, encoding: .utf8).prefix { $0 != "\n" }
    // quickdo (0.2.0-1) unstable; urgency=medium
    let package = first.split(separator: "(").dropFirst().first?.prefix { $0 != ")" }
    let version = package.map { text in text.lastIndex(of: "-").map { text[..<$0] } ?? text }
    let q = try QuickdoProcess()
    defer { q.remove() }
    let printed = try q.run("--version").stdout.trimmingCharacters(in: .newlines)
    #expect(version.map(String.init) == printed, "\(first)")
  }
}
