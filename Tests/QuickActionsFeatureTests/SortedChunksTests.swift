import QuickActionsFeature
import Testing

/// `SortedChunks` against a plain sorted array, through enough inserts to split chunks.
struct SortedChunksTests {
  @Test func matchesASortedArrayThroughInsertsAndRemoves() {
    var rng = SplitMix64(seed: 42)
    var chunks = SortedChunks<Int>()
    var reference: [Int] = []
    for step in 0..<20_000 {
      if reference.isEmpty || rng.next() % 3 != 0 {
        let value = Int(rng.next() % 5_000)
        chunks.insert(value)
        reference.append(value)
      } else {
        let value = reference[Int(rng.next() % UInt64(reference.count))]
        let removed = chunks.remove(value)
        #expect(removed)
        reference.remove(at: reference.firstIndex(of: value)!)
      }
      if step % 997 == 0 { #expect(Array(chunks) == reference.sorted()) }
    }
    #expect(Array(chunks) == reference.sorted())
    #expect(chunks.count == reference.count)
    let removedAbsent = chunks.remove(-1)
    #expect(!removedAbsent)
  }

  @Test func buildsFromUnsortedElements() {
    let values = (0..<3_000).map { ($0 * 7_919) % 3_001 }
    var chunks = SortedChunks(values)
    #expect(Array(chunks) == values.sorted())
    let removed = values.map { chunks.remove($0) }
    #expect(removed.allSatisfy { $0 })
    #expect(chunks.isEmpty && Array(chunks).isEmpty)
  }
}

/// A small seedable generator, so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
