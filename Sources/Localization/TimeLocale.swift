import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How the user's locale (`LC_ALL`, `LC_TIME`, `LANG`) writes a date and a time of day,
/// read from glibc's locale data: its date order (`D_FMT`, `28.11.2026`), whether its
/// clock has 12 hours (`9:00 AM`) and its AM/PM words. glibc's data is on every desktop
/// in the languages its user runs, so the package carries none. In the C locale, or one
/// that is not installed, dates are ISO 8601 (`2026-11-28 09:00`).
public struct TimeLocale: Equatable, Sendable {
  /// The date's pattern, `%d.%m.%Y`: only `%d`, `%e`, `%m`, `%y`, `%Y` and literal text.
  public var datePattern: String
  public var twelveHour: Bool
  public var am: String
  public var pm: String

  public static let iso = TimeLocale(datePattern: "%Y-%m-%d", twelveHour: false, am: "AM", pm: "PM")

  public init(datePattern: String, twelveHour: Bool, am: String, pm: String) {
    self.datePattern = datePattern
    self.twelveHour = twelveHour
    self.am = am
    self.pm = pm
  }

  /// The locale of this process's environment, read once.
  public static let current = TimeLocale(name: "")

  /// The locale named `name` (`de_DE.UTF-8`; empty: as the environment says), or ISO when
  /// it is C or not installed.
  public init(name: String) {
    self = .iso
    guard let locale = newlocale(LC_TIME_MASK, name, nil) else { return }
    defer { freelocale(locale) }
    func info(_ item: Int) -> String { nl_langinfo_l(nl_item(item), locale).map { String(cString: $0) } ?? "" }
    let timeFormat = info(T_FMT), dateFormat = info(D_FMT)
    // C's own date is `%m/%d/%y`; ISO reads better and is what `--due` has always taken.
    guard timeFormat != "%H:%M:%S" || dateFormat != "%m/%d/%y" else { return }
    if Self.isPlain(dateFormat) { datePattern = dateFormat }
    twelveHour = ["%r", "%I", "%l"].contains { timeFormat.contains($0) }
    let am = info(AM_STR), pm = info(PM_STR)
    if !am.isEmpty, !pm.isEmpty, am != pm {
      self.am = am
      self.pm = pm
    }
  }

  /// Whether a `D_FMT` uses only the numeric fields this type writes and reads.
  static func isPlain(_ pattern: String) -> Bool {
    var percent = false
    for character in pattern {
      if percent {
        guard "demyY".contains(character) else { return false }
        percent = false
      } else if character == "%" {
        percent = true
      }
    }
    return !percent && pattern.contains("%m") && (pattern.contains("%d") || pattern.contains("%e"))
      && (pattern.contains("%Y") || pattern.contains("%y"))
  }

  /// `28.11.2026`.
  public func date(year: Int, month: Int, day: Int) -> String {
    var out = ""
    var percent = false
    for character in datePattern {
      guard percent else {
        if character == "%" { percent = true } else { out.append(character) }
        continue
      }
      percent = false
      switch character {
      case "d": out += Self.twoDigits(day)
      case "e": out += String(day)
      case "m": out += Self.twoDigits(month)
      case "y": out += Self.twoDigits(year % 100)
      default: out += String(year)
      }
    }
    return out
  }

  /// `09:00`, or `9:00 AM` on a 12-hour clock.
  public func time(hour: Int, minute: Int) -> String {
    guard twelveHour else { return Self.twoDigits(hour) + ":" + Self.twoDigits(minute) }
    let shown = hour % 12 == 0 ? 12 : hour % 12
    return "\(shown):\(Self.twoDigits(minute)) \(hour < 12 ? am : pm)"
  }

  /// A date written as ``date(year:month:day:)`` writes it: (year, month, day), or nil.
  /// A two-digit year is this century's.
  public func readDate(_ text: String) -> (year: Int, month: Int, day: Int)? {
    var year: Int?, month: Int?, day: Int?
    var input = Substring(text)
    var percent = false
    for character in datePattern {
      guard percent else {
        if character == "%" {
          percent = true
        } else {
          guard input.first == character else { return nil }
          input = input.dropFirst()
        }
        continue
      }
      percent = false
      let digits = input.prefix { $0.isASCII && $0.isNumber }.prefix(character == "Y" ? 4 : 2)
      guard !digits.isEmpty, let value = Int(digits) else { return nil }
      input = input.dropFirst(digits.count)
      switch character {
      case "d", "e": day = value
      case "m": month = value
      case "y": guard digits.count == 2 else { return nil }; year = 2000 + value
      default: guard digits.count == 4 else { return nil }; year = value
      }
    }
    guard input.isEmpty, let year, let month, let day else { return nil }
    return (year, month, day)
  }

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
