import Foundation
import Models
import Localization

/// The settings quick actions are derived with (defaults as in the built-in config.toml).
public struct QuickActionRules: Equatable, Sendable {
  public var layout = QuickActionLayout.auto
  public var max = 4
  // The buttons' labels: the user's language's unless the config sets them.
  public var doneLabel = trc("button", "Done")
  public var snoozeLabel = trc("button", "Snooze")
  public var openLabel = trc("button", "Open")
  public var showSnooze = true
  /// Whether each todo also offers a field to type when it comes back ("tomorrow 9:00"):
  /// where the server has KDE's `inline-reply`.
  public var typedSnooze = false
  public var typedSnoozeLabel = trc("button", "Snooze until…")
  public var showOpen = true
  /// What a click on the body (the `default` action) does.
  public var bodyClick = BodyClick.open
  public var snoozeDuration: TimeInterval = 3600
  /// How long dismissing a notification by hand snoozes its todo; 0 does not snooze.
  public var dismissSnoozeDuration: TimeInterval = 3600
  /// The order quick actions are chosen in; always lists each criterion once.
  public var order = SelectionCriterion.allCases {
    didSet { order = SelectionCriterion.complete(order) }
  }
  /// Todos below this priority get no quick action.
  public var minPriority = Priority.low
  /// Only these lists' todos get one; every list's when empty.
  public var lists: Set<String> = []
  /// These lists' todos never get one.
  public var excludedLists: Set<String> = []
  /// Only todos with one of these tags get one; any todo when empty.
  public var tags: Set<String> = []
  /// Todos with one of these tags never get one.
  public var excludedTags: Set<String> = []
  /// How long the "Done: <title>" notification offers Undo after a "Mark done" press;
  /// 0 offers none.
  public var undoWindow: TimeInterval = 10
  public var undoLabel = trc("button", "Undo")
  /// Whether a todo gets a reminder at its reminders' moments (or, without any,
  /// `reminderLeadTime` before it falls due), even when it is not among the first `max`.
  public var remindersEnabled = true
  /// How long before its due time a todo without reminders of its own is reminded; nil:
  /// it is not (`reminders.default = "none"`).
  public var reminderLeadTime: TimeInterval? = 900
  /// Notification urgency per priority; overdue todos get at least high priority's.
  public var urgency: [Priority: QuickAction.Urgency] = [.low: .low, .normal: .normal, .high: .normal]
  /// When nothing new is shown (`dnd.quiet_hours`): what falls due is held until the
  /// stretch ends.
  public var quietHours: [QuietHours] = []
  /// How many held todos come back one by one when quiet ends; more come as one summary.
  public var showEach = 3
  /// Which todos are still shown while quiet, as critical.
  public var quietPass = QuietPass.none

  public init() {}

  /// Whether nothing new is to be shown at `now`.
  public func isQuiet(at now: Date) -> Bool { quietHours.contains { $0.contains(now) } }

  /// When quiet next starts or ends after `now`; nil without quiet hours.
  public func nextQuietChange(after now: Date) -> Date? {
    quietHours.map { $0.nextChange(after: now) }.min()
  }

  /// Whether `todo` is shown while quiet all the same (`dnd.pass`).
  public func passesQuiet(_ todo: Todo, now: Date) -> Bool {
    switch quietPass {
    case .none: false
    case .overdue: todo.due.map { $0 <= now } ?? false
    case .high: todo.priority == .high
    }
  }

  /// The quick action for a pending todo at `now`. A subtask's title names its parent
  /// (`parent`, the parent's title); a parent's body says how many of its subtasks are done
  /// (`subtasks`).
  public func quickAction(
    for todo: Todo, now: Date, parent: String? = nil, subtasks: (done: Int, total: Int)? = nil
  ) -> QuickAction {
    var buttons = [QuickAction.Button(kind: .done, label: doneLabel)]
    if showSnooze { buttons.append(.init(kind: .snooze, label: snoozeLabel)) }
    if showOpen, todo.url != nil { buttons.append(.init(kind: .open, label: openLabel)) }
    if showSnooze, typedSnooze { buttons.append(.init(kind: .reply, label: typedSnoozeLabel)) }
    var body = todo.notes
    if let subtasks, subtasks.total > 0 {
      // TRANSLATORS: in a parent todo's notification, as in "1 of 3 subtasks done".
      let count = trn("%d of %d subtask done", "%d of %d subtasks done", subtasks.total, subtasks.done, subtasks.total)
      body = body.isEmpty ? count : body + "\n" + count
    }
    if let due = todo.due {
      // TRANSLATORS: in a notification, when its todo is due: "Due 28.11.2026 09:00".
      let when = tr("Due %s", LocalDateText.format(due))
      body = body.isEmpty ? when : body + "\n" + when
    }
    var level = urgency[todo.priority] ?? .normal
    if let due = todo.due, due <= now, let overdue = urgency[.high], overdue.rawValue > level.rawValue {
      level = overdue
    }
    return QuickAction(
      id: todo.id, title: parent.map { $0 + " › " + todo.title } ?? todo.title, body: body, urgency: level,
      buttons: buttons,
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

  /// Whether a todo can get a quick action at all: pending, at or above `minPriority`, and
  /// in the lists and tags selected. Unlike snoozing, this does not depend on the time.
  public func isCandidate(_ todo: Todo) -> Bool {
    guard !todo.isComplete, todo.priority >= minPriority else { return false }
    if !lists.isEmpty, !lists.contains(todo.list) { return false }
    if !excludedLists.isEmpty, excludedLists.contains(todo.list) { return false }
    if !tags.isEmpty, !todo.tags.contains(where: tags.contains) { return false }
    if !excludedTags.isEmpty, todo.tags.contains(where: excludedTags.contains) { return false }
    return true
  }

  /// When a repeating todo whose next time is ahead comes back into sight: its first
  /// reminder's moment (or its due time, when it reminds at none before). Nil when it is in
  /// sight now. One-off todos are always in sight.
  public func restsUntil(_ todo: Todo, now: Date) -> Date? {
    guard todo.repeats, let due = todo.occurrence else { return nil }
    // An absolute reminder belongs to one occurrence, not to the series' coming back.
    let first = todo.reminders.isEmpty
      ? reminderTimes(todo).first
      : todo.reminders.filter { if case .relative = $0.trigger { true } else { false } }
        .flatMap { $0.times(due: todo.due, start: todo.start) }.min()
    let back = min(first ?? due, due)
    return back > now ? back : nil
  }

  /// The moments `todo`'s pending occurrence reminds at, earliest first.
  public func reminderTimes(_ todo: Todo) -> [Date] {
    todo.reminderTimes(defaultLead: reminderLeadTime)
  }

  public func isSnoozed(_ todo: Todo, now: Date) -> Bool {
    todo.snoozedUntil.map { $0 > now } ?? false
  }

  /// Whether `a` ranks before `b` among the quick-action candidates.
  public func ranks(_ a: Todo, before b: Todo) -> Bool {
    SelectionCriterion.areInIncreasingOrder(a, b, by: order)
  }
}

/// Which todos are shown while quiet (`dnd.pass`): none, overdue ones, or high-priority ones.
public enum QuietPass: String, Equatable, Sendable, CaseIterable {
  case none, overdue, high
}
