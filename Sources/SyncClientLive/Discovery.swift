import CalDAV
import Foundation
import SyncClient

/// Finds an account's calendars that hold todos (RFC 6764 §6, RFC 4791 §6.2): the
/// account's URL is a calendar itself, or the way to the user's principal (directly or
/// through `/.well-known/caldav`), whose calendar home lists the calendars.
struct Discovery {
  let http: DAVSession
  let account: SyncAccount

  func calendars() async throws -> [RemoteCalendar] {
    let all = try await listed()
    let todoCalendars = all.filter { $0.takesTodos }
    guard !account.calendars.isEmpty else {
      guard !todoCalendars.isEmpty else {
        throw SyncError.configuration(account: account.name, detail: "no calendar at \(account.url.absoluteString) holds todos")
      }
      return todoCalendars.map(\.calendar)
    }
    return try account.calendars.map { wanted in
      let match = all.first {
        $0.calendar.displayName == wanted || $0.calendar.url.absoluteString == wanted
          || $0.calendar.url.path == wanted || $0.calendar.url.path == wanted + "/"
      }
      guard let match else {
        let names = todoCalendars.map { "\"\($0.calendar.displayName)\"" }.joined(separator: ", ")
        throw SyncError.configuration(
          account: account.name, detail: "no calendar named \"\(wanted)\" (calendars holding todos: \(names.isEmpty ? "none" : names))")
      }
      guard match.takesTodos else {
        throw SyncError.configuration(account: account.name, detail: "calendar \"\(wanted)\" does not hold todos (VTODO)")
      }
      return match.calendar
    }
  }

  struct Listed {
    var calendar: RemoteCalendar
    var takesTodos: Bool
  }

  /// Every calendar the account's URL leads to.
  func listed() async throws -> [Listed] {
    // The URL may be a calendar collection itself.
    let (own, ownURL) = try await http.multistatus(
      "PROPFIND", account.url, account: account, depth: 0, body: DAVRequests.calendarOrPrincipal)
    if let response = own.responses.first, response.isCalendar {
      return [listing(response, base: ownURL)].compactMap { $0 }
    }
    var principal = own.responses.lazy.flatMap { $0.hrefs("current-user-principal") }.first
    var base = ownURL
    if principal == nil {
      let wellKnown = try DAVSession.resolve("/.well-known/caldav", against: account.url, account: account)
      let (known, knownURL) = try await http.multistatus(
        "PROPFIND", wellKnown, account: account, depth: 0, body: DAVRequests.currentUserPrincipal)
      principal = known.responses.lazy.flatMap { $0.hrefs("current-user-principal") }.first
      base = knownURL
    }
    guard let principal else {
      throw SyncError.configuration(account: account.name, detail: "\(account.url.absoluteString) names no CalDAV principal; give a calendar's URL instead")
    }
    let principalURL = try DAVSession.resolve(principal, against: base, account: account)
    let (homes, homesURL) = try await http.multistatus(
      "PROPFIND", principalURL, account: account, depth: 0, body: DAVRequests.calendarHomeSet)
    guard let home = homes.responses.lazy.flatMap({ $0.hrefs("calendar-home-set", DAVNamespace.caldav) }).first else {
      throw SyncError.configuration(account: account.name, detail: "the principal \(principalURL.path) has no calendar home")
    }
    let homeURL = try DAVSession.resolve(home, against: homesURL, account: account)
    let (collections, collectionsURL) = try await http.multistatus(
      "PROPFIND", homeURL, account: account, depth: 1, body: DAVRequests.calendars)
    return collections.responses.filter(\.isCalendar).compactMap { listing($0, base: collectionsURL) }
  }

  func listing(_ response: Multistatus.Response, base: URL) -> Listed? {
    guard var url = try? DAVSession.resolve(response.href, against: base, account: account) else { return nil }
    if !url.absoluteString.hasSuffix("/") { url = URL(string: url.absoluteString + "/") ?? url }
    let name = response.text("displayname").flatMap { $0.isEmpty ? nil : $0 } ?? url.lastPathComponent
    let calendar = RemoteCalendar(
      url: url, displayName: name,
      // Tried unless the server lists its reports without it; a refusal falls back too.
      supportsSyncCollection: response.property("supported-report-set") == nil
        || response.supportsReport("sync-collection"))
    return Listed(calendar: calendar, takesTodos: response.componentSet?.contains("VTODO") ?? true)
  }
}
