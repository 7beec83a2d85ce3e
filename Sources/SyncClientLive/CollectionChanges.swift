import CalDAV
import Foundation
import SyncClient

/// Reads one calendar collection: what changed since a sync token (RFC 6578), or every
/// member with its ETag where the server has no sync-collection, and objects by href
/// (calendar-multiget).
struct CollectionChanges {
  let http: DAVSession
  let account: SyncAccount
  let calendar: RemoteCalendar

  /// Hrefs asked for in one calendar-multiget.
  static let batch = 500

  func since(_ token: String?) async throws -> RemoteChanges {
    guard calendar.supportsSyncCollection else { return try await members() }
    let answer = try await http.send(
      "REPORT", calendar.url, account: account,
      body: Data(DAVRequests.syncCollection(since: token, data: true).utf8),
      headers: ["Depth": "0", "Content-Type": "application/xml; charset=utf-8"])
    // A token the server no longer knows (RFC 6578 §3.2: 403 or 409 with
    // valid-sync-token): start again from nothing.
    if token != nil, answer.status == 403 || answer.status == 409 { return try await since(nil) }
    // No sync-collection after all: every member and its ETag.
    if token == nil, [400, 403, 405, 501].contains(answer.status) { return try await members() }
    guard answer.status == 207, let multistatus = Multistatus.parse(answer.body) else {
      throw answer.failure("REPORT", account: account)
    }
    var changes = RemoteChanges(changed: [:], removed: [], token: multistatus.syncToken, isComplete: token == nil)
    for response in multistatus.responses where !isCollection(response.href) {
      if response.status == 404 {
        changes.removed.append(response.href)
      } else if let etag = response.etag {
        changes.changed[response.href] = etag
        if let data = response.property("calendar-data", DAVNamespace.caldav)?.text, !data.isEmpty {
          changes.objects.append(RemoteObject(href: response.href, etag: etag, data: Self.crlf(data)))
        }
      }
    }
    return changes
  }

  /// Every member and its ETag (PROPFIND, Depth 1): for servers without sync-collection.
  func members() async throws -> RemoteChanges {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>
      """
    let (multistatus, _) = try await http.multistatus("PROPFIND", calendar.url, account: account, depth: 1, body: body)
    var changed: [String: String] = [:]
    for response in multistatus.responses where !isCollection(response.href) {
      if let etag = response.etag { changed[response.href] = etag }
    }
    return RemoteChanges(changed: changed, removed: [], token: nil, isComplete: true)
  }

  func objects(_ hrefs: [String]) async throws -> [RemoteObject] {
    var objects: [RemoteObject] = []
    for start in stride(from: 0, to: hrefs.count, by: Self.batch) {
      let batch = Array(hrefs[start..<min(start + Self.batch, hrefs.count)])
      let (multistatus, _) = try await http.multistatus(
        "REPORT", calendar.url, account: account, depth: 1, body: DAVRequests.calendarMultiget(batch))
      for response in multistatus.responses {
        guard let data = response.property("calendar-data", DAVNamespace.caldav)?.text else { continue }
        objects.append(RemoteObject(href: response.href, etag: response.etag, data: Self.crlf(data)))
      }
    }
    return objects
  }

  /// Whether `href` names the calendar itself (some servers list it among its members).
  func isCollection(_ href: String) -> Bool {
    let path = (try? DAVSession.resolve(href, against: calendar.url, account: account).path) ?? href
    return path == calendar.url.path || path + "/" == calendar.url.path
  }

  /// iCalendar text taken out of XML, its line ends CRLF again: XML parsing turns every
  /// CRLF into LF (XML 1.0 §2.11), and a content line never holds a bare LF.
  static func crlf(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 64)
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") { bytes.append(UInt8(ascii: "\r")) }
      bytes.append(byte)
      previous = byte
    }
    return bytes
  }
}
