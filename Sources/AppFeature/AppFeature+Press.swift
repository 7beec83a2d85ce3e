import Composable
import Foundation
import Models

extension AppFeature {
  /// A button pressed on a notification, done in this pass: Done marks the todo done and
  /// offers Undo for `undo_window`, Undo makes it pending again, Snooze snoozes it, Open
  /// opens its link. A press that no longer fits (the todo is gone, already done, or not
  /// done for Undo) is a logged no-op. quickActionable() then derives the notifications,
  /// and hands them over once the commit has finished.
  func press(_ kind: ButtonKind, on id: Todo.ID, in state: inout State) -> Effect<Action> {
    guard let todo = state.todos[id: id], todo.isComplete == (kind == .undo) else {
      let why = state.todos[id: id] == nil ? "gone" : kind == .undo ? "not done" : "already done"
      appLogger.info("ignored \(kind.rawValue) for \(UUIDText.format(id)): \(why)")
      return .none
    }
    let rules = state.quickActionRules
    switch kind {
    case .done:
      let done = todos(.markDone(id: id), &state)
      if rules.undoWindow > 0 {
        // The offer's notification shows until then (quickActionable()'s wake-up).
        let until = now.addingTimeInterval(rules.undoWindow)
        state.undoOffers[id: id] = UndoOffer(todo: todo, rules: rules, until: until)
      } else {
        state.dropSettledTodos()
      }
      return done.merge(with: syncSoon(&state))
    case .undo:
      state.undoOffers.remove(id: id)
      return todos(.markPending(id: id), &state).merge(with: syncSoon(&state))
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
