import Foundation

/// The JSON form of a todo (the `list --json` / `import` contract): every exported field of
/// ``Todo/fields`` present, `null` when absent, the id in lowercase, dates in ISO 8601
/// (`JSONCoding`).
extension Todo: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TodoField.Key.self)
    var todo = Todo.blank
    for field in Todo.exportedFields { try field.decode(into: &todo, from: container) }
    self = todo
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: TodoField.Key.self)
    for field in Todo.exportedFields { try field.encode(self, to: &container) }
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
