import Composable
import Foundation
import Models
import NotificationLayout
import SyncFeature

extension Reducer where State == AppFeature.State, Action == AppFeature.Action {
  /// This reducer, with what holds after every action of the agent's (``AgentInvariants``).
  func keepingInvariants() -> AgentInvariants<Self> {
    AgentInvariants(base: self)
  }
}

/// What holds after every action of the agent, stated once rather than at each place that
/// could break it, as TCA composes cross-cutting behaviour (a higher-order reducer):
/// - the state holds the pending todos, done subtasks, and the done todos an Undo offer
///   still needs (``AppFeature/State/dropSettledTodos(offeredBefore:)``): history stays in SQLite;
/// - when a todo's shared fields changed (a press, a dismissal or a typed snooze here; a
///   snooze is shared too, for the phones) or another process committed (the CLI, a link),
///   the accounts with changes waiting sync soon (`SyncFeature`'s `.localChange`).
public struct AgentInvariants<Base: Reducer>: Reducer
where Base.State == AppFeature.State, Base.Action == AppFeature.Action {
  let base: Base

  public func reduce(into state: inout AppFeature.State, action: AppFeature.Action) -> Effect<AppFeature.Action> {
    let before = Self.changeMark(of: action, in: state)
    let offered = state.undoOffers.ids
    let effect = base.reduce(into: &state, action: action)
    state.dropSettledTodos(offeredBefore: offered)
    guard !state.sync.accounts.isEmpty, before != Self.changeMark(of: action, in: state) else { return effect }
    let syncSoon = SyncFeature().reduce(into: &state.sync, action: .localChange).map(AppFeature.Action.sync)
    return effect.merge(with: syncSoon)
  }

  /// What tells whether `action` changed what a server shares: for a press, the pressed
  /// todo's shared fields (nil once it left the state); for another process's commit, the
  /// revision the state reflects. Nil for every other action, which changes nothing a
  /// server keeps.
  static func changeMark(of action: AppFeature.Action, in state: AppFeature.State) -> ChangeMark? {
    switch action {
    case let .notification(.buttonPressed(id, _)) where id == QuickAction.heldSummaryID,
      let .notification(.closed(id, _)) where id == QuickAction.heldSummaryID:
      // Snooze all (or a dismissal) snoozes every held todo.
      .snoozes(state.todos.map(\.snoozedUntil))
    case let .notification(.buttonPressed(id, _)), let .notification(.closed(id, _)),
      let .notification(.replied(id, _)), let .launcherPressed(id, _):
      .todo(state.todos[id: id].map { todo in Todo.sharedFields.map { $0.stored(todo) } })
    case .storageChanged:
      .revision(state.storageRevision)
    default:
      nil
    }
  }

  enum ChangeMark: Equatable {
    case todo([StoredValue]?)
    case revision(Int64)
    case snoozes([Date?])
  }
}
