import Foundation
import Models
import Localization

/// What the agent shows for one pending todo: a notification's title, body, urgency and
/// buttons. A pure function of the todo and the config (`QuickActionRules`); the presenter
/// turns it into a desktop notification.
public struct QuickAction: Identifiable, Equatable, Sendable {
  /// The todo it stands for.
  public var id: Todo.ID
  /// Plain text (the notification summary).
  public var title: String
  /// Plain text; the presenter escapes it for the body-markup subset.
  public var body: String
  public var urgency: Urgency
  public var buttons: [Button]
  /// What a click on the body does, as the button it stands for (its label names it where
  /// a server shows the body click as a button); nil when a click does nothing, and then
  /// no `default` action is sent.
  public var bodyClick: Button?

  public init(
    id: Todo.ID, title: String, body: String, urgency: Urgency, buttons: [Button],
    bodyClick: Button? = nil
  ) {
    self.id = id
    self.title = title
    self.body = body
    self.urgency = urgency
    self.buttons = buttons
    self.bodyClick = bodyClick
  }

  /// A notification button; its action key names the todo (`done:<uuid>`).
  public struct Button: Equatable, Sendable {
    public var kind: ButtonKind
    public var label: String
    /// The todo the button acts on when it is not the quick action's own (the summary
    /// notification has a button per todo).
    public var todoID: Todo.ID?

    public init(kind: ButtonKind, label: String, todoID: Todo.ID? = nil) {
      self.kind = kind
      self.label = label
      self.todoID = todoID
    }
  }

  /// Notification urgency levels of the freedesktop spec.
  public enum Urgency: Int, Equatable, Sendable {
    case low = 0, normal = 1, critical = 2
  }

  /// Whether this is a "Done: …" notification offering Undo.
  public var offersUndo: Bool { buttons.contains { $0.kind == .undo } }

  /// The action key for a button of this quick action.
  public func key(_ kind: ButtonKind) -> String { kind.key(for: id) }

  /// The action key of `button`: `done:<uuid>` of the todo it acts on.
  public func key(for button: Button) -> String { button.kind.key(for: button.todoID ?? id) }

  /// The id of the summary notification (no todo has it).
  public static let summaryID = UUID(uuidString: "00000000-0000-0000-0000-00000000000a")!
  /// The id of the notification that stands for the todos held while quiet (no todo has it).
  public static let heldSummaryID = UUID(uuidString: "00000000-0000-0000-0000-00000000000b")!

  /// "5 reminders while Do Not Disturb was on", with their titles, **Show** and **Snooze
  /// all**: what comes when quiet ends and more todos were held than come one by one.
  public static func heldSummary(of actions: [QuickAction], rules: QuickActionRules) -> QuickAction {
    QuickAction(
      id: heldSummaryID,
      title: trn(
        "%d reminder while Do Not Disturb was on", "%d reminders while Do Not Disturb was on", actions.count,
        actions.count),
      body: actions.map { "• " + $0.title }.joined(separator: "\n"), urgency: .normal,
      buttons: [
        // TRANSLATORS: a button on "5 reminders while Do Not Disturb was on": shows each.
        Button(kind: .showHeld, label: trc("button", "Show")),
        // TRANSLATORS: a button on "5 reminders while Do Not Disturb was on".
        Button(kind: .snoozeHeld, label: trc("button", "Snooze all")),
      ])
  }

  /// The id of the "Done: <title>" notification offering to undo `todo`: the todo's id
  /// with its version nibble flipped (the random v4 ids quickdo makes become 0xB, a version
  /// no UUID generator uses), so it is not a todo's id and the todo's own notification can
  /// come back beside it.
  public static func undoID(for todo: Todo.ID) -> UUID {
    var bytes = todo.uuid
    bytes.6 ^= 0xF0
    return UUID(uuid: bytes)
  }

  /// The notification offering to undo "Mark done" on `todo` for a while. Normal
  /// urgency, so that servers show it as a popup (GNOME shows low urgency only in its
  /// list), and a body click undoes too (GNOME's list has no buttons).
  public static func undoOffer(for todo: Todo, rules: QuickActionRules, now: Date) -> QuickAction {
    let undo = Button(kind: .undo, label: rules.undoLabel, todoID: todo.id)
    // A repeating todo Done is pending again at its next time, which the title says.
    let title =
      if !todo.isComplete, let due = todo.occurrence {
        // TRANSLATORS: after Done on a repeating todo: its title, and when it comes back
        // ("tomorrow 09:00").
        tr("Done: %s — next %s", todo.title, LocalDateText.relative(due, now: now))
      } else {
        // TRANSLATORS: after Done on a todo, beside its Undo button; %s is its title.
        tr("Done: %s", todo.title)
      }
    return QuickAction(
      id: undoID(for: todo.id), title: title, body: "", urgency: .normal,
      buttons: [undo], bodyClick: undo)
  }

  /// The summary layout: one notification "N pending todos" with a "done" button per
  /// shown todo, labelled with its title.
  public static func summary(of actions: [QuickAction], pending: Int) -> QuickAction {
    QuickAction(
      id: summaryID, title: trn("%d pending todo", "%d pending todos", pending, pending),
      body: actions.map { "• " + $0.title }.joined(separator: "\n"),
      urgency: actions.map(\.urgency).max { $0.rawValue < $1.rawValue } ?? .normal,
      buttons: actions.map { Button(kind: .done, label: $0.title, todoID: $0.id) })
  }
}

/// What a button does. `default` is a click on the notification body; `undo` is the
/// button of the "Done: <title>" notification that follows a "Mark done" press; `reply` is
/// the field where a person types how long to snooze, on servers with KDE's
/// `inline-reply`; `showHeld` and `snoozeHeld` are those of the todos held while quiet.
public enum ButtonKind: String, Equatable, Sendable, CaseIterable {
  case done, snooze, open, undo, `default`, reply
  /// The buttons of the notification standing for the todos held while quiet.
  case showHeld = "show-held", snoozeHeld = "snooze-held"

  /// The D-Bus action key: `done:<uuid>`, …; the body click is `default`, and the typed
  /// snooze `inline-reply`, the key KDE's servers draw a text field for.
  public func key(for id: Todo.ID) -> String {
    switch self {
    case .default: "default"
    case .reply: "inline-reply"
    default: "\(rawValue):\(id.uuidString.lowercased())"
    }
  }
}

/// How quick actions become notifications: one per todo, or one summary.
public enum QuickActionLayout: String, Equatable, Sendable, CaseIterable {
  /// Per todo, except on servers that show one popup at a time (`ServerQuirks`), where a
  /// summary lets every todo be seen; the agent settles it when the server appears.
  case auto
  case perTodo = "per-todo"
  case summary
}

/// What a click on a notification's body does (`actions.default` in the config).
public enum BodyClick: String, Equatable, Sendable, CaseIterable {
  /// Opens the todo's URL, if it has one.
  case open
  /// Marks the todo done.
  case done
  case none
}

