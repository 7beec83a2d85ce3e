import Foundation
import ICalendar
import Localization
import Models

extension SyncedFields {
  /// The todo's reminders among `object`'s alarms, each with the alarm it was read from:
  /// DISPLAY and AUDIO alarms whose trigger reads and lies within reach, at most
  /// ``Reminder/maxCount``. EMAIL, NONE, PROXIMITY and snooze alarms, Apple's placeholder,
  /// and triggers out of range are not reminders; they stay in the object as written. An
  /// alarm relative to the start of a todo that also has a due time is read relative to
  /// the due time, the two being a fixed time apart (a series moves both). An absolute
  /// trigger more than ten years from `now` is out of reach too.
  static func reminderAlarms(
    in object: CalendarObject, due: Date?, start: Date?, now: Date
  ) -> [(alarm: VAlarm, reminder: Reminder)] {
    var found: [(VAlarm, Reminder)] = []
    for alarm in object.alarms() {
      guard found.count < Reminder.maxCount else { break }
      guard ["DISPLAY", "AUDIO"].contains(alarm.action), !alarm.isProximity, alarm.snoozes == nil,
        let trigger = alarm.trigger
      else { continue }
      let reminderTrigger: Reminder.Trigger
      switch trigger {
      case let .absolute(date):
        guard date != VAlarm.placeholder, isWithinReach(date, now: now) else { continue }
        reminderTrigger = .absolute(date)
      case let .relative(toEnd, seconds):
        let offset = TimeInterval(seconds)
        guard abs(offset) <= Reminder.maxOffset else { continue }
        if toEnd || start == nil {
          reminderTrigger = .relative(.due, offset: offset)
        } else if let due, let start {
          reminderTrigger = .relative(.due, offset: offset + start.timeIntervalSince(due))
        } else {
          reminderTrigger = .relative(.start, offset: offset)
        }
      }
      let interval = TimeInterval(max(alarm.duration ?? 0, 0))
      found.append((alarm, Reminder(reminderTrigger, repeatCount: alarm.repeatCount ?? 0, interval: interval)))
    }
    return found
  }

  /// Brings `object`'s alarms in step with `reminders`: an alarm whose reminder is still
  /// wanted stays as written and where it is, one no longer wanted goes, and each reminder
  /// added here becomes an alarm at the end of the todo, as tasks.org writes one.
  static func write(
    _ reminders: [Reminder], into object: inout CalendarObject, title: String, due: Date?, start: Date?, now: Date
  ) {
    var wanted = reminders
    var gone: [Range<Int>] = []
    for (alarm, reminder) in reminderAlarms(in: object, due: due, start: start, now: now) {
      if let index = wanted.firstIndex(of: reminder) {
        wanted.remove(at: index)
      } else {
        gone.append(alarm.lines)
      }
    }
    object.removeAlarms(gone)
    for reminder in wanted { object.addAlarm(alarmLines(reminder, title: title)) }
  }

  /// A reminder's VALARM: `TRIGGER;RELATED=END:-PT15M` (or `RELATED=START`, or an absolute
  /// `VALUE=DATE-TIME`), `ACTION:DISPLAY`, the title as its DESCRIPTION, a UID of its own,
  /// and REPEAT and DURATION when it rings again.
  static func alarmLines(_ reminder: Reminder, title: String) -> [ContentLine] {
    var lines: [ContentLine] = []
    switch reminder.trigger {
    case let .relative(anchor, offset):
      lines.append(
        ContentLine(
          name: "TRIGGER", parameters: [.init(name: "RELATED", values: [anchor == .due ? "END" : "START"])],
          value: DurationValue.text(Int(offset))))
    case let .absolute(date):
      var line = DateTimeValue.utc(date).line("TRIGGER")
      line.parameters = [.init(name: "VALUE", values: ["DATE-TIME"])]
      lines.append(line)
    }
    lines.append(ContentLine(name: "ACTION", value: "DISPLAY"))
    lines.append(ContentLine(name: "DESCRIPTION", value: TextValue.encode(title)))
    if reminder.repeatCount > 0 {
      lines.append(ContentLine(name: "REPEAT", value: String(reminder.repeatCount)))
      lines.append(ContentLine(name: "DURATION", value: DurationValue.text(Int(reminder.interval))))
    }
    lines.append(ContentLine(name: "UID", value: UUID().uuidString.lowercased()))
    return lines
  }
}

extension SyncedFields {
  /// The moments devices dealt with `object`'s reminders (`CalendarObject/acknowledgements()`)
  /// that count: within ``years``, and not ahead of `now` by more than ``clockSkew``.
  static func acknowledgements(in object: CalendarObject, now: Date) -> [Date] {
    object.acknowledgements().filter { $0 <= now.addingTimeInterval(clockSkew) && years.contains($0) }
  }

  /// How far ahead of this computer's clock a phone's may run: an acknowledgement later
  /// than that is a clock or a server gone wrong, and counts for nothing.
  static let clockSkew: TimeInterval = 60

  /// Whether an absolute trigger lies within ten years of `now`.
  static func isWithinReach(_ date: Date, now: Date) -> Bool {
    abs(date.timeIntervalSince(now)) <= Reminder.maxOffset
  }

  /// What reading `object`'s alarms as reminders skipped or capped, as one line naming the
  /// todo (its title): acknowledgements in the future, alarms whose trigger does not read
  /// or lies out of reach, repeats past ``Reminder/maxRepeats``, reminders past
  /// ``Reminder/maxCount``. Nil when nothing was.
  /// The alarms themselves stay on the server as written.
  public static func alarmProblems(in object: CalendarObject, title: String, now: Date) -> String? {
    var unreadable = 0
    var outOfReach = 0
    var capped = 0
    var reminders = 0
    for alarm in object.alarms(limit: .max) where ["DISPLAY", "AUDIO"].contains(alarm.action) && alarm.snoozes == nil {
      guard let trigger = alarm.trigger else {
        unreadable += 1
        continue
      }
      switch trigger {
      case let .absolute(date):
        if date != VAlarm.placeholder, !isWithinReach(date, now: now) { outOfReach += 1 }
      case let .relative(_, seconds):
        if abs(TimeInterval(seconds)) > Reminder.maxOffset { outOfReach += 1 }
      }
      if (alarm.repeatCount ?? 0) > Reminder.maxRepeats { capped += 1 }
      reminders += 1
    }
    let future = object.acknowledgements().count { $0 > now.addingTimeInterval(clockSkew) }
    var parts: [String] = []
    if future > 0 { parts.append(tr("%s acknowledged in the future, not counted", future)) }
    if unreadable > 0 { parts.append(tr("%s with a trigger that does not read", unreadable)) }
    if outOfReach > 0 { parts.append(tr("%s set more than ten years away", outOfReach)) }
    if capped > 0 { parts.append(tr("%s repeating more than %s times, rung %s times here", capped, Reminder.maxRepeats, Reminder.maxRepeats)) }
    if reminders - outOfReach > Reminder.maxCount {
      parts.append(tr("more than %s, of which the first %s are reminders here", Reminder.maxCount, Reminder.maxCount))
    }
    guard !parts.isEmpty else { return nil }
    return tr("alarms of \"%s\": %s; kept on the server as written", String(title.prefix(80)), parts.joined(separator: "; "))
  }
}

extension SyncedFields {
  /// The alarm whose reminder rang last by `now`, by its place among the alarms that
  /// snooze nothing: the one a snooze or Done here acknowledges.
  static func rangAlarm(in object: CalendarObject, due: Date?, start: Date?, now: Date) -> Int? {
    let alarms = object.alarms().filter { $0.snoozes == nil }
    var latest: (index: Int, at: Date)?
    for (alarm, reminder) in reminderAlarms(in: object, due: due, start: start, now: now) {
      guard let index = alarms.firstIndex(where: { $0.lines == alarm.lines }) else { continue }
      for moment in reminder.times(due: due, start: start) where moment <= now && moment > (latest?.at ?? .distantPast) {
        latest = (index, moment)
      }
    }
    return latest?.index
  }
}
