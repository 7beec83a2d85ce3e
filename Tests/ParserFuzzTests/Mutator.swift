import Foundation

/// Byte-level mutations of a corpus, from a seed, so a failing input can be made again:
/// flips, inserts of bytes that matter to the parsers, deletions, duplications, splices.
struct Mutator {
  private var state: UInt64
  let corpus: [[UInt8]]
  /// Bytes the parsers give meaning to, and bytes that are not text.
  static let interesting: [UInt8] = Array("%/?&=#:\"'[]{}=.,\\\n\r\t 0123456789abcdefxyz-+~".utf8)
    + [0, 0x7F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]

  init(seed: UInt64, corpus: [[UInt8]]) {
    state = seed
    self.corpus = corpus
  }

  /// SplitMix64.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

  /// A corpus entry with one to four mutations.
  mutating func input() -> [UInt8] {
    var bytes = corpus[below(corpus.count)]
    for _ in 0...below(4) {
      let at = below(bytes.count + 1)
      switch below(6) {
      case 0 where !bytes.isEmpty:
        bytes[min(at, bytes.count - 1)] ^= UInt8(1 << below(8))
      case 1:
        bytes.insert(Self.interesting[below(Self.interesting.count)], at: at)
      case 2 where !bytes.isEmpty:
        let end = min(bytes.count, at + 1 + below(8))
        bytes.removeSubrange(min(at, bytes.count - 1)..<end)
      case 3 where at < bytes.count:
        let end = min(bytes.count, at + 1 + below(16))
        bytes.insert(contentsOf: bytes[at..<end], at: at)
      case 4:
        let other = corpus[below(corpus.count)]
        let from = below(other.count)
        bytes.insert(contentsOf: other[from..<min(other.count, from + below(32))], at: at)
      default:
        bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
      }
    }
    return bytes
  }

  /// Hands mutated inputs (as text, invalid UTF-8 replaced) to `check` until the time
  /// budget is spent, checking the clock every `round` inputs; returns how many it tried.
  mutating func run(round: Int, _ check: (String) -> Void) -> Int {
    let deadline = Date().addingTimeInterval(Self.budget)
    var tried = 0
    while Date() < deadline {
      for _ in 0..<round {
        let bytes = input()
        keepForCrash(bytes)
        check(String(decoding: bytes, as: UTF8.self))
        tried += 1
      }
    }
    return tried
  }

  /// How long each fuzz test runs: $QUICKDO_FUZZ_SECONDS, default 3 s.
  static var budget: TimeInterval {
    ProcessInfo.processInfo.environment["QUICKDO_FUZZ_SECONDS"].flatMap(TimeInterval.init) ?? 3
  }
}

/// With $QUICKDO_FUZZ_LAST set, writes each input there before it is parsed, so a crash
/// (an abort in C++ code cannot be caught) leaves the input that caused it behind.
func keepForCrash(_ bytes: [UInt8]) {
  guard let path = ProcessInfo.processInfo.environment["QUICKDO_FUZZ_LAST"] else { return }
  _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// Prints a figure for docs/RELIABILITY.md on stderr.
func reportFigure(_ text: String) {
  FileHandle.standardError.write(Data("fuzz: \(text)\n".utf8))
}
