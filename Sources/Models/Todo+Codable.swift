import Foundation

/// The JSON form of a todo (the `list --json` / `import` contract): every key present,
/// `null` when absent, the id in lowercase, dates in ISO 8601 (`JSONCoding`).
extension Todo: Codable {
  enum CodingKeys: String, CodingKey {
    case id, title, notes, priority, isComplete, createdAt, completedAt, due, url, snoozedUntil
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try c.decode(UUID.self, forKey: .id),
      title: try c.decode(String.self, forKey: .title),
      notes: try c.decodeIfPresent(String.self, forKey: .notes) ?? "",
      priority: try c.decodeIfPresent(Priority.self, forKey: .priority) ?? .normal,
      isComplete: try c.decodeIfPresent(Bool.self, forKey: .isComplete) ?? false,
      createdAt: try c.decode(Date.self, forKey: .createdAt),
      completedAt: try c.decodeIfPresent(Date.self, forKey: .completedAt),
      due: try c.decodeIfPresent(Date.self, forKey: .due),
      url: try c.decodeIfPresent(URL.self, forKey: .url),
      snoozedUntil: try c.decodeIfPresent(Date.self, forKey: .snoozedUntil))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(idString, forKey: .id)
    try c.encode(title, forKey: .title)
    try c.encode(notes, forKey: .notes)
    try c.encode(priority, forKey: .priority)
    try c.encode(isComplete, forKey: .isComplete)
    try c.encode(createdAt, forKey: .createdAt)
    try c.encode(completedAt, forKey: .completedAt)
    try c.encode(due, forKey: .due)
    try c.encode(url?.absoluteString, forKey: .url)
    try c.encode(snoozedUntil, forKey: .snoozedUntil)
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
