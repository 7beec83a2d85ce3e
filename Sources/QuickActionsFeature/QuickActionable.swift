import Composable
import Foundation
import Logging
import Models
import NotificationClient

/// State that quick actions can be derived from and kept in.
public protocol QuickActionableState {
  var todos: IdentifiedArrayOf<Todo> { get }
  var quickActions: IdentifiedArrayOf<QuickAction> { get set }
  /// Bumped each time `quickActions` changes; orders the presenter's calls.
  var quickActionsRevision: Int { get set }
  var quickActionRules: QuickActionRules { get }
  /// The candidates in selection order, maintained by `quickActionable()`.
  var quickActionIndex: QuickActionIndex { get set }
  /// Notifications the feature shows besides the selected todos (the undo offers), after
  /// them. Read on every action: a stored array, not one built on each read, so that an
  /// unchanged one is recognized at once.
  var extraQuickActions: [QuickAction] { get }
}

extension QuickActionableState {
  /// None, unless the feature shows notifications of its own.
  public var extraQuickActions: [QuickAction] { [] }
}

/// The actions of the quick-actions domain.
@CasePathable
public enum QuickActionsAction: Equatable, Sendable {
  /// A notification button was pressed (or its body clicked: `.default`).
  case buttonPressed(Todo.ID, ButtonKind)
  /// The moment the quick actions change by themselves has come: a snooze ended or a
  /// shown todo fell due. Sent by the wake-up effect `quickActionable()` schedules.
  case wake
}

/// Actions that embed ``QuickActionsAction`` and say what a button press becomes.
public protocol QuickActionableAction: Sendable {
  static func quickActions(_ action: QuickActionsAction) -> Self
  var quickActionsAction: QuickActionsAction? { get }
  /// The action a press of `kind` on `todo` becomes; nil ignores the press.
  static func forwarded(_ kind: ButtonKind, todo: Todo, rules: QuickActionRules, now: Date) -> Self?
  /// The todos this action may change, so upkeep re-ranks only those.
  var todoChangeScope: TodoChangeScope { get }
  /// The action that records that a reminder for `due` was shown (persisted, so it is
  /// shown once); nil when the feature does not keep that.
  static func reminderShown(_ id: Todo.ID, due: Date) -> Self?
}

extension QuickActionableAction {
  public static func reminderShown(_: Todo.ID, due _: Date) -> Self? { nil }
}

extension Reducer where State: QuickActionableState, Action: QuickActionableAction {
  /// Derives quick actions from pending todos after this reducer runs, and hands them to
  /// the notification client only when they changed. A pressed button is forwarded into
  /// the store as the action it stands for (`done` → mark done); a press for a todo that is
  /// gone or already done is a logged no-op. The notifications change only once the
  /// action's own effects have finished (its commit), never before.
  @inlinable
  public func quickActionable() -> _QuickActionableReducer<Self> {
    _QuickActionableReducer(base: self)
  }
}

/// The reducer ``Reducer/quickActionable()`` returns.
public struct _QuickActionableReducer<Base: Reducer>: Reducer
where Base.State: QuickActionableState, Base.Action: QuickActionableAction {
  // Inlinable, so the reducer is specialized for the feature using it (in another module);
  // unspecialized, its generic State and Action accesses cost microseconds per action.
  @usableFromInline let base: Base
  @usableFromInline let reduceBase: (inout Base.State, Base.Action) -> Effect<Base.Action>

  // The date generator, then `.now` from it (`ActionTime` in `reduce` reads it once).
  // Not a wrapped property: `reduce` hands the wrapper alone to `ActionTime`.
  @usableFromInline let date = ReducerDependency(\.date)
  @inlinable var now: Date { date.wrappedValue.now }
  // Read through `ReducerDependency` (see there): `@Dependency` costs ~6,500 instructions
  // a read, and the notification client is read whenever the quick actions change.
  @usableFromInline @ReducerDependency(\.notifications) var notifications
  @usableFromInline @ReducerDependency(\.continuousClock) var clock

  @usableFromInline
  enum WakeID: Hashable, Sendable { case wake }

  // Inlinable too: resolved here, in this module, `base._reduceFunction()` would be the
  // generic witness, and the whole base reducer (Scope, its child, `Effect.map`) would run
  // unspecialized on every action.
  @inlinable
  init(base: Base) {
    self.base = base
    self.reduceBase = base._reduceFunction()
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if case let .buttonPressed(id, kind)? = action.quickActionsAction {
      // Undo acts on a done todo; every other button on a pending one.
      guard let todo = state.todos[id: id], todo.isComplete == (kind == .undo) else {
        quickActionsLogger.info(
          "ignored \(kind.rawValue) for \(id.uuidString.lowercased()): \(state.todos[id: id] == nil ? "gone" : kind == .undo ? "not done" : "already done")")
        return .none
      }
      guard let forwarded = Base.Action.forwarded(kind, todo: todo, rules: state.quickActionRules, now: now)
      else { return .none }
      return .send(forwarded)
    }
    if case .wake? = action.quickActionsAction { state.quickActionIndex.scheduledWake = nil }
    let before = TodosBeforeChange(action.todoChangeScope, in: state.todos)
    var effect = reduceBase(&state, action)
    updateIndex(&state, before: before)
    // The time is read at most once an action, and only when needed (a dependency read
    // goes through swift-dependencies' storage: ~500 instructions).
    var time = ActionTime(date)
    let perTodo = state.quickActionIndex.quickActionsIfChanged(
      in: state.todos, rules: state.quickActionRules, now: &time)
    var remindersChanged = false
    var reminderEdits: ReminderActionEdits?
    if let changes = state.quickActionIndex.reminders.remindersIfChanged(
      in: state.todos, rules: state.quickActionRules, now: &time)
    {
      let rules = state.quickActionRules
      reminderEdits = state.quickActionIndex.setReminderActions(changes, rules: rules, now: time())
      remindersChanged = reminderEdits.map { !$0.isEmpty } ?? true
      let records = changes.firstShown.compactMap { todo in
        todo.due.flatMap { Base.Action.reminderShown(todo.id, due: $0) }
      }
      if !records.isEmpty { effect = effect.merge(with: Effect<Base.Action>.merge(records.map { Effect.send($0) })) }
    }
    let wake = scheduleWake(&state, now: &time)
    // The extras (reminders not among the selected, then the feature's own) are rebuilt
    // only when something they are made from changed: rebuilding and comparing them on
    // every action made upkeep grow with the reminders due (180 of them: 30 µs an action).
    let featureExtras = state.extraQuickActions
    let featureExtrasChanged = featureExtras != state.quickActionIndex.peek { $0.presentedFeatureExtras }
    // Only some reminders changed: followed where they are shown, in place.
    if let reminderEdits, remindersChanged, perTodo == nil, !featureExtrasChanged,
      state.quickActionRules.layout != .summary,
      let changed = followReminderEdits(reminderEdits, in: &state)
    {
      guard changed else { return effect.merge(with: wake) }
      return present(&state, after: effect).merge(with: wake)
    }
    var extras = state.quickActionIndex.peek { $0.presentedExtras }
    var extrasChanged = false
    if remindersChanged || perTodo != nil || featureExtrasChanged {
      state.quickActionIndex.presentedFeatureExtras = featureExtras
      var rebuilt = state.quickActionIndex.peek { $0.reminderActions }
      if rebuilt.isEmpty {
        // The feature's array itself: unchanged, it then compares equal to the presented
        // extras at once (same buffer) instead of element by element.
        rebuilt = featureExtras
      } else {
        // A reminded todo that is among the selected ones is shown once, as selected.
        let selected = perTodo ?? state.quickActionIndex.peek { $0.current }
        rebuilt.removeAll { extra in selected.contains { $0.id == extra.id } }
        rebuilt += featureExtras
      }
      extrasChanged = rebuilt != extras
      extras = rebuilt
    }
    let presentedExtrasCount = state.quickActionIndex.peek { $0.presentedExtras.count }
    var actions: [QuickAction]
    if state.quickActionRules.layout == .summary {
      // The count of pending todos can change without the shown ones changing.
      let shown = perTodo ?? state.quickActionIndex.peek { $0.current }
      let pending = state.quickActionIndex.peek { $0.count }
      actions = pending == 0 ? [] : [QuickAction.summary(of: shown, pending: pending)]
    } else {
      guard perTodo != nil || extrasChanged else { return effect.merge(with: wake) }
      actions = perTodo ?? state.quickActionIndex.peek { $0.current }
    }
    if !extras.isEmpty { actions += extras }
    if extrasChanged { state.quickActionIndex.presentedExtras = extras }
    guard actions != state.quickActions.elements else { return effect.merge(with: wake) }
    state.quickActions.replaceChangedRanges(
      with: actions, split: state.quickActions.count - presentedExtrasCount,
      actions.count - extras.count)
    return present(&state, after: effect).merge(with: wake)
  }

  /// Hands the quick actions, changed, to the notification client: after the action's own
  /// effects, so its commit finishes before a notification closes (a notification that
  /// goes away stands for a row already written). The wake-up runs beside them (it may
  /// sleep for hours).
  @inlinable
  func present(_ state: inout Base.State, after effect: Effect<Base.Action>) -> Effect<Base.Action> {
    state.quickActionsRevision += 1
    let revision = state.quickActionsRevision
    let actions = state.quickActions.elements
    let notifications = self.notifications
    return effect.concatenate(with: .run { _ in notifications.present(actions, revision) })
  }

  /// Follows a patch of the reminders in the quick actions shown (and `presentedExtras`,
  /// which they end with): the few reminders removed and inserted in place, where
  /// rebuilding and comparing both lists cost ~1,000 instructions a reminder. A reminder
  /// among the selected is shown as selected, not again. Returns whether what is shown
  /// changed; nil when it is not as the patch expects (the caller then rebuilds it).
  @inlinable
  func followReminderEdits(_ edits: ReminderActionEdits, in state: inout Base.State) -> Bool? {
    let selected = state.quickActionIndex.peek { $0.current }
    let selectedCount = state.quickActions.count - state.quickActionIndex.peek { $0.presentedExtras.count }
    guard selectedCount == selected.count,
      selected.indices.allSatisfy({ state.quickActions.elements[$0].id == selected[$0].id })
    else { return nil }
    func isSelected(_ id: Todo.ID) -> Bool { selected.contains { $0.id == id } }
    var changed = false
    for id in edits.removed where !isSelected(id) {
      guard let place = state.quickActions.index(id: id), place >= selectedCount else { return nil }
      state.quickActions.remove(at: place)
      state.quickActionIndex.presentedExtras.remove(at: place - selectedCount)
      changed = true
    }
    let reminders = state.quickActionIndex.peek { $0.reminderActions }
    for (action, at) in edits.inserted where !isSelected(action.id) {
      // After the reminder before it that is shown here (not among the selected).
      var before = at - 1
      while before >= 0, isSelected(reminders[before].id) { before -= 1 }
      var place = selectedCount
      if before >= 0 {
        guard let shown = state.quickActions.index(id: reminders[before].id), shown >= selectedCount
        else { return nil }
        place = shown + 1
      }
      guard state.quickActions.index(id: action.id) == nil else { return nil }
      state.quickActions.insert(action, at: place)
      state.quickActionIndex.presentedExtras.insert(action, at: place - selectedCount)
      changed = true
    }
    return changed
  }

  /// Schedules a `.wake` for when the quick actions next change by themselves (no polling:
  /// one sleep on the injected clock), or cancels the scheduled one when nothing is due.
  @inlinable
  func scheduleWake(_ state: inout Base.State, now: inout ActionTime) -> Effect<Base.Action> {
    let (next, scheduled) = state.quickActionIndex.peek { ($0.nextChange, $0.scheduledWake) }
    guard next != scheduled else { return .none }
    state.quickActionIndex.scheduledWake = next
    guard let next else { return .cancel(id: WakeID.wake) }
    let delay = max(0, next.timeIntervalSince(now()))
    let clock = self.clock
    return .run { send in
      try await clock.sleep(for: .milliseconds(Int64((delay * 1000).rounded(.up))))
      await send(.quickActions(.wake))
    }
    .cancellable(id: WakeID.wake, cancelInFlight: true)
  }

  @inlinable
  func updateIndex(_ state: inout Base.State, before: TodosBeforeChange) {
    let rules = state.quickActionRules
    if state.quickActionIndex.rebuildUnlessCurrent(from: state.todos, rules: rules) { return }
    var inStep = true
    switch before {
    case .none:
      break
    case let .one(id, old):
      let new = TodosBeforeChange.todo(id, near: old?.position, in: state.todos)
      inStep = state.quickActionIndex.update(from: old?.todo, to: new, rules: rules)
    case let .several(olds):
      for (id, old) in olds {
        inStep = state.quickActionIndex.update(from: old, to: state.todos[id: id], rules: rules) && inStep
      }
    case let .appended(countBefore):
      guard state.todos.count > countBefore else { break }
      for todo in state.todos.elements[countBefore...] {
        inStep = state.quickActionIndex.update(from: nil, to: todo, rules: rules) && inStep
      }
    case .all:
      state.quickActionIndex.rebuild(from: state.todos, rules: rules)
    }
    // An update found a todo not indexed as its old value says: some action changed it
    // without saying so (its `todoChangeScope`). Rebuilt now, so nothing goes missing.
    if !inStep {
      quickActionsLogger.warning("quick-action index out of step with the todos; rebuilt")
      state.quickActionIndex.rebuild(from: state.todos, rules: rules)
    }
  }
}

/// Where ignored presses are reported; the executable chooses the handler and level
/// (swift-log's `LoggingSystem.bootstrap`).
@usableFromInline let quickActionsLogger = Logger(label: "quickdo.quickactions")
