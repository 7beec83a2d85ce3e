import Models

/// What a patch of the reminders changed in their quick actions (a reminder whose quick
/// action came out the same is no edit): so `quickActionable()` can remove and insert those few in the
/// notifications it shows, where rebuilding and comparing the whole list cost ~1,000
/// instructions a reminder on every change to one of them.
public struct ReminderActionEdits: Sendable {
  /// The ids of the reminder quick actions gone or replaced.
  public var removed: [Todo.ID] = []
  /// The reminder quick actions new or replacing, each with its place among all the
  /// reminder quick actions, in increasing order of place.
  public var inserted: [(action: QuickAction, at: Int)] = []

  public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty }

  /// The edits made: `removed` taken out or replaced (in order), the todos `inserted` put
  /// in or replacing, and `reminders` the list that resulted. Each todo is edited at most
  /// once a patch (``ReminderSchedule`` walks again a todo changed twice).
  init(removed: [QuickAction], inserted: [Todo.ID], in reminders: [QuickAction]) {
    self.removed = removed.map(\.id)
    for id in inserted {
      guard let place = reminders.firstIndex(where: { $0.id == id }) else { continue }
      self.inserted.append((reminders[place], place))
    }
    self.inserted.sort { $0.at < $1.at }
  }
}
