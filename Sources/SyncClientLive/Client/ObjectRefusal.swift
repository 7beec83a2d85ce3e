import CalDAVXML
import Foundation
import NIOHTTP1
import Localization

extension DAVSession.Answer {
  /// Whether the server refused this one object rather than the account or the request
  /// as a whole: a client error other than 401 (the password) and 412 (a newer version),
  /// or 507 (the account's quota). Servers refuse single objects for ordinary reasons, a
  /// size limit, a validation rule, a UID the calendar already holds; the rest of the
  /// calendar still syncs.
  var refusesObject: Bool {
    ((400..<500).contains(status) && status != 401 && status != 412) || status == 507
  }

  /// "the server refused it (403 Forbidden: a calendar object with this UID exists)":
  /// the status and, when the body gives them, the server's own words (a WebDAV
  /// precondition's name, a `message`, or a plain-text line).
  var refusalReason: String {
    let phrase = HTTPResponseStatus(statusCode: status).reasonPhrase
    let words = Self.serverWords(body).map { ": " + DAVSession.clipped($0, limit: 160) } ?? ""
    return tr("the server refused it (%s %s%s)", status, DAVSession.clipped(phrase, limit: 60), words)
  }

  /// What a refusal's body says, in one line: the names of the conditions in a DAV:error
  /// (`no-uid-conflict`) and any message in it (sabre/dav's `s:message`), or the first
  /// line of a body that is plain text. Nil when there is nothing readable.
  static func serverWords(_ body: Data) -> String? {
    let text = String(decoding: body.prefix(8192), as: UTF8.self)
    let start = text.drop { $0.isWhitespace }
    if start.hasPrefix("<") {
      guard let root = try? DAVElement.parse(body), root.name == "error" else { return nil }
      var parts: [String] = []
      for child in root.children {
        let said = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if child.name == "message" || child.name == "responsedescription" {
          if !said.isEmpty { parts.append(said) }
        } else if child.namespace == DAVNamespace.dav || child.namespace == DAVNamespace.caldav {
          parts.append(child.name)
        }
      }
      let line = parts.joined(separator: ", ").split(whereSeparator: \.isNewline).first.map(String.init)
      return line?.isEmpty == false ? line : nil
    }
    let line = start.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) }
    return line?.isEmpty == false ? line : nil
  }
}
