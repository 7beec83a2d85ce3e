import Foundation
import Models
import NotificationLayout

/// An offer to undo a "Mark done" pressed on a notification, shown as a "Done: <title>"
/// notification with an Undo button until `actions.undo_window` ends.
public struct UndoOffer: Identifiable, Equatable, Sendable {
  /// The todo marked done.
  public var id: Todo.ID
  /// The todo as it was before Done, whose occurrence Undo puts back.
  public var before: Todo
  /// The todo right after Done: done, or (repeating) due at its next time. An Undo pressed
  /// once it is neither any more is stale.
  public var after: Todo
  /// The notification that makes the offer.
  public var quickAction: QuickAction
  /// When the offer ends.
  public var until: Date

  public init(before: Todo, after: Todo, rules: QuickActionRules, until: Date, now: Date) {
    id = before.id
    self.before = before
    self.after = after
    quickAction = QuickAction.undoOffer(for: after, rules: rules, now: now)
    self.until = until
  }

  /// Whether Undo still applies to `todo`: it is as Done left it.
  public func fits(_ todo: Todo) -> Bool {
    todo.isComplete == after.isComplete && todo.due == after.due
  }
}
