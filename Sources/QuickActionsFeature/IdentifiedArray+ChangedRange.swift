import Composable

extension IdentifiedArray where Element: Identifiable & Equatable, ID == Element.ID {
  /// Makes the array equal to `new` (whose ids are unique), seen as two parts: the array's
  /// first `oldSplit` elements become `new`'s first `newSplit`, and the rest its rest (the
  /// quick actions: the selected todos, then the extras). In each part only what lies between
  /// the elements it starts and ends with as before is replaced.
  ///
  /// Why: the quick actions change a few at a time (a pressed todo goes, the next one comes,
  /// an undo offer is added or ends), but rebuilding the array copied every element and
  /// hashed every id through a key path: with 150 "Done:" notifications showing, more than
  /// half of an action's time. Kept elements are neither copied nor hashed again, and the ids of the
  /// inserted ones are read with the array's own accessor. The split only makes the edit
  /// small; the result is `new` whatever it is.
  @inlinable
  mutating func replaceChangedRanges(with new: [Element], split oldSplit: Int, _ newSplit: Int) {
    let (head, tail) = Self.changedRanges(
      from: self.elements, oldSplit: Swift.max(0, Swift.min(oldSplit, count)), to: new,
      newSplit: Swift.max(0, Swift.min(newSplit, new.count)))
    // Every removal first: an element can move from one part to the other, and an id
    // inserted while its old place is still there would replace that element in place.
    removeSubrange(tail.old)
    removeSubrange(head.old)
    replaceSubrange(head.new.lowerBound..<head.new.lowerBound, with: new[head.new])
    replaceSubrange(tail.new.lowerBound..<tail.new.lowerBound, with: new[tail.new])
  }

  /// The ranges that differ in each part, in `old` and in `new`. A function of its own, so
  /// the caller's `old` is let go before the array changes (holding it would copy storage).
  @inlinable
  static func changedRanges(
    from old: [Element], oldSplit: Int, to new: [Element], newSplit: Int
  ) -> (head: (old: Range<Int>, new: Range<Int>), tail: (old: Range<Int>, new: Range<Int>)) {
    // Compared in place: through the arrays' subscripts, each comparison copied both
    // elements (retaining their strings and buttons).
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        (
          changedRange(old, 0..<oldSplit, new, 0..<newSplit),
          changedRange(old, oldSplit..<old.count, new, newSplit..<new.count)
        )
      }
    }
  }

  /// What lies between the elements `old[oldRange]` and `new[newRange]` start and end with
  /// alike (the end not overlapping the start).
  @inlinable
  static func changedRange(
    _ old: UnsafeBufferPointer<Element>, _ oldRange: Range<Int>,
    _ new: UnsafeBufferPointer<Element>, _ newRange: Range<Int>
  ) -> (old: Range<Int>, new: Range<Int>) {
    let shorter = Swift.min(oldRange.count, newRange.count)
    var prefix = 0
    while prefix < shorter, old[oldRange.lowerBound + prefix] == new[newRange.lowerBound + prefix] {
      prefix += 1
    }
    var suffix = 0
    while suffix < shorter - prefix,
      old[oldRange.upperBound - 1 - suffix] == new[newRange.upperBound - 1 - suffix]
    {
      suffix += 1
    }
    return (
      oldRange.lowerBound + prefix..<oldRange.upperBound - suffix,
      newRange.lowerBound + prefix..<newRange.upperBound - suffix
    )
  }
}
