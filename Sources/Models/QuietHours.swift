import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A daily stretch of time in which no reminder is to interrupt (`dnd.quiet_hours`,
/// "22:00-07:00"), as tasks.org's quiet hours are: local wall-clock times, a stretch past
/// midnight running into the next day. Read with glibc's `localtime_r`, not a `Calendar`:
/// the agent asks it on every press (budget: press → commit → close ≤ 2× notify-send).
public struct QuietHours: Equatable, Hashable, Sendable {
  /// Minutes after midnight.
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }

  /// `HH:MM-HH:MM`, 24-hour times; nil for anything else (a stretch of no length too).
  public init?(text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start != end
    else { return nil }
    self.init(start: start, end: end)
  }

  /// The stretch as the config writes it.
  public var text: String { Self.clock(start) + "-" + Self.clock(end) }

  /// Whether `date` falls in the stretch, in the local time zone.
  public func contains(_ date: Date) -> Bool {
    let minute = Self.minuteOfDay(date)
    return start < end ? (start..<end).contains(minute) : minute >= start || minute < end
  }

  /// The first moment after `date` at which the stretch starts or ends.
  public func nextChange(after date: Date) -> Date {
    let (minute, second) = Self.minuteAndSecond(date)
    func ahead(_ target: Int) -> Int { (target - minute + 1440 - 1) % 1440 + 1 }  // 1...1440 minutes
    let minutes = min(ahead(start), ahead(end))
    return date.addingTimeInterval(Double(minutes * 60 - second)).rounded()
  }

  static func minutes(_ text: Substring) -> Int? {
    let fields = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 2, fields.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
      let hour = Int(fields[0]), let minute = Int(fields[1]), (0..<24).contains(hour), fields[1].count == 2,
      (0..<60).contains(minute)
    else { return nil }
    return hour * 60 + minute
  }

  static func clock(_ minutes: Int) -> String {
    let hour = minutes / 60, minute = minutes % 60
    return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
  }

  static func minuteOfDay(_ date: Date) -> Int { minuteAndSecond(date).minute }

  static func minuteAndSecond(_ date: Date) -> (minute: Int, second: Int) {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    localtime_r(&seconds, &parts)
    return (Int(parts.tm_hour) * 60 + Int(parts.tm_min), Int(parts.tm_sec))
  }
}

extension Date {
  /// This moment at a whole second.
  fileprivate func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
