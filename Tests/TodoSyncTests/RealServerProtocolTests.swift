import CalDAVXML
import CalDAVRig
import Foundation
import ICalendar
import Testing

/// Discovery and incremental sync requests against real servers: the bodies `DAVRequests`
/// writes, the answers `Multistatus` reads.
@Suite(.serialized)
struct RealServerProtocolTests {
  func dav(_ server: CalDAVServer, _ method: String, _ target: String, _ body: String, depth: String)
    async throws -> Multistatus
  {
    let answer = try await server.request(
      method, target, body: Array(body.utf8),
      headers: ["Depth": depth, "Content-Type": "application/xml; charset=utf-8"])
    try #require(answer.status == 207, "\(method) \(target): \(answer.status) \(String(decoding: answer.body, as: UTF8.self).prefix(300))")
    return try Multistatus.parse(Data(answer.body))
  }

  func path(_ href: String) -> String { URL(string: href)?.path ?? href }

  @Test(arguments: CalDAVServer.Kind.tested.filter(\.hasWebDAVSync))
  func discoveryThenSyncReportsOnlyWhatChanged(_ kind: CalDAVServer.Kind) async throws {
    let server = try CalDAVServer(kind)
    defer { server.stop() }
    try await server.ready()
    let created = try server.phone("create", ["Tasks"] + Array(RealServerTests.fixtures.prefix(2)))
    try #require(created.status == 0, "\(created.output)")
    let hrefs = created.output.split(separator: "\n").map { path(String($0)) }
    // SOGo's sync token is a time in whole seconds, and an answer repeats what changed in
    // the token's second: each change there waits for the next second.
    func nextSecond() async throws { if kind == .sogo { try await Task.sleep(for: .milliseconds(1100)) } }
    try await nextSecond()

    // Discovery: the principal, its calendar home, the calendars taking VTODOs.
    let root = try await dav(server, "PROPFIND", path(server.url), DAVRequests.currentUserPrincipal, depth: "0")
    let principal = try #require(root.responses.first?.hrefs("current-user-principal").first)
    let homeAnswer = try await dav(server, "PROPFIND", principal, DAVRequests.calendarHomeSet, depth: "0")
    let home = try #require(homeAnswer.responses.first?.hrefs("calendar-home-set", DAVNamespace.caldav).first)
    let listing = try await dav(server, "PROPFIND", home, DAVRequests.calendars, depth: "1")
    let tasks = try #require(
      listing.responses.first { $0.isCalendar && $0.text("displayname") == "Tasks" }, "\(listing.responses.map(\.href))")
    #expect(tasks.componentSet.map { $0.contains("VTODO") } ?? true)

    // Everything once, then nothing, then just the todo the phone changed.
    let first = try await dav(server, "REPORT", tasks.href, DAVRequests.syncCollection(since: nil), depth: "0")
    #expect(Set(first.responses.map { path($0.href) }) == Set(hrefs))
    #expect(first.responses.allSatisfy { $0.etag != nil })
    let token = try #require(first.syncToken)
    let quiet = try await dav(server, "REPORT", tasks.href, DAVRequests.syncCollection(since: token), depth: "0")
    #expect(quiet.responses.isEmpty, "\(quiet.responses.map(\.href))")

    try await nextSecond()
    let renamed = try server.phone("edit", [URL(string: hrefs[0], relativeTo: URL(string: server.url))!.absoluteString, "Renamed on the phone"])
    try #require(renamed.status == 0, "\(renamed.output)")
    let changed = try await dav(
      server, "REPORT", tasks.href, DAVRequests.syncCollection(since: quiet.syncToken ?? token), depth: "0")
    #expect(changed.responses.map { path($0.href) } == [hrefs[0]])

    let fetched = try await dav(
      server, "REPORT", tasks.href, DAVRequests.calendarMultiget(changed.responses.map(\.href)), depth: "1")
    let data = try #require(fetched.responses.first?.property("calendar-data", DAVNamespace.caldav)?.text)
    #expect(try CalendarObject(parsing: data).todo?.summary == "Renamed on the phone")
    #expect(fetched.responses.first?.etag == changed.responses.first?.etag)

    // A deletion shows as the href with 404.
    try await nextSecond()
    let deleted = try await server.request("DELETE", hrefs[1])
    #expect((200..<300).contains(deleted.status))
    let afterDelete = try await dav(
      server, "REPORT", tasks.href, DAVRequests.syncCollection(since: changed.syncToken ?? token), depth: "0")
    #expect(afterDelete.responses.filter { $0.status == 404 }.map { path($0.href) } == [hrefs[1]])
    // SOGo's token is the second of the last change it reported, so the rename comes again,
    // unchanged; anything else would be a change that did not happen.
    let again = afterDelete.responses.filter { $0.status != 404 }
    #expect(again.allSatisfy { path($0.href) == hrefs[0] && $0.etag == changed.responses.first?.etag })
    #expect(kind == .sogo || again.isEmpty)
  }
}
