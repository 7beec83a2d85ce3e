import Foundation
import ICalendar
import Models

extension SyncedFields {
  /// The todo's reminders among `object`'s alarms, each with the alarm it was read from:
  /// DISPLAY and AUDIO alarms whose trigger reads and lies within reach, at most
  /// ``Reminder/maxCount``. EMAIL, NONE, PROXIMITY and snooze alarms, Apple's placeholder,
  /// and triggers out of range are not reminders; they stay in the object as written. An
  /// alarm relative to the start of a todo that also has a due time is read relative to
  /// the due time, the two being a fixed time apart (a series moves both).
  static func reminderAlarms(
    in object: CalendarObject, due: Date?, start: Date?
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
        guard date != VAlarm.placeholder, plausible(date) != nil else { continue }
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
  static func write(_ reminders: [Reminder], into object: inout CalendarObject, title: String, due: Date?, start: Date?) {
    var wanted = reminders
    var gone: [Range<Int>] = []
    for (alarm, reminder) in reminderAlarms(in: object, due: due, start: start) {
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
