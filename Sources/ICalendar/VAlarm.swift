import Foundation

/// A todo's VALARM, as far as a reminder needs it. Every line of it stays in the object as
/// written; this is what was read.
public struct VAlarm: Equatable, Sendable {
  /// When it rings.
  public enum Trigger: Equatable, Sendable {
    /// `seconds` after (negative: before) the start, or the end (the due time) with
    /// `RELATED=END`.
    case relative(toEnd: Bool, seconds: Int)
    case absolute(Date)
  }

  /// ACTION, in upper case: DISPLAY and AUDIO remind; EMAIL, NONE and others do not.
  public var action: String
  /// Nil when the TRIGGER is missing or unreadable.
  public var trigger: Trigger?
  public var repeatCount: Int?
  /// DURATION's seconds: the time between repeats.
  public var duration: Int?
  public var uid: String?
  /// Whether it rings at a place (PROXIMITY, RFC 9074), which quickdo does not know.
  public var isProximity: Bool
  /// The alarm this one snoozes (`RELATED-TO;RELTYPE=SNOOZE`, RFC 9074).
  public var snoozes: String?
  /// When a device last dealt with it (`ACKNOWLEDGED`, RFC 9074).
  public var acknowledged: Date?
  /// Where its lines are in the object.
  public var lines: Range<Int>

  /// Apple's trigger for an alarm that has none in effect.
  public static let placeholder = Date(timeIntervalSince1970: 197_168_145)  // 19760401T005545Z
}

extension CalendarObject {
  /// The VALARMs of the object's todo, in order; at most `limit` of them.
  public func alarms(limit: Int = 1_000) -> [VAlarm] {
    guard let todo = todoComponent else { return [] }
    var found: [VAlarm] = []
    for range in components("VALARM") where todo.contains(range.lowerBound) && range.lowerBound > todo.lowerBound {
      guard found.count < limit else { break }
      var alarm = VAlarm(action: "", repeatCount: nil, duration: nil, isProximity: false, lines: range)
      for index in properties(of: range) {
        let content = lines[index].content
        switch content.name.uppercased() {
        case "ACTION": alarm.action = content.value.uppercased()
        case "TRIGGER": alarm.trigger = Self.trigger(content)
        case "REPEAT": alarm.repeatCount = Int(content.value)
        case "DURATION": alarm.duration = DurationValue.seconds(content.value)
        case "UID": alarm.uid = content.value
        case "PROXIMITY": alarm.isProximity = true
        case "RELATED-TO" where content.parameter("RELTYPE")?.uppercased() == "SNOOZE":
          alarm.snoozes = TextValue.decode(content.value)
        case "ACKNOWLEDGED":
          if case let .utc(date)? = DateTimeValue(ContentLine(name: "X", value: content.value)) {
            alarm.acknowledged = date
          }
        default: break
        }
      }
      found.append(alarm)
    }
    return found
  }

  static func trigger(_ line: ContentLine) -> VAlarm.Trigger? {
    if line.parameter("VALUE")?.uppercased() == "DATE-TIME" {
      guard case let .utc(date)? = DateTimeValue(ContentLine(name: "TRIGGER", value: line.value)) else { return nil }
      return .absolute(date)
    }
    guard let seconds = DurationValue.seconds(line.value) else { return nil }
    return .relative(toEnd: line.parameter("RELATED")?.uppercased() == "END", seconds: seconds)
  }

  /// Removes the alarms at `ranges` (each a VALARM's lines).
  public mutating func removeAlarms(_ ranges: [Range<Int>]) {
    for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) { removeLines(range) }
  }

  /// Adds a VALARM with `properties` at the end of the todo.
  public mutating func addAlarm(_ properties: [ContentLine]) {
    guard let todo = todoComponent else { return }
    let component = [ContentLine(name: "BEGIN", value: "VALARM")] + properties + [ContentLine(name: "END", value: "VALARM")]
    insertLines(component, at: todo.upperBound - 1)
  }
}
