import Foundation

/// What the agent shows for one pending todo: a notification's title, body, urgency and
/// buttons. A pure function of the todo and the config (`QuickActionRules`); the presenter
/// turns it into a desktop notification.
///
/// A value whose fields beside the id are kept in one immutable shared box
/// (`SharedValue`), as ``QuickActionRules``' are: the agent's upkeep copies and compares quick actions by the
/// hundred when many are shown (reminders, undo offers), and a copy of the plain struct
/// retained its three strings and its buttons, a comparison compared them all. Now a copy
/// is one retain, and a quick action compares equal to its own copies by identity. Setting
/// a property makes a new box (quick actions are derived, not edited, outside tests).
public struct QuickAction: Identifiable, Equatable, Sendable, CustomReflectable {
  /// The todo it stands for.
  public var id: Todo.ID
  private var shared: SharedValue<Content>

  /// The fields beside the id.
  struct Content: Equatable, Sendable {
    var title: String
    var body: String
    var urgency: Urgency
    var buttons: [Button]
    var bodyClick: Button?
  }

  /// Plain text (the notification summary).
  public var title: String {
    get { shared.value.title }
    set { shared.value.title = newValue }
  }
  /// Plain text; the presenter escapes it for the body-markup subset.
  public var body: String {
    get { shared.value.body }
    set { shared.value.body = newValue }
  }
  public var urgency: Urgency {
    get { shared.value.urgency }
    set { shared.value.urgency = newValue }
  }
  public var buttons: [Button] {
    get { shared.value.buttons }
    set { shared.value.buttons = newValue }
  }
  /// What a click on the body does, as the button it stands for (its label names it where
  /// a server shows the body click as a button); nil when a click does nothing, and then
  /// no `default` action is sent.
  public var bodyClick: Button? {
    get { shared.value.bodyClick }
    set { shared.value.bodyClick = newValue }
  }

  public init(
    id: Todo.ID, title: String, body: String, urgency: Urgency, buttons: [Button],
    bodyClick: Button? = nil
  ) {
    self.id = id
    self.shared = SharedValue(
      Content(title: title, body: body, urgency: urgency, buttons: buttons, bodyClick: bodyClick))
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.shared == rhs.shared
  }

  /// The fields as those of a plain struct (what test failure dumps show), not the box.
  public var customMirror: Mirror {
    Mirror(
      self, children: [(label: "id", value: id as Any)] + Array(Mirror(reflecting: shared.value).children),
      displayStyle: .struct)
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

  /// The action key for a button of this quick action.
  public func key(_ kind: ButtonKind) -> String { kind.key(for: id) }

  /// The action key of `button`: `done:<uuid>` of the todo it acts on.
  public func key(for button: Button) -> String { button.kind.key(for: button.todoID ?? id) }

  /// The id of the summary notification (no todo has it).
  public static let summaryID = UUID(uuidString: "00000000-0000-0000-0000-00000000000a")!

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
  public static func undoOffer(for todo: Todo, rules: QuickActionRules) -> QuickAction {
    let undo = Button(kind: .undo, label: rules.undoLabel, todoID: todo.id)
    return QuickAction(
      id: undoID(for: todo.id), title: "Done: " + todo.title, body: "", urgency: .normal,
      buttons: [undo], bodyClick: undo)
  }

  /// The summary layout: one notification "N pending todos" with a "done" button per
  /// shown todo, labelled with its title.
  public static func summary(of actions: [QuickAction], pending: Int) -> QuickAction {
    QuickAction(
      id: summaryID, title: pending == 1 ? "1 pending todo" : "\(pending) pending todos",
      body: actions.map { "• " + $0.title }.joined(separator: "\n"),
      urgency: actions.map(\.urgency).max { $0.rawValue < $1.rawValue } ?? .normal,
      buttons: actions.map { Button(kind: .done, label: $0.title, todoID: $0.id) })
  }
}

/// What a button does. `default` is a click on the notification body; `undo` is the
/// button of the "Done: <title>" notification that follows a "Mark done" press.
public enum ButtonKind: String, Equatable, Sendable, CaseIterable {
  case done, snooze, open, undo, `default`

  /// The D-Bus action key: `done:<uuid>`, …; the body click is `default`.
  public func key(for id: Todo.ID) -> String {
    self == .default ? "default" : "\(rawValue):\(id.uuidString.lowercased())"
  }

  /// Reads an action key back: `done:<uuid>` → (.done, id). `default` needs the
  /// notification's todo, so it is resolved by the presenter.
  public static func parse(_ key: String) -> (ButtonKind, Todo.ID)? {
    let parts = key.split(separator: ":", maxSplits: 1)
    guard parts.count == 2, let kind = ButtonKind(rawValue: String(parts[0])), kind != .default,
      let id = UUID(uuidString: String(parts[1]))
    else { return nil }
    return (kind, id)
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

/// The settings quick actions are derived with (defaults as in data/config.toml).
///
/// A value, kept in one immutable shared box (`SharedValue`): the agent's reducer copies and compares the
/// rules several times an action (as arguments, and to check that what it derived is for
/// the current rules), which for the plain struct was ~1,150 instructions of retains and
/// releases and a dictionary comparison each time. Now a copy is one retain, and unchanged
/// rules compare equal by identity. Setting a property makes a new box (rules change when
/// the config is loaded, not per action).
public struct QuickActionRules: Equatable, Sendable, CustomReflectable {
  /// The settings themselves.
  struct Values: Equatable, Sendable {
    var layout: QuickActionLayout = QuickActionLayout.auto
    var max: Int = 4
    var doneLabel: String = "Done"
    var snoozeLabel: String = "Snooze"
    var openLabel: String = "Open"
    var showSnooze: Bool = true
    var showOpen: Bool = true
    var bodyClick: BodyClick = BodyClick.open
    var snoozeDuration: TimeInterval = 3600
    var dismissSnoozeDuration: TimeInterval = 3600
    var order: [SelectionCriterion] = SelectionCriterion.allCases
    var minPriority: Priority = Priority.low
    var undoWindow: TimeInterval = 10
    var undoLabel: String = "Undo"
    var remindersEnabled: Bool = true
    var reminderLeadTime: TimeInterval = 900
    var urgency: [Priority: QuickAction.Urgency] = [.low: .low, .normal: .normal, .high: .normal]
  }

  private var shared = SharedValue(Values())

  public var layout: QuickActionLayout {
    get { shared.value.layout }
    set { shared.value.layout = newValue }
  }
  public var max: Int {
    get { shared.value.max }
    set { shared.value.max = newValue }
  }
  public var doneLabel: String {
    get { shared.value.doneLabel }
    set { shared.value.doneLabel = newValue }
  }
  public var snoozeLabel: String {
    get { shared.value.snoozeLabel }
    set { shared.value.snoozeLabel = newValue }
  }
  public var openLabel: String {
    get { shared.value.openLabel }
    set { shared.value.openLabel = newValue }
  }
  public var showSnooze: Bool {
    get { shared.value.showSnooze }
    set { shared.value.showSnooze = newValue }
  }
  public var showOpen: Bool {
    get { shared.value.showOpen }
    set { shared.value.showOpen = newValue }
  }
  /// What a click on the body (the `default` action) does.
  public var bodyClick: BodyClick {
    get { shared.value.bodyClick }
    set { shared.value.bodyClick = newValue }
  }
  public var snoozeDuration: TimeInterval {
    get { shared.value.snoozeDuration }
    set { shared.value.snoozeDuration = newValue }
  }
  /// How long dismissing a notification by hand snoozes its todo; 0 does not snooze.
  public var dismissSnoozeDuration: TimeInterval {
    get { shared.value.dismissSnoozeDuration }
    set { shared.value.dismissSnoozeDuration = newValue }
  }
  /// The order quick actions are chosen in; always lists each criterion once.
  public var order: [SelectionCriterion] {
    get { shared.value.order }
    set { shared.value.order = SelectionKey.complete(newValue) }
  }
  /// Todos below this priority get no quick action.
  public var minPriority: Priority {
    get { shared.value.minPriority }
    set { shared.value.minPriority = newValue }
  }
  /// How long the "Done: <title>" notification offers Undo after a "Mark done" press;
  /// 0 offers none.
  public var undoWindow: TimeInterval {
    get { shared.value.undoWindow }
    set { shared.value.undoWindow = newValue }
  }
  public var undoLabel: String {
    get { shared.value.undoLabel }
    set { shared.value.undoLabel = newValue }
  }
  /// Whether a todo gets a reminder `reminderLeadTime` before it falls due, even when it
  /// is not among the first `max`.
  public var remindersEnabled: Bool {
    get { shared.value.remindersEnabled }
    set { shared.value.remindersEnabled = newValue }
  }
  public var reminderLeadTime: TimeInterval {
    get { shared.value.reminderLeadTime }
    set { shared.value.reminderLeadTime = newValue }
  }
  /// Notification urgency per priority; overdue todos get at least high priority's.
  public var urgency: [Priority: QuickAction.Urgency] {
    get { shared.value.urgency }
    set { shared.value.urgency = newValue }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.shared == rhs.shared
  }

  /// The settings as the fields of a struct (what test failure dumps show), not the box.
  public var customMirror: Mirror {
    Mirror(self, children: Mirror(reflecting: shared.value).children, displayStyle: .struct)
  }

  public init() {}

  /// The quick action for a pending todo at `now`.
  public func quickAction(for todo: Todo, now: Date) -> QuickAction {
    var buttons = [QuickAction.Button(kind: .done, label: doneLabel)]
    if showSnooze { buttons.append(.init(kind: .snooze, label: snoozeLabel)) }
    if showOpen, todo.url != nil { buttons.append(.init(kind: .open, label: openLabel)) }
    var body = todo.notes
    if let due = todo.due {
      let when = "Due \(LocalDateText.format(due))"
      body = body.isEmpty ? when : body + "\n" + when
    }
    var level = urgency[todo.priority] ?? .normal
    if let due = todo.due, due <= now, let overdue = urgency[.high], overdue.rawValue > level.rawValue {
      level = overdue
    }
    return QuickAction(
      id: todo.id, title: todo.title, body: body, urgency: level, buttons: buttons,
      bodyClick: bodyClickButton(for: todo))
  }

  /// The button a body click stands for: done, or open when the todo has a link.
  func bodyClickButton(for todo: Todo) -> QuickAction.Button? {
    switch bodyClick {
    case .done: QuickAction.Button(kind: .done, label: doneLabel)
    case .open where todo.url != nil: QuickAction.Button(kind: .open, label: openLabel)
    case .open, .none: nil
    }
  }

  /// Whether a todo gets a quick action at `now`: a candidate and not snoozed.
  public func isEligible(_ todo: Todo, now: Date) -> Bool {
    isCandidate(todo) && !isSnoozed(todo, now: now)
  }

  /// Whether a todo can get a quick action at all: pending, at or above `minPriority`.
  /// Unlike snoozing, this does not depend on the time.
  public func isCandidate(_ todo: Todo) -> Bool {
    !todo.isComplete && todo.priority >= minPriority
  }

  public func isSnoozed(_ todo: Todo, now: Date) -> Bool {
    todo.snoozedUntil.map { $0 > now } ?? false
  }

  /// Where `todo` ranks among the quick-action candidates.
  public func selectionKey(_ todo: Todo) -> SelectionKey { SelectionKey(todo, order: order) }
}
