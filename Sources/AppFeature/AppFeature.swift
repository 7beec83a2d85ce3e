import Composable
import Foundation
import Logging
import Models
import NotificationLayout
import NotificationClient
import PushFeature
import QuickActionsFeature
import SyncFeature
import TodoStorageClient
import TodosFeature
import URLOpenerClient
import Localization

/// The agent's root reducer: the todos, their quick actions, what the notification server
/// reports, what other processes committed, and sync's schedule with instant sync's
/// connector. Its state holds the pending todos, and the done ones while their Undo is
/// offered.
public struct AppFeature: Reducer {
  public struct State: Equatable, QuickActionableState {
    public var todosState: TodosFeature.State
    public var quickActionRules: QuickActionRules
    public var presented = PresentedQuickActions()
    /// The storage revision the state reflects (changes after it are applied on commit).
    public var storageRevision: Int64
    /// A link being opened (state-driven, the ComposableOpenURL idea): set by an Open press,
    /// cleared when the opener reports back.
    public var urlToOpen: URL?
    /// "Done: <title>" notifications offering Undo, by todo, while their window lasts.
    public var undoOffers: IdentifiedArrayOf<UndoOffer> = []
    /// The CalDAV accounts' sync schedules and outcomes (none unless configured).
    public var sync = SyncFeature.State()
    /// Instant sync's connector: the distributor, and the subscriptions it keeps.
    public var push = PushFeature.State()
    /// What a snooze typed into a todo's notification did not understand, shown in that
    /// notification until a reply is understood or the todo leaves.
    public var replyProblems: [Todo.ID: String] = [:]
    public var bodyNotes: [Todo.ID: String] { replyProblems }
    /// Whether the server's Do Not Disturb switch is on, as the presenter last read it.
    public var doNotDisturb = false

    /// Drops the done todos no undo offer needs: the agent acts on pending todos (history
    /// stays in SQLite), which halves its memory at 10,000 todos with half of them done
    /// (budget: RSS ≤ 30 MB). A done subtask stays: its parent's notification counts it, and
    /// an undo of the parent reopens it. Kept after every action by ``AgentInvariants``, so
    /// a todo settles only when it changed or its offer ended (`offeredBefore`: the offers'
    /// todos before the action): those are the ones looked at, unless any todo may have
    /// changed (a press costs what it changes).
    mutating func dropSettledTodos(offeredBefore: some Sequence<Todo.ID>) {
      let offered = undoOffers.ids
      func isSettled(_ todo: Todo) -> Bool { todo.isComplete && todo.parent == nil && !offered.contains(todo.id) }
      replyProblems = replyProblems.filter { todosState.todos[id: $0.key].map { !$0.isComplete } ?? false }
      let log = todosState.changeLog
      guard !log.isWhole else {
        todosState.removeAll(where: isSettled)
        return
      }
      let looked = Set(log.before.keys).union(offeredBefore.filter { !offered.contains($0) })
      for id in looked where todosState.todos[id: id].map(isSettled) ?? false { todosState.remove(id) }
    }

    public var extraQuickActions: [(action: QuickAction, until: Date?)] {
      undoOffers.map { ($0.quickAction, $0.until) }
    }
    public var todos: IdentifiedArrayOf<Todo> { todosState.todos }
    public var todoChangeLog: TodoChangeLog {
      get { todosState.changeLog }
      set { todosState.changeLog = newValue }
    }

    public init(
      todos: [Todo] = [], storageRevision: Int64 = 0, rules: QuickActionRules = QuickActionRules()
    ) {
      self.todosState = TodosFeature.State(todos: IdentifiedArray(uniqueElements: todos))
      self.storageRevision = storageRevision
      self.quickActionRules = rules
    }
  }

  public enum Action: Equatable, Sendable, QuickActionableAction {
    case todos(TodosFeature.Action)
    case quickActions(QuickActionsAction)
    /// What the notification server reported.
    case notification(NotificationEvent)
    /// Another process committed these changes.
    case storageChanged(TodoChanges)
    /// The configuration was (re)loaded.
    case rulesChanged(QuickActionRules)
    /// The opener finished with `url`; `failure` says why it could not open it.
    case urlOpened(URL, failure: String?)
    /// CalDAV sync.
    case sync(SyncFeature.Action)
    /// Instant sync (WebDAV-Push).
    case push(PushFeature.Action)
    /// Done or Snooze chosen on a todo in a launcher (KRunner, GNOME's search): the same
    /// press as on its notification, with the same Undo offer.
    case launcherPressed(Todo.ID, ButtonKind)

    public var quickActionsAction: QuickActionsAction? {
      guard case let .quickActions(action) = self else { return nil }
      return action
    }

    public static func reminderShown(_ id: Todo.ID, at: Date) -> Action? {
      .todos(.markReminded(id: id, at: at))
    }
  }

  @Dependency(\.date.now) var now
  @Dependency(\.urlOpener) var opener

  public init() {}

  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .todos(action):
        // The agent's initial load, and what the todos' own effects report (a failed
        // commit).
        return todos(action, &state)
      case let .sync(action):
        guard case .finished = action else { return sync(action, &state) }
        // The push subscriptions follow the calendars the sync found.
        return .merge(sync(action, &state), push(.synced, &state))
      case let .push(.delegate(delegate)):
        switch delegate {
        case let .pushed(account):
          return sync(.pushed(account), &state)
        case let .syncNow(account):
          return sync(.syncNow(account), &state)
        case let .health(account, isWorking, renewAt):
          return sync(.pushHealth(account, isWorking: isWorking, renewAt: renewAt), &state)
        }
      case let .push(action):
        return push(action, &state)
      case let .notification(.buttonPressed(id, kind)) where id == QuickAction.heldSummaryID:
        return pressHeld(kind, in: &state)
      case let .notification(.buttonPressed(id, kind)), let .launcherPressed(id, kind):
        return press(kind, on: id, in: &state)
      case let .notification(.replied(id, text)):
        return reply(text, on: id, in: &state)
      case let .notification(.closed(id, reason)):
        if let offer = state.undoOffers.first(where: { $0.quickAction.id == id }) {
          // An undo offer dismissed (or expired by the server): no more Undo.
          state.undoOffers.remove(id: offer.id)
          return .none
        }
        // Dismissed by the user, or expired: snoozed, so it comes back when the snooze
        // ends (and `list` says so) instead of at once. With no snooze set, the presenter
        // shows a pending todo's closed notification again.
        // The held ones' notification dismissed: each is snoozed, as Snooze all does.
        if id == QuickAction.heldSummaryID {
          return reason == .other ? .none : pressHeld(.snoozeHeld, in: &state)
        }
        let duration = state.quickActionRules.dismissSnoozeDuration
        guard reason != .other, duration > 0 else {
          // Not snoozed: while quiet it is held, not shown again at once, and comes back
          // with the others when quiet ends.
          if state.holdReason(at: now) != nil, state.presented.actions[id: id] != nil,
            !state.presented.held.contains(id)
          {
            state.presented.held.append(id)
          }
          return .none
        }
        let until = now.addingTimeInterval(duration)
        // The summary stands for the todos it has a button for.
        let ids = id == QuickAction.summaryID
          ? state.presented.actions[id: id]?.buttons.compactMap(\.todoID) ?? [] : [id]
        return .merge(ids.map { todos(.snooze(id: $0, until: until), &state) })
      case .notification(.serverAppeared):
        return .none  // the presenter shows its current quick actions again by itself
      case let .notification(.doNotDisturbChanged(on, unsent)):
        // quickActionable() holds what is new while it is on, and brings it back after.
        // Todos the presenter had not sent when it found it on are new, not on screen.
        state.doNotDisturb = on
        for id in unsent where !state.presented.held.contains(id) {
          guard let todo = state.todos[id: id], !state.quickActionRules.passesQuiet(todo, now: now) else { continue }
          state.presented.held.append(id)
        }
        return .none
      case let .storageChanged(changes):
        guard changes.revision > state.storageRevision else { return .none }
        state.storageRevision = changes.revision
        return todos(.applyChanges(changes), &state)
      case let .urlOpened(url, failure):
        if state.urlToOpen == url { state.urlToOpen = nil }
        guard let failure else { return .none }
        return log(.warning, tr("could not open %s: %s", url.absoluteString, failure))
      case .quickActions(.wake):
        let now = self.now
        state.undoOffers.removeAll { $0.until <= now }  // their window ended
        return .none
      case let .rulesChanged(rules):
        // quickActionable() then derives the notifications with them.
        state.quickActionRules = rules
        return .none
      }
    }
    .keepingInvariants()
    .quickActionable()
  }

  /// Runs the todos reducer on `action` in this pass: the one way the agent reaches its
  /// todos, for the actions sent to it and for what a press or a close decides (a child
  /// reducer called, not sent an action, as TCA advises for shared logic).
  func todos(_ action: TodosFeature.Action, _ state: inout State) -> Effect<Action> {
    TodosFeature().reduce(into: &state.todosState, action: action).map(Action.todos)
  }

  /// Runs the sync schedule's reducer on `action` in this pass, as `todos` does.
  func sync(_ action: SyncFeature.Action, _ state: inout State) -> Effect<Action> {
    SyncFeature().reduce(into: &state.sync, action: action).map(Action.sync)
  }

  /// Runs instant sync's reducer on `action` in this pass, as `todos` does.
  func push(_ action: PushFeature.Action, _ state: inout State) -> Effect<Action> {
    PushFeature().reduce(into: &state.push, action: action).map(Action.push)
  }

  /// A line for the agent's log, written by an effect: the reducer only decides it.
  func log(_ level: Logger.Level, _ message: String) -> Effect<Action> {
    .run { _ in appLogger.log(level: level, "\(message)") }
  }
}

/// Where the agent's reducer reports what it could not do (the executable picks the handler).
let appLogger = Logger(label: "quickdo.app")
