import Composable
import Foundation
import Logging
import Models
import NotificationClient
import QuickActionsFeature
import SyncFeature
import TodoStorageClient
import TodosFeature
import URLOpenerClient

/// The agent's root reducer: the todos, their quick actions, what the notification server
/// reports, and what other processes committed. Its state holds the pending todos, and the
/// done ones while their Undo is offered.
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

    /// Drops the done todos no undo offer needs: the agent acts on pending todos (history
    /// stays in SQLite), which halves its pass over them and its memory at 10,000 todos with
    /// half of them done (budgets: a press ≤ 2× notify-send's, RSS ≤ 30 MB).
    mutating func dropSettledTodos() {
      let offered = undoOffers.ids
      func isSettled(_ todo: Todo) -> Bool { todo.isComplete && !offered.contains(todo.id) }
      guard todosState.todos.contains(where: isSettled) else { return }
      todosState.todos.removeAll(where: isSettled)
    }

    public var extraQuickActions: [(action: QuickAction, until: Date?)] {
      undoOffers.map { ($0.quickAction, $0.until) }
    }
    public var todos: IdentifiedArrayOf<Todo> { todosState.todos }

    public init(
      todos: [Todo] = [], storageRevision: Int64 = 0, rules: QuickActionRules = QuickActionRules()
    ) {
      self.todosState = TodosFeature.State(todos: IdentifiedArray(uniqueElements: todos))
      self.storageRevision = storageRevision
      self.quickActionRules = rules
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable, QuickActionableAction {
    case todos(TodosFeature.Action)
    case quickActions(QuickActionsAction)
    /// What the notification server reported.
    case notification(NotificationEvent)
    /// Another process committed these changes.
    case storageChanged(TodoChanges)
    /// The configuration was (re)loaded.
    case rulesChanged(QuickActionRules)
    /// Open a todo's link.
    case openURL(URL)
    /// The opener finished with `url`; `failure` says why it could not open it.
    case urlOpened(URL, failure: String?)
    /// "Mark done" pressed on a notification: done, and Undo offered for a while.
    case doneFromNotification(Todo.ID)
    /// "Undo" pressed on a "Done: <title>" notification: pending again.
    case undoFromNotification(Todo.ID)
    /// CalDAV sync.
    case sync(SyncFeature.Action)

    public var quickActionsAction: QuickActionsAction? {
      // A press on a notification is the quick actions' press.
      switch self {
      case let .quickActions(action): action
      case let .notification(.buttonPressed(id, kind)): .buttonPressed(id, kind)
      default: nil
      }
    }

    public static func reminderShown(_ id: Todo.ID, due: Date) -> Action? {
      .todos(.markReminded(id: id, due: due))
    }

    public static func forwarded(
      _ kind: ButtonKind, todo: Todo, rules: QuickActionRules, now: Date
    ) -> Action? {
      switch kind {
      case .done: .doneFromNotification(todo.id)
      case .undo: .undoFromNotification(todo.id)
      case .snooze: .todos(.snooze(id: todo.id, until: now.addingTimeInterval(rules.snoozeDuration)))
      case .open: todo.url.map(Action.openURL)
      // The presenter reports a body click as the button it stands for.
      case .default: nil
      }
    }
  }

  @Dependency(\.date.now) var now
  @Dependency(\.urlOpener) var opener

  public init() {}

  public var body: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \.todosState, action: Action.allCasePaths.todos) {
        TodosFeature()
      }
      Scope(state: \.sync, action: Action.allCasePaths.sync) {
        SyncFeature()
      }
      Reduce { state, action in
        switch action {
        case .notification(.buttonPressed):
          return .none  // forwarded by quickActionable() as the action it stands for
        case let .notification(.closed(id, reason)):
          if let offer = state.undoOffers.first(where: { $0.quickAction.id == id }) {
            // An undo offer dismissed (or expired by the server): no more Undo.
            state.undoOffers.remove(id: offer.id)
            state.dropSettledTodos()
            return .none
          }
          // Dismissed by the user, or expired: snoozed, so it comes back when the snooze
          // ends (and `list` says so) instead of at once. With no snooze set, the presenter
          // shows a pending todo's closed notification again.
          let duration = state.quickActionRules.dismissSnoozeDuration
          guard reason != .other, duration > 0 else { return .none }
          let until = now.addingTimeInterval(duration)
          // The summary stands for the todos it has a button for.
          let ids = id == QuickAction.summaryID
            ? state.presented.actions[id: id]?.buttons.compactMap(\.todoID) ?? [] : [id]
          return .merge(ids.map { .send(.todos(.snooze(id: $0, until: until))) })
        case .notification(.serverAppeared):
          return .none  // the presenter shows its current quick actions again by itself
        case let .storageChanged(changes):
          guard changes.revision > state.storageRevision else { return .none }
          state.storageRevision = changes.revision
          return .send(.todos(.applyChanges(changes)))
        case let .openURL(url):
          state.urlToOpen = url
          return .run { [opener] send in
            await send(.urlOpened(url, failure: await opener.open(url)))
          }
        case let .urlOpened(url, failure):
          if state.urlToOpen == url { state.urlToOpen = nil }
          if let failure { appLogger.warning("could not open \(url.absoluteString): \(failure)") }
          return .none
        case let .doneFromNotification(id):
          guard let todo = state.todos[id: id], !todo.isComplete else { return .none }
          let done = TodosFeature().reduce(into: &state.todosState, action: .markDone(id: id))
            .map(Action.todos)
          guard state.quickActionRules.undoWindow > 0 else {
            state.dropSettledTodos()
            return done
          }
          // The offer's notification shows until then (quickActionable()'s wake-up).
          let until = now.addingTimeInterval(state.quickActionRules.undoWindow)
          state.undoOffers[id: id] = UndoOffer(todo: todo, rules: state.quickActionRules, until: until)
          return done
        case let .undoFromNotification(id):
          state.undoOffers.remove(id: id)
          return TodosFeature().reduce(into: &state.todosState, action: .markPending(id: id))
            .map(Action.todos)
        case .quickActions(.wake):
          let now = self.now
          state.undoOffers.removeAll { $0.until <= now }  // their window ended
          state.dropSettledTodos()
          return .none
        case let .rulesChanged(rules):
          // quickActionable() then derives the notifications with them.
          state.quickActionRules = rules
          return .none
        case .todos(.loaded), .todos(.applyChanges):
          state.dropSettledTodos()
          return .none
        case .todos, .quickActions, .sync:
          return .none
        }
      }
      // A todo changed here (a press) or by another process: accounts with changes
      // waiting sync shortly.
      Reduce { state, action in
        guard !state.sync.accounts.isEmpty else { return .none }
        switch action {
        case .doneFromNotification, .undoFromNotification, .storageChanged:
          return .send(.sync(.localChange))
        default:
          return .none
        }
      }
    }
    .quickActionable()
  }
}

/// Where the agent's reducer reports what it could not do (the executable picks the handler).
let appLogger = Logger(label: "quickdo.app")
