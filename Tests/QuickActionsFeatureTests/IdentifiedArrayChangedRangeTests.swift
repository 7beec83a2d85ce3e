import Composable
import Foundation
import Models
import Testing

@testable import QuickActionsFeature

/// `replaceChangedRanges` must leave exactly the new list, with an id index that finds every
/// element, whatever the two lists and the split: random lists drawn from a small pool of
/// ids (so elements are kept, moved between the parts, dropped, added and changed in place),
/// checked against the list itself.
struct IdentifiedArrayChangedRangeTests {
  static let ids = (0..<12).map { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", $0))! }

  static func action(_ id: UUID, _ version: Int) -> QuickAction {
    QuickAction(id: id, title: "todo \(version)", body: "", urgency: .normal, buttons: [])
  }

  static func randomList(_ generator: inout some RandomNumberGenerator) -> [QuickAction] {
    ids.shuffled(using: &generator).prefix(Int.random(in: 0...ids.count, using: &generator))
      .map { action($0, Int.random(in: 0..<2, using: &generator)) }
  }

  @Test func theResultIsTheNewListWithAWorkingIndex() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let old = Self.randomList(&generator)
      let new = Self.randomList(&generator)
      var array = IdentifiedArray(uniqueElements: old)
      let oldSplit = Int.random(in: -1...(old.count + 1), using: &generator)
      let newSplit = Int.random(in: 0...new.count, using: &generator)
      array.replaceChangedRanges(with: new, split: oldSplit, newSplit)
      #expect(array.elements == new, "old \(old.map(\.title)), split \(oldSplit)/\(newSplit)")
      #expect(array.ids.elementsEqual(new.map(\.id)))
      #expect(new.allSatisfy { array[id: $0.id] == $0 })
    }
  }

  /// The case it is for: the selected todos change at the front and an undo offer is added
  /// at the end, while the offers in between are kept.
  @Test func bothPartsChangeAroundTheKeptOffers() {
    let ids = Self.ids
    let old = [Self.action(ids[0], 0), Self.action(ids[1], 0)] + ids[4...].map { Self.action($0, 0) }
    let new = [Self.action(ids[1], 0), Self.action(ids[2], 0)] + ids[4...].map { Self.action($0, 0) }
      + [Self.action(ids[3], 1)]
    var array = IdentifiedArray(uniqueElements: old)
    array.replaceChangedRanges(with: new, split: 2, 2)
    #expect(array.elements == new)
    #expect(array.index(id: ids[3]) == new.count - 1)
  }
}
