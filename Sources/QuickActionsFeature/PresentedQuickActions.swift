import Composable
import Foundation
import Models
import NotificationLayout

/// What the agent has handed to the notification server, and what this run remembers of
/// it: the state `quickActionable()` keeps beside the feature's own.
public struct PresentedQuickActions: Equatable, Sendable {
  /// The notifications shown, in order: the selected todos (or their summary), then the
  /// reminders beyond them, then the feature's own (undo offers).
  public var actions: IdentifiedArrayOf<QuickAction> = []
  /// Bumped each time `actions` changes; the presenter applies its calls in this order.
  public var revision = 0
  /// The moment of each todo's reminder shown in this run. A reminder shown once stays
  /// until its todo is done, deleted or its reminders move (and comes back when a snooze
  /// ends, or when Undo makes its todo pending again); one shown by an earlier run
  /// (`Todo.reminderShownFor`) is not shown again.
  public var reminded: [Todo.ID: Date] = [:]
  /// When the wake-up is set for: the next moment the quick actions change by themselves.
  public var wake: Date?
  /// The todos held while quiet (the server's Do Not Disturb, or `dnd.quiet_hours`), in
  /// the order they would have come.
  public var held: [Todo.ID] = []
  /// Why the todos are (or were last) held.
  public var holdReason = HoldReason.quietHours
  /// The todos the held summary stands for, once quiet ended with more held than
  /// `showEach`; they stay out of sight until its Show, Snooze all or dismissal.
  public var heldSummary: [Todo.ID] = []
  /// The todos' standings the last notifications were derived from, brought up to date
  /// after each action for the todos it changed. Not part of the value: `==` leaves it out,
  /// as it follows from the todos, the rules and `reminded`.
  public var index: QuickActionIndex?

  public init() {}

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.actions == rhs.actions && lhs.revision == rhs.revision && lhs.reminded == rhs.reminded
      && lhs.wake == rhs.wake && lhs.held == rhs.held && lhs.holdReason == rhs.holdReason
      && lhs.heldSummary == rhs.heldSummary
  }
}
