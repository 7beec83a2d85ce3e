import Foundation
import Localization
import Models

/// A `quickdo://` link, as `quickdo open URL` receives it from a browser, a script or
/// another app (the desktop entry registers `x-scheme-handler/quickdo`). Parsing is strict:
/// a link either names exactly one thing to do or is refused with one sentence saying why,
/// so a mistyped or hostile link never changes a todo.
///
/// - `quickdo://todo/<uuid>/done`, `…/undo`, `…/snooze` or `…/snooze?for=DURATION`
/// - `quickdo://add?title=…` (also `notes`, `priority`, `due`, `url`, `list`, and `tag`
///   as often as it has tags), percent-decoded; `+` stands for a space, `%2B` for a plus.
/// - `quickdo://add?text=…` (also `notes`, `url`): a line of words, as ``QuickAddLine``
///   reads it, in place of the title and the fields it gives.
package enum DeepLink: Equatable, Sendable {
  case done(Todo.ID)
  case undo(Todo.ID)
  /// Snooze for this long; nil: the configured snooze duration.
  case snooze(Todo.ID, for: TimeInterval?)
  case add(AddRequest)

  /// The fields of `quickdo://add`; text as given (the CLI validates due and url as `add` does).
  package struct AddRequest: Equatable, Sendable {
    package var title: String
    package var notes: String = ""
    package var priority: Priority = .normal
    package var due: String?
    package var url: String?
    package var list: String?
    package var tags: [String] = []
    /// `remind=` values, as typed (``ReminderWords``).
    package var reminders: [String] = []
    /// `text=`: a line of words (``QuickAddLine``) that gives the title, due time, list,
    /// tags, priority, repeat and reminders; `title` is then empty.
    package var text: String?

    package init(
      title: String, notes: String = "", priority: Priority = .normal, due: String? = nil,
      url: String? = nil, list: String? = nil, tags: [String] = []
    ) {
      self.list = list
      self.tags = tags
      self.title = title
      self.notes = notes
      self.priority = priority
      self.due = due
      self.url = url
    }
  }

  /// Why a link was refused: one sentence for the user.
  package struct ParseError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = Self.printable(message) }
    package var description: String { message }

    /// `message` with the control and bidi-override characters it quotes from the link
    /// (decoded from `%0A`, `%1B`, `%E2%80%AE`…) written as `\u{…}`, so a link cannot break,
    /// restyle or reorder the line that reports it. Found by libFuzzer (scripts/libfuzz.sh).
    static func printable(_ message: String) -> String {
      var out = ""
      for scalar in message.unicodeScalars {
        let bidi = (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
          || [0x200E, 0x200F, 0x061C].contains(scalar.value)
        if scalar.properties.generalCategory == .control || bidi {
          out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
      return out
    }
  }

  /// Links longer than this are refused unread (a title is at most a few KB).
  package static let maximumLength = 64 * 1024

  /// Parses `text`; throws a ``ParseError`` for anything that is not exactly one of the
  /// link forms above.
  package static func parse(_ text: String) throws(ParseError) -> DeepLink {
    guard text.utf8.count <= maximumLength else {
      throw ParseError(tr("the link is longer than %s KB", maximumLength / 1024))
    }
    if let bad = text.unicodeScalars.first(where: isForbidden) {
      throw ParseError(
        tr("the link contains a space or control character (U+%s); escape it as %%XX", String(bad.value, radix: 16, uppercase: true))
      )
    }
    return try parseChecked(text)
  }

  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value <= 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
  }

  private static func parseChecked(_ text: String) throws(ParseError) -> DeepLink {
    let prefix = "quickdo://"
    guard text.lowercased().hasPrefix(prefix) else {
      if let colon = text.firstIndex(of: ":"), text[..<colon].lowercased() == "quickdo" {
        throw ParseError(tr("a quickdo link starts with 'quickdo://'"))
      }
      throw ParseError(tr("not a quickdo link (expected quickdo://todo/<id>/done or quickdo://add?title=…)"))
    }
    var rest = Substring(text.dropFirst(prefix.count))
    if rest.contains("#") { throw ParseError(tr("a quickdo link has no '#' fragment")) }
    var query: Substring?
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    let segments = rest.split(separator: "/", omittingEmptySubsequences: false)
    let parameters = try parseQuery(query)
    switch segments.first.map({ $0.lowercased() }) {
    case "todo":
      return try parseTodoLink(Array(segments.dropFirst()), parameters)
    case "add":
      guard segments.count == 1 else {
        throw ParseError(tr("quickdo://add takes no path after 'add'"))
      }
      return .add(try parseAdd(parameters))
    case "", nil:
      throw ParseError(tr("the link names no action (expected quickdo://todo/… or quickdo://add?…)"))
    case let other?:
      throw ParseError(
        tr("unknown link action '%s' (expected 'todo' or 'add')", decodedForMessage(other)))
    }
  }

  private static func parseTodoLink(
    _ segments: [Substring], _ parameters: [(String, String)]
  ) throws(ParseError) -> DeepLink {
    guard let idText = segments.first, !idText.isEmpty else {
      throw ParseError(tr("the link names no todo id (expected quickdo://todo/<id>/done)"))
    }
    guard let id = UUIDText.parse(idText) else {
      if idText.allSatisfy({ $0.isHexDigit || $0 == "-" }), idText.count < 36 {
        throw ParseError(
          tr("'%s' is not a full todo id: links need all 36 characters, not a prefix", idText))
      }
      throw ParseError(tr("'%s' is not a todo id", decodedForMessage(idText)))
    }
    guard segments.count >= 2, !segments[1].isEmpty else {
      throw ParseError(tr("the link names no verb (expected …/done, …/undo or …/snooze)"))
    }
    guard segments.count == 2 else {
      throw ParseError(tr("the link has extra path segments after '%s'", segments[1]))
    }
    let verb = segments[1].lowercased()
    switch verb {
    case "done", "undo":
      if let (key, _) = parameters.first {
        throw ParseError(tr("…/%s takes no parameters (got '%s')", verb, key))
      }
      return verb == "done" ? .done(id) : .undo(id)
    case "snooze":
      var duration: TimeInterval?
      for (key, value) in parameters {
        guard key == "for" else {
          throw ParseError(tr("unknown parameter '%s' for …/snooze (expected 'for')", key))
        }
        guard duration == nil else { throw ParseError(tr("the parameter 'for' is given twice")) }
        guard let seconds = QuickDuration.seconds(value) else {
          throw ParseError(tr("'%s' is not a duration (expected e.g. 15m, 1h, 1d)", value))
        }
        duration = seconds
      }
      return .snooze(id, for: duration)
    default:
      throw ParseError(
        tr("unknown verb '%s' (expected done, undo or snooze)", decodedForMessage(segments[1])))
    }
  }

  private static func parseAdd(_ parameters: [(String, String)]) throws(ParseError) -> AddRequest {
    var seen: Set<String> = []
    var request = AddRequest(title: "")
    for (key, value) in parameters {
      if key == "tag" {
        request.tags.append(value)
        continue
      }
      if key == "remind" {
        request.reminders.append(value)
        continue
      }
      guard seen.insert(key).inserted else {
        throw ParseError(tr("the parameter '%s' is given twice", key))
      }
      switch key {
      case "title": request.title = value
      case "text": request.text = value
      case "notes": request.notes = value
      case "priority":
        guard let priority = Priority(rawValue: value.lowercased()) else {
          throw ParseError(tr("'%s' is not a priority (expected low, normal or high)", value))
        }
        request.priority = priority
      case "due": request.due = value
      case "url": request.url = value
      case "list": request.list = value
      default:
        throw ParseError(
          tr("unknown parameter '%s' for quickdo://add (expected title or text, notes, priority, due, url, list, tag, remind)", key))
      }
    }
    if let text = request.text {
      guard seen.isDisjoint(with: ["title", "priority", "due", "list"]), request.tags.isEmpty, request.reminders.isEmpty
      else {
        throw ParseError(tr("with text=…, the line gives the title, due time, list, tags, priority and reminders"))
      }
      guard text.contains(where: { !$0.isWhitespace }) else { throw ParseError(tr("the text is empty")) }
      return request
    }
    guard seen.contains("title") else { throw ParseError(tr("quickdo://add needs a title=… parameter")) }
    guard !request.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ParseError(tr("the title is empty"))
    }
    return request
  }

  /// `a=1&b=2` → [("a", "1"), ("b", "2")], percent-decoded; an empty query is no parameters.
  private static func parseQuery(_ query: Substring?) throws(ParseError) -> [(String, String)] {
    guard let query, !query.isEmpty else { return [] }
    var result: [(String, String)] = []
    for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
      guard let equals = pair.firstIndex(of: "=") else {
        throw ParseError(tr("the parameter '%s' has no '=value'", decodedForMessage(pair)))
      }
      let key = try percentDecoded(pair[..<equals])
      let value = try percentDecoded(pair[pair.index(after: equals)...])
      guard !key.isEmpty else { throw ParseError(tr("a parameter has no name")) }
      result.append((key, value))
    }
    return result
  }

  /// Decodes `%XX` escapes (and `+` as a space); refuses bad escapes and text that is not
  /// UTF-8, or that decodes to NUL.
  static func percentDecoded(_ text: Substring) throws(ParseError) -> String {
    guard let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
      throw ParseError(
        tr("the link has a bad percent-escape (expected %%XX with two hex digits, decoding to UTF-8 text)"))
    }
    guard !decoded.unicodeScalars.contains(where: { $0.value == 0 }) else {
      throw ParseError(tr("a parameter decodes to a NUL character"))
    }
    return decoded
  }

  /// A piece of the link quoted in a message: cut to 40 characters.
  private static func decodedForMessage(_ text: some StringProtocol) -> String {
    text.count > 40 ? String(text.prefix(40)) + "…" : String(text)
  }

  /// The link that does this (the inverse of ``parse(_:)``; used for notification
  /// buttons and tests).
  package var url: String {
    switch self {
    case let .done(id): "quickdo://todo/\(id.uuidString.lowercased())/done"
    case let .undo(id): "quickdo://todo/\(id.uuidString.lowercased())/undo"
    case let .snooze(id, duration):
      "quickdo://todo/\(id.uuidString.lowercased())/snooze"
        + (duration.map { "?for=\(QuickDuration.format($0))" } ?? "")
    case let .add(request) where request.text != nil:
      "quickdo://add?"
        + ([("text", request.text)] + [("notes", request.notes), ("url", request.url)].filter { $0.1 != "" })
        .compactMap { key, value in value.map { "\(key)=\(Self.percentEncoded($0))" } }.joined(separator: "&")
    case let .add(request):
      "quickdo://add?"
        + ([("title", request.title), ("notes", request.notes), ("priority", request.priority.rawValue)]
          + [("due", request.due), ("url", request.url), ("list", request.list)].compactMap { key, value in
            value.map { (key, $0) }
          } + request.tags.map { ("tag", $0) } + request.reminders.map { ("remind", $0) })
        .map { "\($0)=\(Self.percentEncoded($1))" }.joined(separator: "&")
    }
  }

  /// Everything but unreserved characters as `%XX`.
  static func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return out
  }
}
