import Composable
import Foundation
import Models

/// Tells other processes which todos are held and why, so that `quickdo list` can say so:
/// a held todo is pending with nothing on screen. The agent writes `HeldNoteFile`.
public struct HeldTodosNote: Sendable {
  /// The held todos now (none: the note goes), and why.
  public var write: @Sendable (_ held: [Todo.ID], _ reason: HoldReason) async -> Void

  public init(write: @escaping @Sendable ([Todo.ID], HoldReason) async -> Void) {
    self.write = write
  }
}

extension HeldTodosNote: TestDependencyKey {
  /// Tells no one: a store without an agent (tests, benchmarks, the CLI's one-shot stores)
  /// has no `list` to tell.
  public static let testValue = HeldTodosNote { _, _ in }
}

extension DependencyValues {
  /// Where the held todos are noted for `quickdo list`.
  public var heldTodosNote: HeldTodosNote {
    get { self[HeldTodosNote.self] }
    set { self[HeldTodosNote.self] = newValue }
  }
}
