import Foundation
import Models

/// What a user gives to create a todo; the reducer adds the id and the creation date.
public struct NewTodo: Equatable, Sendable {
  public var title: String
  public var notes: String
  public var priority: Priority
  public var due: Date?
  public var url: URL?
  /// Needs `due`: the series' first time is the rule's first at or after it.
  public var repeatRule: RepeatRule?
  public var repeatFrom: RepeatFrom
  public var list: String
  public var tags: [String]
  /// The todo it is a subtask of; it goes to that todo's list.
  public var parent: Todo.ID?
  /// Its reminders; none: `reminders.default` applies.
  public var reminders: [Reminder]

  public init(
    title: String, notes: String = "", priority: Priority = .normal, due: Date? = nil,
    url: URL? = nil, repeatRule: RepeatRule? = nil, repeatFrom: RepeatFrom = .due,
    list: String = Todo.defaultList, tags: [String] = [], parent: Todo.ID? = nil, reminders: [Reminder] = []
  ) {
    self.reminders = reminders.sorted()
    self.list = list
    self.tags = tags
    self.parent = parent
    self.title = title
    self.notes = notes
    self.priority = priority
    self.due = due
    self.url = url
    self.repeatRule = repeatRule
    self.repeatFrom = repeatFrom
  }
}

/// The fields an edit changes; nil leaves a field as it is. `clearDue`/`clearURL` remove them.
public struct TodoEdit: Equatable, Sendable {
  public var title: String?
  public var notes: String?
  public var priority: Priority?
  public var due: Date?
  public var clearDue = false
  public var url: URL?
  public var clearURL = false
  public var repeatRule: RepeatRule?
  /// Ends the series: the todo becomes a one-off, due at its current time.
  public var clearRepeat = false
  public var repeatFrom: RepeatFrom?
  /// Moves it, with its subtasks, to this list; a subtask moved away from its parent's
  /// list is a subtask no more.
  public var list: String?
  /// Tags added (at the end, each once) and removed.
  public var addTags: [String] = []
  public var removeTags: [String] = []
  /// Makes it a subtask of this todo, in that todo's list.
  public var parent: Todo.ID?
  /// Makes it a todo of its own.
  public var clearParent = false
  /// Its reminders from now on (empty: none of its own, so `reminders.default` applies).
  public var reminders: [Reminder]?

  public init(
    title: String? = nil, notes: String? = nil, priority: Priority? = nil, due: Date? = nil,
    clearDue: Bool = false, url: URL? = nil, clearURL: Bool = false,
    repeatRule: RepeatRule? = nil, clearRepeat: Bool = false, repeatFrom: RepeatFrom? = nil,
    list: String? = nil, addTags: [String] = [], removeTags: [String] = [], parent: Todo.ID? = nil,
    clearParent: Bool = false
  ) {
    self.list = list
    self.addTags = addTags
    self.removeTags = removeTags
    self.parent = parent
    self.clearParent = clearParent
    self.title = title
    self.notes = notes
    self.priority = priority
    self.due = due
    self.clearDue = clearDue
    self.url = url
    self.clearURL = clearURL
    self.repeatRule = repeatRule
    self.clearRepeat = clearRepeat
    self.repeatFrom = repeatFrom
  }

  public func apply(to todo: inout Todo) {
    if let title = title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty {
      todo.title = title
    }
    if let notes { todo.notes = notes }
    if let priority { todo.priority = priority }
    if clearDue { todo.due = nil } else if let due { todo.due = due }
    if clearURL { todo.url = nil } else if let url { todo.url = url }
    if clearRepeat { todo.repeatRule = nil } else if let repeatRule { todo.repeatRule = repeatRule }
    if let repeatFrom { todo.repeatFrom = repeatFrom }
    if let list { todo.list = list }
    todo.tags.removeAll { removeTags.contains($0) }
    for tag in addTags where !todo.tags.contains(tag) { todo.tags.append(tag) }
    if clearParent { todo.parent = nil } else if let parent { todo.parent = parent }
    if let reminders { todo.reminders = reminders.sorted() }
  }
}
