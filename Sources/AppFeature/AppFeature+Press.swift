import CommandInput
import Composable
import Foundation
import Models
import NotificationLayout
import TodosFeature
import Localization

extension AppFeature {
  /// A button pressed on a notification, done in this pass: Done marks the todo done (a
  /// repeating one moves to its next time) and offers Undo for `undo_window`, Undo puts
  /// the occurrence back, Snooze snoozes it, Open opens its link. A press that no longer
  /// fits is a logged no-op: the todo is gone or already done, or for Undo, its offer has
  /// ended or been replaced, or the todo changed since Done. quickActionable() then
  /// derives the notifications, and hands them over once the commit has finished.
  func press(_ kind: ButtonKind, on id: Todo.ID, in state: inout State) -> Effect<Action> {
    let offer = state.undoOffers[id: id]
    let why: String? =
      if let todo = state.todos[id: id] {
        kind != .undo ? (todo.isComplete ? tr("already done") : nil)
          : offer.map { $0.fits(todo) ? nil : tr("changed since done") } ?? tr("no offer")
      } else {
        tr("gone")
      }
    guard let todo = state.todos[id: id], why == nil else {
      return log(.info, tr("ignored %s for %s: %s", kind.rawValue, UUIDText.format(id), why ?? ""))
    }
    let rules = state.quickActionRules
    switch kind {
    case .done:
      let done = todos(.markDone(id: id), &state)
      if rules.undoWindow > 0, let after = state.todos[id: id] {
        // The offer's notification shows until then (quickActionable()'s wake-up). One
        // offer at a time, as an undo bar has: it takes the place of the one before, so
        // offers never pile up on screen or crowd out the todos on a server that keeps a
        // few notifications per app. A todo done before leaves the state, as no offer
        // needs it now (`AgentInvariants`); `quickdo undo` still undoes it.
        let until = now.addingTimeInterval(rules.undoWindow)
        state.undoOffers = [UndoOffer(before: todo, after: after, rules: rules, until: until, now: now)]
      }
      return done
    case .undo:
      // Those done before it, whose offers it had taken over, leave the state after it
      // (`AgentInvariants`).
      guard let offer = state.undoOffers.remove(id: id) else { return .none }
      return todos(.undoDone(before: offer.before), &state)
    case .snooze:
      return todos(.snooze(id: id, until: now.addingTimeInterval(rules.snoozeDuration)), &state)
    case .open:
      guard let url = todo.url else { return .none }
      state.urlToOpen = url
      return .run { [opener] send in
        await send(.urlOpened(url, failure: await opener.open(url)))
      }
    case .default, .reply, .showHeld, .snoozeHeld:
      // The presenter reports a body click as the button it stands for, and what is
      // typed into the snooze field as a reply; the held ones' buttons are `pressHeld`'s.
      return .none
    }
  }

  /// A press on the notification standing for the todos held while quiet: Show lets them
  /// come back as usual (up to `max`), Snooze all snoozes each for `snooze_duration`. A
  /// press once it stands for none is a logged no-op.
  func pressHeld(_ kind: ButtonKind, in state: inout State) -> Effect<Action> {
    let held = state.presented.heldSummary
    guard !held.isEmpty, kind == .showHeld || kind == .snoozeHeld else {
      return log(.info, tr("ignored %s for the held todos: %s", kind.rawValue, tr("no longer shown")))
    }
    state.presented.heldSummary = []
    guard kind == .snoozeHeld else { return .none }
    let until = now.addingTimeInterval(state.quickActionRules.snoozeDuration)
    return .merge(held.filter { state.todos[id: $0] != nil }.map { todos(.snooze(id: $0, until: until), &state) })
  }

  /// Text typed into a todo's snooze field, read as `--due` reads a time ("2h", "tomorrow
  /// 9:00", "fri 17:00"): a time to come snoozes the todo until then. Anything else changes
  /// nothing, and the notification comes back saying what was not understood. The text is
  /// input from outside: a reply over 200 bytes is not read (nor is one with control
  /// characters, which no date has), and it is shown with its control characters made
  /// visible. A reply to a todo gone or done is a logged no-op.
  func reply(_ text: String, on id: Todo.ID, in state: inout State) -> Effect<Action> {
    guard let todo = state.todos[id: id], !todo.isComplete else {
      return log(.info, tr("ignored a typed snooze for %s: %s", UUIDText.format(id), tr("gone or done")))
    }
    let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let shown = TerminalText.visible(String(typed.prefix(40))) + (typed.count > 40 ? "…" : "")
    let until = typed.utf8.count <= 200 ? HumanDate.parse(typed, now: now) : nil
    guard let until, until > now else {
      state.replyProblems[id] =
        until == nil
        // TRANSLATORS: shown in a todo's notification after a typed snooze; %s is what was typed.
        ? tr("'%s' is not a time (try tomorrow 9:00, 2h, fri 17:00)", shown)
        : tr("'%s' is past (try tomorrow 9:00, 2h, fri 17:00)", shown)
      return .none
    }
    state.replyProblems[id] = nil
    return todos(.snooze(id: id, until: until), &state)
  }
}
