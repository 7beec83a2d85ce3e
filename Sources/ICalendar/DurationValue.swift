/// An iCalendar DURATION (RFC 5545 §3.3.6): `-PT15M`, `P1D`, `P2W`, `-P1DT2H`.
public enum DurationValue {
  /// The most seconds a duration is read as, either way: beyond it a value is unreadable,
  /// so no sum can overflow.
  public static let maxSeconds = 1_000_000_000_000

  /// The signed seconds of `text`; nil when it is not a duration, or longer than
  /// ``maxSeconds``.
  public static func seconds(_ text: String) -> Int? {
    var rest = Substring(text.trimmingCharacters(in: [" "]))
    var sign = 1
    if rest.first == "+" || rest.first == "-" {
      if rest.first == "-" { sign = -1 }
      rest = rest.dropFirst()
    }
    guard rest.first == "P" || rest.first == "p" else { return nil }
    rest = rest.dropFirst()
    var total = 0
    var inTime = false
    var number = ""
    var any = false
    for character in rest.uppercased() {
      if character.isASCII, character.isNumber {
        guard number.count < 13 else { return nil }
        number.append(character)
        continue
      }
      if character == "T" {
        guard !inTime, number.isEmpty else { return nil }
        inTime = true
        any = false  // a T needs a time after it
        continue
      }
      guard let value = Int(number) else { return nil }
      let unit: Int
      switch (character, inTime) {
      case ("W", false): unit = 604_800
      case ("D", false): unit = 86_400
      case ("H", true): unit = 3_600
      case ("M", true): unit = 60
      case ("S", true): unit = 1
      default: return nil
      }
      guard value <= maxSeconds / unit else { return nil }
      total += value * unit
      guard total <= maxSeconds else { return nil }
      number = ""
      any = true
    }
    guard any, number.isEmpty else { return nil }
    return sign * total
  }

  /// `seconds` as a DURATION: `-PT15M`, `P1D`, `PT0S`.
  public static func text(_ seconds: Int) -> String {
    var rest = abs(seconds)
    var out = seconds < 0 ? "-P" : "P"
    if rest == 0 { return "PT0S" }
    if rest % 604_800 == 0 { return out + "\(rest / 604_800)W" }
    if rest >= 86_400 {
      out += "\(rest / 86_400)D"
      rest %= 86_400
    }
    guard rest > 0 else { return out }
    out += "T"
    if rest >= 3_600 { out += "\(rest / 3_600)H"; rest %= 3_600 }
    if rest >= 60 { out += "\(rest / 60)M"; rest %= 60 }
    if rest > 0 { out += "\(rest)S" }
    return out
  }
}
