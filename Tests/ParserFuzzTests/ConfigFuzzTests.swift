import AgentConfig
import Foundation
import Testing

/// `ConfigParser.parse` under mutated config files (the shipped default and the malformed
/// fixtures of AgentConfigTests): it never crashes, and a refusal names at least one
/// problem, each as a non-empty message.
struct ConfigFuzzTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var corpus: [[UInt8]] {
    let fixtures = root.appendingPathComponent("Tests/AgentConfigTests/Fixtures")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
    let paths = [root.appendingPathComponent("data/config.toml")]
      + files.filter { $0.hasSuffix(".toml") }.map { fixtures.appendingPathComponent($0) }
    return paths.compactMap { FileManager.default.contents(atPath: $0.path).map(Array.init) }
      .filter { $0.count < 64 * 1024 }
  }

  @Test func mutatedFilesNeverCrashAndRefusalsNameTheProblem() {
    let corpus = Self.corpus
    #expect(corpus.count > 30)
    var mutator = Mutator(seed: 0xC0F16, corpus: corpus)
    var accepted = 0
    let tried = mutator.run(round: 20) { text in
      do throws(ConfigErrors) {
        _ = try ConfigParser.parse(text, file: "fuzz.toml")
        accepted += 1
      } catch {
        #expect(!error.issues.isEmpty)
        #expect(error.issues.allSatisfy { !$0.message.isEmpty }, "\(error.description)")
      }
    }
    reportFigure("config: \(tried) mutated files, \(accepted) accepted, no crash")
    #expect(tried > 100)
  }
}
