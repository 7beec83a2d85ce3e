/// The first elements of a set in an order, at most `capacity` of them, and whether they
/// are the whole set: kept as elements come and go, so that the one next in line is at
/// hand without looking at the rest. When fewer are left than a caller needs, and the set
/// holds more, the caller builds the list again from the whole set.
struct Leaders<Element: Sendable>: Sendable {
  private(set) var elements: [Element] = []
  /// Whether `elements` is the whole set.
  private(set) var holdsAll = true
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Adds an element of the set: kept if it is among the first `capacity`.
  mutating func insert(_ element: Element, by precedes: (Element, Element) -> Bool) {
    guard capacity > 0 else {
      holdsAll = false
      return
    }
    // Past the last kept of a set larger than the list, others not kept may come first.
    if !holdsAll, !(elements.last.map { precedes(element, $0) } ?? false) { return }
    var low = 0
    var high = elements.count
    while low < high {
      let middle = (low + high) / 2
      if precedes(element, elements[middle]) { high = middle } else { low = middle + 1 }
    }
    elements.insert(element, at: low)
    if elements.count > capacity {
      elements.removeLast()
      holdsAll = false
    }
  }

  /// Takes an element out of the set; the others keep their order.
  mutating func remove(where isIt: (Element) -> Bool) {
    if let index = elements.firstIndex(where: isIt) { elements.remove(at: index) }
  }
}
