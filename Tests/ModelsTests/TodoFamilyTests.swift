import Foundation
import Models
import Testing

/// Subtasks as `list` shows them and as Done walks them, with parents from outside: a
/// cycle, a missing parent, a chain 10,000 deep.
struct TodoFamilyTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)

  func todo(_ n: Int, parent: Int? = nil) -> Todo {
    Todo(id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!, title: "\(n)", createdAt: now,
      parent: parent.map { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", $0))! })
  }

  @Test func anOutlinePutsSubtasksUnderTheirParentsAndLeavesNothingOut() {
    let todos = [todo(5, parent: 1), todo(1), todo(2, parent: 9), todo(3, parent: 4), todo(4, parent: 3), todo(6, parent: 5)]
    let outline = TodoFamily.outline(todos).map { ($0.todo.title, $0.depth) }
    #expect(outline.map(\.0) == ["1", "5", "6", "2", "3", "4"])
    #expect(outline.map(\.1) == [0, 1, 2, 0, 0, 1], "a missing parent starts a branch; a cycle is cut where met first")
  }

  @Test func aChainTenThousandDeepIsWalkedWithoutRecursion() {
    let chain = (0..<10_000).map { todo($0, parent: $0 == 0 ? nil : $0 - 1) }
    let family = TodoFamily(chain)
    #expect(family.descendants(of: chain[0].id).count == 9_999)
    #expect(family.ancestors(of: chain[9_999].id).count == 9_999)
    let outline = TodoFamily.outline(chain.reversed())
    #expect(outline.count == 10_000 && outline.last?.depth == 9_999)
  }

  @Test func aCycleEndsEachWalk() {
    let family = TodoFamily([todo(1, parent: 3), todo(2, parent: 1), todo(3, parent: 2), todo(4, parent: 4)])
    #expect(family.descendants(of: todo(1).id).map(\.uuidString.last) == ["2", "3"])
    #expect(family.ancestors(of: todo(1).id).count == 2)
    #expect(family.descendants(of: todo(4).id).isEmpty, "its own parent is no parent")
  }

  @Test func aLinkMovedOrCutWalksAsAFamilyBuiltAfresh() {
    var family = TodoFamily([todo(2, parent: 1), todo(3, parent: 2), todo(4, parent: 1)])
    family.link(todo(3).id, to: todo(4).id)
    family.link(todo(2).id, to: nil)
    family.link(todo(5).id, to: todo(3).id)
    family.link(todo(6).id, to: todo(6).id)
    let afresh = TodoFamily([todo(2), todo(3, parent: 4), todo(4, parent: 1), todo(5, parent: 3), todo(6, parent: 6)])
    for n in 1...6 {
      #expect(family.descendants(of: todo(n).id) == afresh.descendants(of: todo(n).id), "below \(n)")
      #expect(family.ancestors(of: todo(n).id) == afresh.ancestors(of: todo(n).id), "above \(n)")
    }
    #expect(family.children[todo(2).id] == nil, "a parent left with no subtask has no entry")
  }
}
