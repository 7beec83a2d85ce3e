import CommandInput
import Foundation
import Models
import Testing

/// `DeepLink.parse` under mutated links: it never crashes, a refusal is one sentence, and
/// whatever it accepts means exactly what its canonical form (`url`) means.
struct DeepLinkFuzzTests {
  static let corpus: [String] = [
    "quickdo://todo/0f8fad5b-d9cb-469f-a165-70867728950e/done",
    "quickdo://todo/0f8fad5b-d9cb-469f-a165-70867728950e/undo",
    "quickdo://todo/0f8fad5b-d9cb-469f-a165-70867728950e/snooze?for=1h30m",
    "quickdo://add?title=Buy%20milk&notes=a+b&priority=high&due=tomorrow&url=https%3A%2F%2Fx.org",
    "quickdo://add?title=%E2%9C%93%20Caf%C3%A9",
    "quickdo://todo/0f8fad5b/done", "quickdo:todo", "https://example.org/?a=1#b",
  ]

  @Test func mutatedLinksNeverCrashAndAcceptedOnesRoundTrip() {
    var mutator = Mutator(seed: 0x51CD0, corpus: Self.corpus.map { Array($0.utf8) })
    var accepted = 0
    let tried = mutator.run(round: 200) { text in
      do throws(DeepLink.ParseError) {
        let link = try DeepLink.parse(text)
        accepted += 1
        #expect(try DeepLink.parse(link.url) == link, "\(text) → \(link.url)")
      } catch {
        #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(text): \(error.message)")
      }
    }
    reportFigure("deep links: \(tried) mutated inputs, \(accepted) accepted, no crash")
    #expect(tried > 1000)
  }
}
