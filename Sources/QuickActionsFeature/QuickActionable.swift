import Composable
import Foundation
import Logging
import Models
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
}

extension QuickActionableState {
  /// None, unless the feature shows notifications of its own.
  public var extraQuickActions: [(action: QuickAction, until: Date?)] { [] }
}

/// The actions of the quick-actions domain.
@CasePathable
public enum QuickActionsAction: Equatable, Sendable {
  /// A notification button was pressed (the presenter reports a body click as the button
  /// it stands for).
  case buttonPressed(Todo.ID, ButtonKind)
  /// The moment the quick actions change by themselves has come: a snooze ended, a
  /// reminder came due, a shown todo fell due or an extra notification's time ended. Sent by
  /// the wake-up `quickActionable()` sets.
  case wake
}

/// Actions that embed ``QuickActionsAction`` and say what a button press becomes.
public protocol QuickActionableAction: Sendable {
  static func quickActions(_ action: QuickActionsAction) -> Self
  var quickActionsAction: QuickActionsAction? { get }
  /// The action a press of `kind` on `todo` becomes; nil ignores the press.
  static func forwarded(_ kind: ButtonKind, todo: Todo, rules: QuickActionRules, now: Date) -> Self?
  /// The action that records that a reminder for `due` was shown (persisted, so it is
  /// shown once); nil when the feature does not keep that.
  static func reminderShown(_ id: Todo.ID, due: Date) -> Self?
}

extension QuickActionableAction {
  public static func reminderShown(_: Todo.ID, due _: Date) -> Self? { nil }
}

extension Reducer where State: QuickActionableState, Action: QuickActionableAction {
  /// Derives the notifications from the todos after this reducer runs, and hands them to
  /// the notification client when they changed. A pressed button is forwarded into the
  /// store as the action it stands for (`done` → mark done); a press for a todo that is
  /// gone or already done is a logged no-op. The notifications change only once the
  /// action's own effects have finished (its commit), never before.
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
    switch action.quickActionsAction {
    case let .buttonPressed(id, kind)?:
      return forward(kind, on: id, in: state, now: now)
    case .wake?:
      state.presented.wake = nil  // it fired; set again below if something is still ahead
    case nil:
      break
    }
    var effect = base.reduce(into: &state, action: action)

    let derived = QuickActionDerivation(
      todos: state.todos, rules: state.quickActionRules, reminded: state.presented.reminded, now: now)
    state.presented.reminded = derived.reminded
    let records = derived.firstReminders.compactMap { Base.Action.reminderShown($0.id, due: $0.due) }
    if !records.isEmpty { effect = effect.merge(with: .merge(records.map { .send($0) })) }

    let extras = state.extraQuickActions.filter { $0.until.map { $0 > now } ?? true }
    let shown = derived.notifications(layout: state.quickActionRules.layout, extras: extras.map(\.action))
    if shown != state.presented.actions.elements {
      state.presented.actions = IdentifiedArray(shown, uniquingIDsWith: { first, _ in first })
      state.presented.revision += 1
      effect = present(state.presented, after: effect)
    }
    let next = (extras.compactMap(\.until) + [derived.nextChange].compactMap { $0 }).min()
    return effect.merge(with: wake(&state, at: next, now: now))
  }

  /// The action a press stands for; undo acts on a done todo, every other button on a
  /// pending one, and a press that does not fit (a stale notification) does nothing.
  func forward(_ kind: ButtonKind, on id: Todo.ID, in state: Base.State, now: Date) -> Effect<Base.Action> {
    guard let todo = state.todos[id: id], todo.isComplete == (kind == .undo) else {
      let why = state.todos[id: id] == nil ? "gone" : kind == .undo ? "not done" : "already done"
      quickActionsLogger.info("ignored \(kind.rawValue) for \(id.uuidString.lowercased()): \(why)")
      return .none
    }
    guard let forwarded = Base.Action.forwarded(kind, todo: todo, rules: state.quickActionRules, now: now)
    else { return .none }
    return .send(forwarded)
  }

  /// Hands the notifications to the client after the action's own effects, so its commit
  /// finishes before a notification closes (a notification that goes away stands for a row
  /// already written).
  func present(_ presented: PresentedQuickActions, after effect: Effect<Base.Action>) -> Effect<Base.Action> {
    let notifications = self.notifications
    let (actions, revision) = (presented.actions.elements, presented.revision)
    return effect.concatenate(with: .run { _ in notifications.present(actions, revision) })
  }

  /// Sets the one wake-up for `next` (a sleep on the injected clock), or cancels it when
  /// nothing is ahead; leaves it be when it is already set for that moment.
  func wake(_ state: inout Base.State, at next: Date?, now: Date) -> Effect<Base.Action> {
    guard next != state.presented.wake else { return .none }
    state.presented.wake = next
    guard let next else { return .cancel(id: WakeID.wake) }
    let milliseconds = Int64((max(0, next.timeIntervalSince(now)) * 1000).rounded(.up))
    let clock = self.clock
    return .run { send in
      try await clock.sleep(for: .milliseconds(milliseconds))
      await send(.quickActions(.wake))
    }
    .cancellable(id: WakeID.wake, cancelInFlight: true)
  }
}

/// Where ignored presses are reported; the executable chooses the handler and level
/// (swift-log's `LoggingSystem.bootstrap`).
let quickActionsLogger = Logger(label: "quickdo.quickactions")
