import Foundation

/// Reads the `reminders` column in the form ``RemindersCodec`` writes it
/// (`[{"offset":-900,"related":"due"},{"at":"2026-11-30T09:00:00Z"}]`: sorted keys, no
/// spaces) straight from its bytes. `JSONDecoder` reads the same, but the agent's first load
/// running it on every row (and the code that brings in) costs the agent's memory budget:
/// RSS ≤ 30 MB at 10,000 todos with two alarms each (`scripts/bench-agent.py --alarms 2`).
/// Any other text (one another program wrote) is left to `JSONDecoder`: nil here.
enum StoredReminders {
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> [Reminder]? {
    var reader = Reader(bytes: bytes)
    guard reader.take("[") else { return nil }
    var reminders: [Reminder] = []
    if reader.take("]") { return reader.isAtEnd ? reminders : nil }
    repeat {
      guard let reminder = reader.reminder() else { return nil }
      reminders.append(reminder)
    } while reader.take(",")
    guard reader.take("]"), reader.isAtEnd else { return nil }
    return reminders
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    var isAtEnd: Bool { at == bytes.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard at < bytes.count, bytes[at] == UInt8(ascii: character) else { return false }
      at += 1
      return true
    }

    /// `{"key":value,…}` with the keys `Reminder`'s JSON form has, checked as its decoder
    /// checks them.
    mutating func reminder() -> Reminder? {
      guard take("{") else { return nil }
      var moment: Date?
      var offset: Double?
      var related = "due"
      var repeats = 0
      var every = 0.0
      repeat {
        guard let key = string(), take(":") else { return nil }
        switch key {
        case "at":
          guard let text = string(), let date = JSONCoding.date(from: text) else { return nil }
          moment = date
        case "related":
          guard let text = string() else { return nil }
          related = text
        case "offset": offset = number()
        case "every": every = number() ?? .nan
        case "repeat":
          guard let count = number(), let whole = Int(exactly: count) else { return nil }
          repeats = whole
        default: return nil
        }
      } while take(",")
      guard take("}") else { return nil }
      let trigger: Reminder.Trigger
      if let moment {
        trigger = .absolute(moment)
      } else {
        guard let offset, offset.isFinite, abs(offset) <= Reminder.maxOffset,
          let anchor = Reminder.Anchor(rawValue: related)
        else { return nil }
        trigger = .relative(anchor, offset: offset)
      }
      return Reminder(trigger, repeatCount: repeats, interval: every.isFinite ? every : 0)
    }

    /// A string without escapes.
    mutating func string() -> String? {
      guard take("\"") else { return nil }
      let start = at
      while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\") { at += 1 }
      guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
      defer { at += 1 }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
    }

    mutating func number() -> Double? {
      let start = at
      while at < bytes.count, "-+.eE0123456789".utf8.contains(bytes[at]) { at += 1 }
      return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self))
    }
  }
}
