import Composable
import Foundation
import Models
import NotificationLayout
import NotificationClient

/// What `quickActionable()` needs from a feature's state: the todos, the rules, and a
/// place for what it presents.
public protocol QuickActionableState {
  var todos: IdentifiedArrayOf<Todo> { get }
  var quickActionRules: QuickActionRules { get }
  var presented: PresentedQuickActions { get set }
  /// Notifications the feature shows besides its todos' (the undo offers), last, each until
  /// its end (nil: until the feature removes it). A `wake` comes when one ends.
  var extraQuickActions: [(action: QuickAction, until: Date?)] { get }
  /// A line the feature adds to a todo's notification body (what a typed snooze did not
  /// understand), by todo.
  var bodyNotes: [Todo.ID: String] { get }
}

extension QuickActionableState {
  /// None, unless the feature shows notifications of its own.
  public var extraQuickActions: [(action: QuickAction, until: Date?)] { [] }
  /// None, unless the feature notes something on a todo's notification.
  public var bodyNotes: [Todo.ID: String] { [:] }
}

/// The actions of the quick-actions domain.
public enum QuickActionsAction: Equatable, Sendable {
  /// The moment the quick actions change by themselves has come: a snooze ended, a
  /// reminder came due, a shown todo fell due or an extra notification's time ended. Sent by
  /// the wake-up `quickActionable()` sets.
  case wake
}

/// Actions that embed ``QuickActionsAction``.
public protocol QuickActionableAction: Sendable {
  static func quickActions(_ action: QuickActionsAction) -> Self
  var quickActionsAction: QuickActionsAction? { get }
  /// The action that records that a reminder for `due` was shown (persisted, so it is
  /// shown once); nil when the feature does not keep that. `quickActionable()` runs the
  /// feature's reducer on it in the pass that first shows the reminder.
  static func reminderShown(_ id: Todo.ID, at: Date) -> Self?
}

extension QuickActionableAction {
  public static func reminderShown(_: Todo.ID, at _: Date) -> Self? { nil }
}

extension Reducer where State: QuickActionableState, Action: QuickActionableAction {
  /// Derives the notifications from the todos after this reducer runs, and hands them to
  /// the notification client when they changed. The notifications change only once the
  /// action's commits (its queued effects) have finished, never before. What a press does is
  /// the feature's to decide.
  public func quickActionable() -> _QuickActionableReducer<Self> {
    _QuickActionableReducer(base: self)
  }
}

/// The reducer ``Reducer/quickActionable()`` returns.
public struct _QuickActionableReducer<Base: Reducer>: Reducer
where Base.State: QuickActionableState, Base.Action: QuickActionableAction {
  let base: Base
  @Dependency(\.date) var date
  @Dependency(\.notifications) var notifications
  @Dependency(\.continuousClock) var clock

  enum WakeID: Hashable, Sendable { case wake }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let now = date.now
    if action.quickActionsAction == .wake {
      state.presented.wake = nil  // it fired; set again below if something is still ahead
    }
    var effect = base.reduce(into: &state, action: action)

    var derived = derive(state, now: now)
    state.presented.reminded = derived.reminded
    // A reminder shown for the first time is recorded by the feature in this same pass
    // (its reducer called, not sent an action), and the notifications derived with it.
    let records = derived.firstReminders.compactMap { Base.Action.reminderShown($0.id, at: $0.at) }
    if !records.isEmpty {
      for record in records { effect = effect.merge(with: base.reduce(into: &state, action: record)) }
      derived = derive(state, now: now)
      state.presented.reminded = derived.reminded
    }

    let extras = state.extraQuickActions.filter { $0.until.map { $0 > now } ?? true }
    var shown = derived.notifications(layout: state.quickActionRules.layout, extras: extras.map { $0.action })
    let notes = state.bodyNotes
    if !notes.isEmpty {
      for index in shown.indices {
        guard let note = notes[shown[index].id] else { continue }
        shown[index].body = shown[index].body.isEmpty ? note : note + "\n" + shown[index].body
      }
    }
    if shown != state.presented.actions.elements {
      state.presented.actions = IdentifiedArray(shown, uniquingIDsWith: { first, _ in first })
      state.presented.revision += 1
      effect = present(state.presented, after: effect)
    }
    let next = (extras.compactMap { $0.until } + [derived.nextChange].compactMap { $0 }).min()
    return effect.merge(with: wake(&state, at: next, now: now))
  }

  func derive(_ state: Base.State, now: Date) -> QuickActionDerivation {
    QuickActionDerivation(
      todos: state.todos, rules: state.quickActionRules, reminded: state.presented.reminded, now: now)
  }

  /// Hands the notifications to the client once the action's queued effects (its commits)
  /// have finished, so a notification that goes away stands for a row already written;
  /// the action's other work (a sync's debounce, a link being opened) is not waited for.
  func present(_ presented: PresentedQuickActions, after effect: Effect<Base.Action>) -> Effect<Base.Action> {
    let notifications = self.notifications
    let (actions, revision) = (presented.actions.elements, presented.revision)
    return effect.afterQueuedRuns(.run { _ in notifications.present(actions, revision) })
  }

  /// Sets the one wake-up for `next` (an ``Alarm`` on the injected clock), or cancels it when
  /// nothing is ahead; leaves it be when it is already set for that moment.
  func wake(_ state: inout Base.State, at next: Date?, now: Date) -> Effect<Base.Action> {
    guard next != state.presented.wake else { return .none }
    state.presented.wake = next
    guard let next else { return .cancel(id: WakeID.wake) }
    let milliseconds = Int64((max(0, next.timeIntervalSince(now)) * 1000).rounded(.up))
    let alarm = Alarm(clock)
    return .run { send in
      try await alarm.sleep(untilOffset: .milliseconds(milliseconds))
      await send(.quickActions(.wake))
    }
    .cancellable(id: WakeID.wake, cancelInFlight: true)
  }
}
