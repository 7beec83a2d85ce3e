import Foundation

/// Durations as users write them: `90s`, `15m`, `1h`, `1d`, `2w`, or combined (`1h30m`).
/// Used by `snooze`, `--due in 2h`, deep links and the config file.
public enum QuickDuration {
  /// The duration in seconds, or nil when `text` is not a duration (or is zero or too long).
  public static func seconds(_ text: String) -> TimeInterval? {
    let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
    var total: TimeInterval = 0
    var number = ""
    var sawUnit = false
    for character in text.trimmingCharacters(in: .whitespaces).lowercased() {
      if character.isASCII, character.isNumber {
        number.append(character)
      } else if let unit = units[character], let value = Int(number), number.count <= 6 {
        total += TimeInterval(value) * unit
        number = ""
        sawUnit = true
      } else {
        return nil
      }
    }
    guard number.isEmpty, sawUnit, total > 0, total <= 366 * 86_400 else { return nil }
    return total
  }

  /// The shortest way to write `seconds` in this syntax (`5400` → `1h30m`).
  public static func format(_ seconds: TimeInterval) -> String {
    var rest = Int(seconds.rounded())
    var out = ""
    for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
      out += "\(rest / size)\(unit)"
      rest %= size
    }
    return out.isEmpty ? "0s" : out
  }
}
