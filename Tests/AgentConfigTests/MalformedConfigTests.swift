import AgentConfig
import Foundation
import Testing

/// Every file in Fixtures/ is a broken config; expected.txt names the fragment its error
/// must contain. None may crash, hang, or be accepted. Plus what cannot live in git: a
/// 10 MB file, a directory, a world-writable file, a missing file.
struct MalformedConfigTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static let expectations: [(file: String, fragments: [String])] = {
    let text = (try? String(contentsOf: fixtures.appendingPathComponent("expected.txt"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
      return (parts[0], parts[1].split(separator: "|").map(String.init))
    }
  }()

  @Test func thereAreAtLeastThirtyFixturesAndEachHasAnExpectation() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
      .filter { $0.hasSuffix(".toml") }
    #expect(files.count >= 30)
    #expect(Set(files) == Set(Self.expectations.map(\.file)))
  }

  @Test(arguments: expectations.map(\.file))
  func aMalformedFileIsRejectedWithItsError(_ file: String) throws {
    let path = Self.fixtures.appendingPathComponent(file).path
    chmod(path, 0o644)  // git does not keep modes; a group-writable checkout would mask the real error
    let fragments = Self.expectations.first { $0.file == file }!.fragments
    do {
      _ = try ConfigParser.parseFile(at: path)
      Issue.record("\(file) was accepted")
    } catch {
      #expect(error.kind == .invalid)
      let message = error.description
      for fragment in fragments {
        #expect(message.contains(fragment), "\(file): \(message)")
      }
      #expect(message.hasPrefix(path), "every issue names the file")
    }
  }

  @Test func severalErrorsAreAllReported() throws {
    let path = Self.fixtures.appendingPathComponent("several-errors.toml").path
    chmod(path, 0o644)
    #expect(throws: ConfigErrors.self) { try ConfigParser.parseFile(at: path) }
    do { _ = try ConfigParser.parseFile(at: path) } catch { #expect(error.issues.count == 3) }
  }

  /// A path named `name` in a directory of its own, which `discard` removes.
  func scratch(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-config-\(UUID())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
  }

  func discard(_ path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
  }

  @Test func aTenMegabyteFileIsRefusedUnread() throws {
    let path = scratch("big.toml")
    defer { discard(path) }
    let line = "# " + String(repeating: "x", count: 1_000) + "\n"
    try String(repeating: line, count: 10_000).write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o600)
    let clock = ContinuousClock()
    let start = clock.now
    #expect { try ConfigParser.parseFile(at: path) } throws: { error in
      (error as? ConfigErrors)?.description.contains("is larger than 1024 KB") == true
    }
    #expect(clock.now - start < .seconds(5), "refused without parsing")
  }

  @Test func aDirectoryMissingFileOrWorldWritableFileIsRefused() throws {
    let directory = scratch("dir.toml")
    defer { discard(directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    #expect { try ConfigParser.parseFile(at: directory) } throws: { error in
      let error = error as? ConfigErrors
      return error?.kind == .unreadable && error?.description.contains("is a directory") == true
    }
    let missing = scratch("missing.toml")
    defer { discard(missing) }
    #expect { try ConfigParser.parseFile(at: missing) } throws: { error in
      (error as? ConfigErrors)?.kind == .missing
    }
    let shared = scratch("shared.toml")
    defer { discard(shared) }
    try "".write(toFile: shared, atomically: true, encoding: .utf8)
    chmod(shared, 0o666)
    #expect { try ConfigParser.parseFile(at: shared) } throws: { error in
      (error as? ConfigErrors)?.description.contains("writable by group or others") == true
    }
  }

  @Test func anEmptyFileMeansEveryDefault() throws {
    let path = scratch("empty.toml")
    defer { discard(path) }
    try "".write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o600)
    let (config, setKeys) = try ConfigParser.parseFile(at: path)
    #expect(config == AgentConfig.defaults)
    #expect(setKeys.isEmpty)
  }
}
