import CalDAVXML
import Foundation
import SyncClient
import Localization

/// Finds an account's calendars that hold todos (RFC 6764 §6, RFC 4791 §6.2): the
/// account's URL is a calendar itself, or the way to the user's principal (directly or
/// through `/.well-known/caldav`), whose calendar home lists the calendars.
///
/// The password goes only to the account's origin, and to where `.well-known/caldav`
/// redirects when the account's URL names only a server (RFC 6764 §5). A calendar listed
/// on any other origin is skipped and named.
struct Discovery {
  let http: DAVSession
  let account: SyncAccount

  func calendars() async throws -> CalendarList {
    let (found, skippedOnes) = try await listed()
    let all = try await confirmingPush(found)
    var skipped = skippedOnes
    for listed in all where listed.takesTodos {
      guard let length = listed.nameLength else { continue }
      skipped.append(
        tr("a calendar's name is %s characters long; it is shown by its first %s: \"%s…\"", length, Self.maxNameLength, listed.calendar.displayName.prefix(40)))
    }
    let todoCalendars = all.filter { $0.takesTodos }
    guard !account.calendars.isEmpty else {
      guard !todoCalendars.isEmpty else {
        throw SyncError.configuration(account: account.name, detail: tr("no calendar at %s holds todos", account.url.absoluteString))
      }
      return CalendarList(calendars: todoCalendars.map(\.calendar), skipped: skipped)
    }
    let calendars = try account.calendars.map { wanted in
      guard let match = all.first(where: { $0.calendar.matches(wanted) }) else {
        let names = todoCalendars.map { "\"\($0.calendar.displayName)\"" }.joined(separator: ", ")
        throw SyncError.configuration(
          account: account.name, detail: tr("no calendar named \"%s\" (calendars holding todos: %s)", wanted, names.isEmpty ? "none" : names))
      }
      guard match.takesTodos else {
        throw SyncError.configuration(account: account.name, detail: tr("calendar \"%s\" does not hold todos (VTODO)", wanted))
      }
      return match.calendar
    }
    return CalendarList(calendars: calendars, skipped: skipped)
  }

  /// The calendars, with their push topics kept only when the server's `DAV` header names
  /// `webdav-push` (RFC 4918 §10.1 puts it on OPTIONS): asked once, of the first calendar
  /// whose properties offer push.
  func confirmingPush(_ listed: [Listed]) async throws -> [Listed] {
    guard let first = listed.first(where: { $0.calendar.pushTopic != nil }) else { return listed }
    let answer = try await http.send(
      "OPTIONS", first.calendar.url, account: account, trusted: DAVSession.trusted(account, first.calendar),
      limit: 64 << 10)
    guard !answer.davFeatures.contains("webdav-push") else { return listed }
    return listed.map {
      var entry = $0
      entry.calendar.pushTopic = nil
      return entry
    }
  }

  struct Listed {
    var calendar: RemoteCalendar
    var takesTodos: Bool
    /// The length of a display name cut to ``maxNameLength``; nil when it was not cut.
    var nameLength: Int?
  }

  /// The longest display name kept, in characters: a server's name goes into every line
  /// about the calendar and names its list.
  static let maxNameLength = 200

  /// Every calendar the account's URL leads to on a trusted origin, and a line for each
  /// one elsewhere.
  func listed() async throws -> ([Listed], [String]) {
    var trusted = Set([Origin(account.url)].compactMap { $0 })
    // The URL may be a calendar collection itself.
    let (own, ownAnswer) = try await http.multistatus(
      "PROPFIND", account.url, account: account, trusted: trusted, depth: 0, body: DAVRequests.calendarOrPrincipal)
    if let response = own.responses.first, response.isCalendar {
      return trustedOnly([listing(response, ownAnswer)].compactMap { $0 }, trusted)
    }
    var principal = own.responses.lazy.flatMap { $0.hrefs("current-user-principal") }.first
    var base = ownAnswer.url
    if principal == nil {
      let wellKnown = try DAVSession.resolve("/.well-known/caldav", against: account.url, account: account)
      let namesOnlyAServer = account.url.path(percentEncoded: true).trimmingCharacters(in: ["/"]).isEmpty
      let (known, knownAnswer) = try await http.multistatus(
        "PROPFIND", wellKnown, account: account, trusted: trusted, adoptRedirect: namesOnlyAServer, depth: 0,
        body: DAVRequests.currentUserPrincipal)
      if namesOnlyAServer, let origin = Origin(knownAnswer.url) { trusted.insert(origin) }
      principal = known.responses.lazy.flatMap { $0.hrefs("current-user-principal") }.first
      base = knownAnswer.url
    }
    guard let principal else {
      throw SyncError.configuration(account: account.name, detail: tr("%s names no CalDAV principal; give a calendar's URL instead", account.url.absoluteString))
    }
    let principalURL = try trustedURL(principal, against: base, trusted, what: "principal")
    let (homes, homesAnswer) = try await http.multistatus(
      "PROPFIND", principalURL, account: account, trusted: trusted, depth: 0, body: DAVRequests.calendarHomeSet)
    guard let home = homes.responses.lazy.flatMap({ $0.hrefs("calendar-home-set", DAVNamespace.caldav) }).first else {
      throw SyncError.configuration(account: account.name, detail: tr("the principal %s has no calendar home", principalURL.path()))
    }
    let homeURL = try trustedURL(home, against: homesAnswer.url, trusted, what: tr("calendar home"))
    let (collections, collectionsAnswer) = try await http.multistatus(
      "PROPFIND", homeURL, account: account, trusted: trusted, depth: 1, body: DAVRequests.calendars)
    return trustedOnly(collections.responses.filter(\.isCalendar).compactMap { listing($0, collectionsAnswer) }, trusted)
  }

  /// The calendars on a trusted origin, and a line naming each of the others.
  func trustedOnly(_ listed: [Listed], _ trusted: Set<Origin>) -> ([Listed], [String]) {
    var kept: [Listed] = []
    var skipped: [String] = []
    for entry in listed {
      if let origin = Origin(entry.calendar.url), trusted.contains(origin) {
        kept.append(entry)
      } else {
        skipped.append(
          tr("calendar \"%s\" skipped: it is on %s, not the account's server, and does not get its password", DAVSession.clipped(entry.calendar.displayName, limit: 80), Origin(entry.calendar.url).map(\.description) ?? "another server"))
      }
    }
    return (kept, skipped)
  }

  /// A discovery step's href, which must stay on a trusted origin.
  func trustedURL(_ href: String, against base: URL, _ trusted: Set<Origin>, what: String) throws -> URL {
    let url = try DAVSession.resolve(href, against: base, account: account)
    guard let origin = Origin(url), trusted.contains(origin) else {
      throw SyncError.server(
        account: account.name,
        detail: tr("the server gave a %s on %s, not the account's server; not followed", what, Origin(url).map(\.description) ?? "another server"))
    }
    return url
  }

  /// A calendar's WebDAV-Push topic, when its collection lists the `web-push` transport and
  /// a topic (``confirmingPush(_:)`` checks the server's `DAV` header). A topic past 256
  /// characters, or with anything but visible ASCII, is no push.
  static func pushTopic(_ response: Multistatus.Response) -> String? {
    guard response.property("transports", DAVNamespace.push)?.child("web-push", DAVNamespace.push) != nil,
      let topic = response.text("topic", DAVNamespace.push), (1...256).contains(topic.utf8.count),
      topic.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { return nil }
    return topic
  }

  /// The calendar a response of `answer` lists, if it names one.
  func listing(_ response: Multistatus.Response, _ answer: DAVSession.Answer) -> Listed? {
    guard var url = try? DAVSession.resolve(response.href, against: answer.url, account: account) else { return nil }
    if !url.absoluteString.hasSuffix("/") { url = URL(string: url.absoluteString + "/") ?? url }
    let full = response.text("displayname").flatMap { $0.isEmpty ? nil : $0 } ?? url.lastPathComponent
    let name = DAVSession.clipped(full, limit: Self.maxNameLength - 1)
    let calendar = RemoteCalendar(
      CalendarReference(account: account.name, url: url, displayName: name),
      // Tried unless the server lists its reports without it; a refusal falls back too.
      supportsSyncCollection: response.property("supported-report-set") == nil
        || response.supportsReport("sync-collection"),
      sendsObjectsWithChanges: !answer.isDAViCal, pushTopic: Self.pushTopic(response))
    return Listed(
      calendar: calendar, takesTodos: response.componentSet?.contains("VTODO") ?? true,
      nameLength: name == full ? nil : full.count)
  }
}
