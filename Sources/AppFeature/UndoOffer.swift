import Foundation
import Models

/// An offer to undo a "Mark done" pressed on a notification, shown as a "Done: <title>"
/// notification with an Undo button until `actions.undo_window` ends.
public struct UndoOffer: Identifiable, Equatable, Sendable {
  /// The todo marked done.
  public var id: Todo.ID
  /// The notification that makes the offer.
  public var quickAction: QuickAction
  /// When the offer ends.
  public var until: Date

  public init(todo: Todo, rules: QuickActionRules, until: Date) {
    id = todo.id
    quickAction = QuickAction.undoOffer(for: todo, rules: rules)
    self.until = until
  }
}
