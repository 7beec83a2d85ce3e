import Foundation

/// The JSON form of a todo (the `list --json` / `import` contract): every exported field of
/// ``Todo/fields`` present, `null` when absent, the id in lowercase, dates in ISO 8601
/// (`JSONCoding`).
extension Todo: Codable {
  struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: FieldKey.self)
    var todo = Todo.blank
    for field in Todo.exportedFields {
      let key = FieldKey(stringValue: field.name)
      switch field.value {
      case .id(_, let set): set(&todo, try c.decode(UUID.self, forKey: key))
      case .text(_, let set, let required):
        let text = required
          ? try c.decode(String.self, forKey: key) : try c.decodeIfPresent(String.self, forKey: key)
        set(&todo, text ?? "")
      case .priority(_, let set):
        set(&todo, try c.decodeIfPresent(Priority.self, forKey: key) ?? .normal)
      case .flag(_, let set): set(&todo, try c.decodeIfPresent(Bool.self, forKey: key) ?? false)
      case .date(_, let set): set(&todo, try c.decode(Date.self, forKey: key))
      case .optionalDate(_, let set): set(&todo, try c.decodeIfPresent(Date.self, forKey: key))
      case .link(_, let set): set(&todo, try c.decodeIfPresent(URL.self, forKey: key))
      case .rule(_, let set):
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { break }
        do {
          set(&todo, try RepeatRule(rrule: text))
        } catch {
          throw DecodingError.dataCorruptedError(
            forKey: key, in: c, debugDescription: "'\(TerminalText.visible(text))' is not a repeat rule quickdo reads: \(error)")
        }
      case .repeatFrom(_, let set):
        set(&todo, try c.decodeIfPresent(RepeatFrom.self, forKey: key) ?? .due)
      }
    }
    self = todo
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: FieldKey.self)
    for field in Todo.exportedFields {
      let key = FieldKey(stringValue: field.name)
      switch field.value {
      case .id(let get, _): try c.encode(UUIDText.format(get(self)), forKey: key)
      case .text(let get, _, _): try c.encode(get(self), forKey: key)
      case .priority(let get, _): try c.encode(get(self), forKey: key)
      case .flag(let get, _): try c.encode(get(self), forKey: key)
      case .date(let get, _): try c.encode(get(self), forKey: key)
      case .optionalDate(let get, _): try c.encode(get(self), forKey: key)
      case .link(let get, _): try c.encode(get(self)?.absoluteString, forKey: key)
      case .rule(let get, _): try c.encode(get(self)?.rruleText, forKey: key)
      case .repeatFrom(let get, _): try c.encode(get(self), forKey: key)
      }
    }
  }
}

/// quickdo's JSON coders and its one date format, Foundation's ISO 8601 both ways: UTC,
/// whole seconds, `Z` (`2026-11-22T17:00:00Z`). Reading also takes fractional seconds and
/// Taskwarrior's compact `20261122T170000Z`. One codec for writing and reading, so a date
/// reads back as the day it was written, whatever the year.
public enum JSONCoding {
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let c = try decoder.singleValueContainer()
      let text = try c.decode(String.self)
      guard let date = date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: c, debugDescription: "'\(text)' is not an ISO 8601 date")
      }
      return date
    }
    return decoder
  }

  /// `2026-11-22T17:00:00Z`, as the encoder writes dates.
  public static func string(from date: Date) -> String { date.formatted(format) }

  /// A date in any of the ISO 8601 forms quickdo reads; nil for anything else.
  public static func date(from text: String) -> Date? {
    let forms = [
      format, Date.ISO8601FormatStyle(includingFractionalSeconds: true),
      Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted),
    ]
    return forms.lazy.compactMap { try? Date(text, strategy: $0) }.first
  }

  private static let format = Date.ISO8601FormatStyle()
}
