import Foundation

extension Todo {
  /// The todo once its current occurrence is done at `now`. A one-off todo is complete. A
  /// repeating one moves to its series' first time after both the occurrence done and now
  /// (or, counted from completion, the first after `now`'s day at its time of day), so
  /// missed times are skipped, never queued; its snooze ends with the occurrence. Only a
  /// series that has ended is complete. Times are wall-clock times in the series' zone
  /// (``seriesZone(else:)``), which only a repeating todo reads.
  public func done(at now: Date, in timeZone: @autoclosure () -> TimeZone) -> Todo {
    var todo = self
    todo.snoozedUntil = nil
    if repeatRule != nil, let (next, rule) = nextOccurrence(after: now, in: seriesZone(else: timeZone())) {
      todo.doneOccurrence = occurrence
      todo.occurrence = next
      todo.repeatRule = rule
    } else {
      todo.isComplete = true
      todo.completedAt = now
      todo.doneOccurrence = nil
    }
    return todo
  }

  /// The todo with what its last Done completed put back: a done todo is pending again; a
  /// repeating one that Done moved on is due at the occurrence it completed, with what a
  /// COUNT had left then. Nil when there is nothing to undo, or when the todo is no longer
  /// where that Done left it (its series was edited here or on another device).
  public func undone(in timeZone: @autoclosure () -> TimeZone) -> Todo? {
    var todo = self
    if isComplete {
      todo.isComplete = false
      todo.completedAt = nil
      return todo
    }
    guard let rule = repeatRule, let due = occurrence, let completed = doneOccurrence, completed < due else {
      return nil
    }
    var passed = 1
    if repeatFrom == .due {
      // Done moved the todo along its series, past every occurrence from the completed one on.
      var series = rule
      if case .count? = rule.end { series.end = nil }
      let zone = seriesZone(else: timeZone())
      let current = LocalDateTime(due, in: zone)
      passed = 0
      var reached = false
      for occurrence in series.occurrences(from: LocalDateTime(completed, in: zone)) {
        if occurrence >= current {
          reached = occurrence == current
          break
        }
        passed += 1
      }
      guard reached, passed > 0 else { return nil }
    }
    if case let .count(count)? = rule.end { todo.repeatRule?.end = .count(count + passed) }
    todo.occurrence = completed
    todo.doneOccurrence = nil
    return todo
  }

  /// The time a repeating todo's pending occurrence is at: its due time, else (a series
  /// anchored at its start) its start. Setting it moves whichever of the two anchors it.
  public var occurrence: Date? {
    get { due ?? start }
    set {
      if due == nil, start != nil { start = newValue } else { due = newValue }
    }
  }

  /// The zone this todo's series runs in: ``repeatZone`` when this system knows it, else
  /// `local`.
  public func seriesZone(else local: TimeZone) -> TimeZone {
    repeatZone.flatMap(TimeZone.init(identifier:)) ?? local
  }

  /// The due time after the current occurrence, done at `now`, and the rule from there (a
  /// COUNT counts what is left); nil for a one-off todo or a series that has ended.
  public func nextOccurrence(after now: Date, in timeZone: TimeZone) -> (due: Date, rule: RepeatRule)? {
    guard let rule = repeatRule, let due = occurrence else { return nil }
    let current = LocalDateTime(due, in: timeZone)
    let moment = LocalDateTime(now, in: timeZone)
    var next = rule
    switch repeatFrom {
    case .due:
      // Counted along the series from the current occurrence, which is its first.
      var skipped = 0
      for occurrence in rule.occurrences(from: current) {
        if occurrence > current, occurrence > moment {
          if case let .count(count)? = rule.end { next.end = .count(count - skipped) }
          return (occurrence.date(in: timeZone), next)
        }
        skipped += 1
      }
      return nil
    case .completion:
      if case let .count(count)? = rule.end {
        guard count > 1 else { return nil }
        next.end = .count(count - 1)
      }
      let start = LocalDateTime(moment.year, moment.month, moment.day, current.hour, current.minute, current.second)
      var open = next
      if case .count? = open.end { open.end = nil }
      guard let occurrence = open.next(after: max(start, moment), start: start) else { return nil }
      return (occurrence.date(in: timeZone), next)
    }
  }

  /// `due` moved to the rule's first time at or after it, so a repeating todo's due time
  /// is always one of its series' (`--due friday --repeat "every monday"` is due Monday);
  /// nil when the series has no time from then on.
  public static func firstOccurrence(of rule: RepeatRule, from due: Date, in timeZone: TimeZone) -> Date? {
    var seriesFromDue = rule
    if case .count? = rule.end { seriesFromDue.end = nil }
    let start = LocalDateTime(due, in: timeZone)
    return seriesFromDue.occurrences(from: start).first { _ in true }.map { $0.date(in: timeZone) }
  }
}
