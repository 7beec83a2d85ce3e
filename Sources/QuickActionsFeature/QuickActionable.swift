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
  /// Whether the notification server's Do Not Disturb switch is on (as the server last
  /// said): nothing new is shown, as during quiet hours.
  var doNotDisturb: Bool { get }
  /// What changed among the todos since `quickActionable()` last derived the notifications:
  /// it looks again at these todos only, and empties the log.
  var todoChangeLog: TodoChangeLog { get set }
}

extension QuickActionableState {
  /// None, unless the feature shows notifications of its own.
  public var extraQuickActions: [(action: QuickAction, until: Date?)] { [] }
  /// None, unless the feature notes something on a todo's notification.
  public var bodyNotes: [Todo.ID: String] { [:] }
  /// Off, unless the feature follows the server's switch.
  public var doNotDisturb: Bool { false }
  /// Any todo may have changed, unless the feature logs its changes: every derivation
  /// looks at all the todos.
  public var todoChangeLog: TodoChangeLog {
    get { TodoChangeLog() }
    set {}
  }

  /// Why nothing new is shown at `now` (Do Not Disturb, or quiet hours); nil when it is.
  public func holdReason(at now: Date) -> HoldReason? {
    doNotDisturb ? .doNotDisturb : quickActionRules.isQuiet(at: now) ? .quietHours : nil
  }
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
  @Dependency(\.heldTodosNote) var heldTodosNote

  enum WakeID: Hashable, Sendable { case wake }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let now = date.now
    if action.quickActionsAction == .wake {
      state.presented.wake = nil  // it fired; set again below if something is still ahead
    }
    let heldBefore = (state.presented.held, state.presented.holdReason)
    var effect = base.reduce(into: &state, action: action)

    let reason = state.holdReason(at: now)
    let quiet = reason != nil
    if let reason { state.presented.holdReason = reason }
    var derived = derive(&state, now: now)
    // While quiet, a reminder counts as shown only once it is: a held one rings when quiet
    // ends, in this run or, if the agent restarts, the next.
    let ringing = derived.firstReminders.filter { !quiet || shownWhileQuiet($0.id, state, now: now) }
    state.presented.reminded = derived.reminded
    for first in derived.firstReminders where !ringing.contains(first) { state.presented.reminded[first.id] = nil }
    // A reminder shown for the first time is recorded by the feature in this same pass
    // (its reducer called, not sent an action), and the notifications derived with it.
    let records = ringing.compactMap { Base.Action.reminderShown($0.id, at: $0.at) }
    if !records.isEmpty {
      for record in records { effect = effect.merge(with: base.reduce(into: &state, action: record)) }
      derived = derive(&state, now: now)
      state.presented.reminded = derived.reminded
      for first in derived.firstReminders where quiet && !shownWhileQuiet(first.id, state, now: now) {
        state.presented.reminded[first.id] = nil
      }
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
    shown = held(shown, extras: Set(extras.map(\.action.id)), quiet: quiet, in: &state, now: now)
    if shown != state.presented.actions.elements {
      state.presented.actions = IdentifiedArray(shown, uniquingIDsWith: { first, _ in first })
      state.presented.revision += 1
      effect = present(state.presented, after: effect)
    }
    if heldBefore.0 != state.presented.held
      || (!state.presented.held.isEmpty && heldBefore.1 != state.presented.holdReason)
    {
      let (held, reason, note) = (state.presented.held, state.presented.holdReason, heldTodosNote)
      effect = effect.merge(with: .run { _ in await note.write(held, reason) })
    }
    let quietChange = state.quickActionRules.nextQuietChange(after: now)
    let next = (extras.compactMap { $0.until } + [derived.nextChange, quietChange].compactMap { $0 }).min()
    return effect.merge(with: wake(&state, at: next, now: now))
  }

  /// Whether the todo `id` is shown while quiet: on screen already, or let through
  /// (`dnd.pass`).
  func shownWhileQuiet(_ id: Todo.ID, _ state: Base.State, now: Date) -> Bool {
    state.presented.actions[id: id] != nil
      || state.todos[id: id].map { state.quickActionRules.passesQuiet($0, now: now) } ?? false
  }

  /// `shown` as quiet hours leave it. While quiet nothing new is shown: what is on screen
  /// stays as it is, the feature's own notifications (an undo offer answers a click) and
  /// the todos `dnd.pass` lets through (as critical) come, and the rest is held. When quiet
  /// ends, the held come back as usual, or, more than `showEach` of them, as one
  /// notification that stands for them until its Show, Snooze all or dismissal.
  func held(
    _ shown: [QuickAction], extras: Set<UUID>, quiet: Bool, in state: inout Base.State, now: Date
  ) -> [QuickAction] {
    let rules = state.quickActionRules
    let wanted = Set(shown.map(\.id))
    var shown = shown
    if !quiet, !state.presented.held.isEmpty {
      let back = state.presented.held.filter(wanted.contains)
      if back.count > rules.showEach {
        state.presented.heldSummary += back.filter { !state.presented.heldSummary.contains($0) }
      }
      state.presented.held = []
    }
    state.presented.heldSummary = state.presented.heldSummary.filter(wanted.contains)
    if !state.presented.heldSummary.isEmpty {
      let standing = Set(state.presented.heldSummary)
      let summary = QuickAction.heldSummary(
        of: state.presented.heldSummary.compactMap { id in shown.first { $0.id == id } }, rules: rules)
      let todos = shown.filter { !extras.contains($0.id) && !standing.contains($0.id) }
      shown = todos + [summary] + shown.filter { extras.contains($0.id) }
    }
    guard quiet else { return shown }
    // On screen: stays as it is while it is wanted, or its todo is pending and not snoozed
    // (a todo that outranks it is held, and does not take its place); one the server closed
    // without a snooze is held by the feature, and not sent again.
    let onScreen = state.presented.actions.filter { action in
      !extras.contains(action.id) && !state.presented.held.contains(action.id)
        && (wanted.contains(action.id)
          || state.todos[id: action.id].map { !$0.isComplete && !rules.isSnoozed($0, now: now) } ?? false)
    }
    var kept = Array(onScreen)
    for action in shown where onScreen[id: action.id] == nil {
      if extras.contains(action.id) {
        kept.append(action)
      } else if let todo = state.todos[id: action.id], rules.passesQuiet(todo, now: now) {
        var critical = action
        critical.urgency = .critical
        kept.append(critical)
      } else if !state.presented.held.contains(action.id) {
        state.presented.held.append(action.id)
      }
    }
    state.presented.held = state.presented.held.filter(wanted.contains)
    return kept
  }

  /// The notifications at `now`, from the index of the todos' standings brought up to date
  /// for the todos changed since the last derivation, or taken again from all of them when
  /// it cannot be (see ``QuickActionIndex/update(changed:todos:rules:reminded:now:)``).
  func derive(_ state: inout Base.State, now: Date) -> QuickActionDerivation {
    let log = state.todoChangeLog
    state.todoChangeLog = TodoChangeLog(isWhole: false)
    let (todos, rules, reminded) = (state.todos, state.quickActionRules, state.presented.reminded)
    let current: QuickActionIndex
    if !log.isWhole, var index = state.presented.index {
      state.presented.index = nil  // `index` is then its only copy, changed in place
      if !index.update(changed: log.before, todos: todos, rules: rules, reminded: reminded, now: now) {
        index = QuickActionIndex(todos: todos, rules: rules, reminded: reminded, now: now)
      }
      current = index
    } else {
      current = QuickActionIndex(todos: todos, rules: rules, reminded: reminded, now: now)
    }
    state.presented.index = current
    return QuickActionDerivation(index: current, todos: todos, now: now)
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
