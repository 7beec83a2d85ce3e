/// A sorted multiset kept as a list of short sorted arrays ("chunks"): insert and remove
/// cost a binary search plus a move of at most one chunk, instead of the whole array, so
/// re-ranking one todo among 100,000 stays in the microseconds. Iterates in order.
public struct SortedChunks<Element: Comparable>: Sequence {
  /// Chunks are split in two when they grow past this many elements.
  static var maxChunk: Int { 128 }

  private var chunks: [[Element]] = []
  /// The last element of each chunk, side by side: finding the chunk is a binary search
  /// of this one array, where reading each probed chunk's last element touched that
  /// chunk's buffer (two cache misses a probe with 100,000 elements).
  private var lasts: [Element] = []
  public private(set) var count = 0

  public init() {}

  /// Builds from unsorted elements in O(n log n).
  public init(_ elements: some Sequence<Element>) { self.init(sorting: Array(elements)) }

  /// Builds from an unsorted array, sorted in place: handed over by its owner, it is not
  /// copied (the index is built from 10,000 todos when the agent starts).
  public init(sorting elements: consuming [Element]) {
    var sorted = elements
    sorted.sort()
    count = sorted.count
    let half = Self.maxChunk / 2
    chunks = stride(from: 0, to: sorted.count, by: half).map {
      Array(sorted[$0..<Swift.min($0 + half, sorted.count)])
    }
    lasts = chunks.map { $0[$0.count - 1] }
  }

  public var isEmpty: Bool { count == 0 }

  public mutating func insert(_ element: Element) {
    count += 1
    guard !chunks.isEmpty else {
      chunks = [[element]]
      lasts = [element]
      return
    }
    let c = chunkIndex(for: element)
    let i = Self.lowerBound(of: element, in: chunks[c])
    chunks[c].insert(element, at: i)
    if i == chunks[c].count - 1 { lasts[c] = element }
    if chunks[c].count > Self.maxChunk {
      let upper = Array(chunks[c][(Self.maxChunk / 2)...])
      chunks[c].removeSubrange((Self.maxChunk / 2)...)
      chunks.insert(upper, at: c + 1)
      lasts[c] = chunks[c][chunks[c].count - 1]
      lasts.insert(upper[upper.count - 1], at: c + 1)
    }
  }

  /// Removes one element equal to `element`; returns whether there was one.
  @discardableResult
  public mutating func remove(_ element: Element) -> Bool {
    guard !chunks.isEmpty else { return false }
    let c = chunkIndex(for: element)
    let i = Self.lowerBound(of: element, in: chunks[c])
    guard i < chunks[c].count, chunks[c][i] == element else { return false }
    chunks[c].remove(at: i)
    if chunks[c].isEmpty {
      chunks.remove(at: c)
      lasts.remove(at: c)
    } else if i == chunks[c].count {
      lasts[c] = chunks[c][i - 1]
    }
    count -= 1
    return true
  }

  public func makeIterator() -> FlattenSequence<[[Element]]>.Iterator {
    chunks.joined().makeIterator()
  }

  /// The first chunk whose last element is not less than `element`, else the last chunk.
  private func chunkIndex(for element: Element) -> Int {
    var low = 0
    var high = lasts.count - 1
    while low < high {
      let mid = (low + high) / 2
      if lasts[mid] < element { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Where `element` goes in the sorted `chunk`: the first place whose element is not less.
  /// (``ReminderSchedule`` searches its sorted reminders with it too.)
  static func lowerBound(of element: Element, in chunk: [Element]) -> Int {
    var low = 0
    var high = chunk.count
    while low < high {
      let mid = (low + high) / 2
      if chunk[mid] < element { low = mid + 1 } else { high = mid }
    }
    return low
  }
}

extension SortedChunks: Sendable where Element: Sendable {}
