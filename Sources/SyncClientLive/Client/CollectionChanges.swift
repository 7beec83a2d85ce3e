import CalDAVXML
import Foundation
import SyncClient
import Localization

/// Reads one calendar collection: what changed since a sync token (RFC 6578), or every
/// member with its ETag where the server has no sync-collection, and objects by href
/// (calendar-multiget).
struct CollectionChanges {
  let http: DAVSession
  let account: SyncAccount
  let calendar: RemoteCalendar

  /// Hrefs asked for in one calendar-multiget: a batch's answer stays a few hundred KB.
  static let batch = 500

  /// The largest first-sync answer taken with the objects in it: past it, the calendar is
  /// listed and its objects fetched in batches, so memory stays bounded however large the
  /// calendar. It serves the first-sync budget (≥ 5× vdirsyncer at 1,000 todos): one
  /// REPORT instead of a listing plus multigets.
  static let objectsInOneAnswer = 32 << 20

  /// The origins that get the password for this calendar.
  var trusted: Set<Origin> { DAVSession.trusted(account, calendar) }

  /// What changed since `token`, with the changed objects where the calendar sends them
  /// (``RemoteCalendar/sendsObjectsWithChanges``). A first sync whose answer with the
  /// objects would pass ``objectsInOneAnswer`` asks again for the hrefs and ETags only;
  /// the objects are then fetched in batches.
  func since(_ token: String?) async throws -> RemoteChanges {
    try await since(token, withObjects: calendar.sendsObjectsWithChanges)
  }

  func since(_ token: String?, withObjects: Bool) async throws -> RemoteChanges {
    guard calendar.supportsSyncCollection else { return try await members() }
    let answer: DAVSession.Answer
    do {
      answer = try await http.send(
        "REPORT", calendar.url, account: account, trusted: trusted,
        body: Data(DAVRequests.syncCollection(since: token, data: withObjects).utf8),
        headers: ["Depth": "0", "Content-Type": "application/xml; charset=utf-8"],
        limit: token == nil && withObjects ? Self.objectsInOneAnswer : DAVSession.maxAnswer)
    } catch is DAVSession.AnswerTooLarge {
      return try await since(nil, withObjects: false)
    }
    // A token the server no longer knows (RFC 6578 §3.2: 403 or 409 with
    // valid-sync-token): start again from nothing.
    if token != nil, answer.status == 403 || answer.status == 409 { return try await since(nil) }
    // No sync-collection after all: every member and its ETag.
    if token == nil, [400, 403, 405, 501].contains(answer.status) { return try await members() }
    guard answer.status == 207 else { throw answer.failure("REPORT", account: account) }
    let multistatus = try DAVSession.parse(answer, "REPORT", account: account)
    var changes = RemoteChanges(changed: [:], removed: [], token: multistatus.syncToken, isComplete: token == nil)
    var seen: Set<String> = []
    for response in multistatus.responses {
      guard let href = member(response.href, into: &changes), seen.insert(href).inserted else { continue }
      if response.status == 404 {
        changes.removed.append(href)
      } else if let etag = response.etag {
        changes.changed[href] = etag
        if let data = response.property("calendar-data", DAVNamespace.caldav)?.text, !data.isEmpty {
          changes.objects.append(
            RemoteObject(
              href: href, etag: etag, data: Self.crlf(data),
              hasReplacedCharacters: multistatus.replacedCharacters > 0 && data.contains("\u{FFFD}")))
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
    let (multistatus, _) = try await http.multistatus(
      "PROPFIND", calendar.url, account: account, trusted: trusted, depth: 1, body: body)
    var changes = RemoteChanges(changed: [:], removed: [], token: nil, isComplete: true)
    for response in multistatus.responses {
      guard let href = member(response.href, into: &changes), changes.changed[href] == nil else { continue }
      if let etag = response.etag { changes.changed[href] = etag }
    }
    return changes
  }

  func objects(_ hrefs: [String]) async throws -> [RemoteObject] {
    var objects: [RemoteObject] = []
    var seen: Set<String> = []
    for start in stride(from: 0, to: hrefs.count, by: Self.batch) {
      let batch = Array(hrefs[start..<min(start + Self.batch, hrefs.count)])
      let (multistatus, _) = try await http.multistatus(
        "REPORT", calendar.url, account: account, trusted: trusted, depth: 1,
        body: DAVRequests.calendarMultiget(batch))
      for response in multistatus.responses {
        guard calendar.member(response.href) != nil, seen.insert(response.href).inserted,
          let data = response.property("calendar-data", DAVNamespace.caldav)?.text
        else { continue }
        objects.append(
          RemoteObject(
            href: response.href, etag: response.etag, data: Self.crlf(data),
            hasReplacedCharacters: multistatus.replacedCharacters > 0 && data.contains("\u{FFFD}")))
      }
    }
    return objects
  }

  /// `href` when it names a member of the calendar. The calendar itself (some servers
  /// list it among its members) is passed over; anything else is refused with a line.
  func member(_ href: String, into changes: inout RemoteChanges) -> String? {
    if calendar.member(href) != nil { return href }
    let isCalendarItself = URL(string: href, relativeTo: calendar.url).map {
      $0.absoluteURL.path(percentEncoded: false).trimmingCharacters(in: ["/"])
        == calendar.url.path(percentEncoded: false).trimmingCharacters(in: ["/"])
        && Origin($0.absoluteURL) == Origin(calendar.url)
    } ?? false
    if !isCalendarItself {
      changes.refused.append(
        tr("the server gave a href outside the calendar (\"%s\"); left alone", DAVSession.clipped(href, limit: 120)))
    }
    return nil
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
