import Composable
import Foundation
import Models
import TodosFeature

extension AppFeature {
  /// A button pressed on a notification, done in this pass: Done marks the todo done (a
  /// repeating one moves to its next time) and offers Undo for `undo_window`, Undo puts
  /// the occurrence back, Snooze snoozes it, Open opens its link. A press that no longer
  /// fits (the todo is gone, already done, or changed since Done for Undo) is a logged
  /// no-op. quickActionable() then derives the notifications,
  /// and hands them over once the commit has finished.
  func press(_ kind: ButtonKind, on id: Todo.ID, in state: inout State) -> Effect<Action> {
    let offer = state.undoOffers[id: id]
    let why: String? =
      if let todo = state.todos[id: id] {
        kind != .undo ? (todo.isComplete ? "already done" : nil)
          : offer.map { $0.fits(todo) ? nil : "changed since done" } ?? (todo.isComplete ? nil : "not done")
      } else {
        "gone"
      }
    guard let todo = state.todos[id: id], why == nil else {
      appLogger.info("ignored \(kind.rawValue) for \(UUIDText.format(id)): \(why ?? "")")
      return .none
    }
    let rules = state.quickActionRules
    switch kind {
    case .done:
      let done = todos(.markDone(id: id), &state)
      if rules.undoWindow > 0, let after = state.todos[id: id] {
        // The offer's notification shows until then (quickActionable()'s wake-up).
        let until = now.addingTimeInterval(rules.undoWindow)
        state.undoOffers[id: id] = UndoOffer(before: todo, after: after, rules: rules, until: until, now: now)
      } else {
        state.dropSettledTodos()
      }
      return done.merge(with: syncSoon(&state))
    case .undo:
      state.undoOffers.remove(id: id)
      let undo: TodosFeature.Action = offer.map { .undoDone(before: $0.before) } ?? .markPending(id: id)
      return todos(undo, &state).merge(with: syncSoon(&state))
    case .snooze:
      return todos(.snooze(id: id, until: now.addingTimeInterval(rules.snoozeDuration)), &state)
    case .open:
      guard let url = todo.url else { return .none }
      state.urlToOpen = url
      return .run { [opener] send in
        await send(.urlOpened(url, failure: await opener.open(url)))
      }
    case .default:
      // The presenter reports a body click as the button it stands for.
      return .none
    }
  }
}
