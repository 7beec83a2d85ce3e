import CalDAVRig
import Foundation
import ICalendar
import Testing
import TodoSync

/// The codec and the merge against real CalDAV servers, with another client as the phone:
/// the phone writes todos in the shapes other apps write (alarms, rules, categories, X-
/// properties), quickdo marks them done through `SyncedFields`, and the phone finds them
/// done with everything else as it wrote it. Each test starts its own server.
@Suite(.serialized)
struct RealServerTests {
  let utc = TimeZone(identifier: "UTC")!
  let now = Date(timeIntervalSince1970: 1_795_600_000)

  /// The iCalendar fixtures (Thunderbird, Nextcloud Tasks, tasks.org, Apple Reminders).
  static let fixtures: [String] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("ICalendarTests/Fixtures")
    return ["thunderbird", "nextcloud-tasks", "tasks-org", "apple-reminders"]
      .map { folder.appendingPathComponent("\($0).ics").path }
  }()

  func startedServer(_ kind: CalDAVServer.Kind) async throws -> CalDAVServer {
    try await CalDAVServer.started(kind)
  }

  /// The fixture `file` with a DTSTART in each override of a repeating todo, in a
  /// file of the server's. SOGo 5.8 refuses an override without one with 501 (an exception
  /// comparing its missing start), so a phone cannot write tasks.org's form there.
  static func withStartInOverrides(_ file: String, on server: CalDAVServer) throws -> String {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let lines = text.components(separatedBy: "\r\n").flatMap { line in
      line.hasPrefix("RECURRENCE-ID") ? [line, "DTSTART" + line.dropFirst("RECURRENCE-ID".count)] : [line]
    }
    let path = server.scratchPath(URL(fileURLWithPath: file).lastPathComponent)
    try lines.joined(separator: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// `bytes` in a file of the server's, for the phone to compare with.
  func saved(_ bytes: [UInt8], on server: CalDAVServer) throws -> String {
    let path = server.scratchPath("before.ics")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func create(on server: CalDAVServer, _ files: [String]) throws -> [String] {
    let files = try files.map { server.kind == .sogo ? try Self.withStartInOverrides($0, on: server) : $0 }
    let created = try server.phone("create", ["Tasks"] + files)
    try #require(created.status == 0, "\(created.output)")
    let hrefs = created.output.split(separator: "\n").map(String.init)
    try #require(hrefs.count == files.count, "\(created.output)")
    return hrefs
  }

  @Test(arguments: CalDAVServer.Kind.tested)
  func markingDoneKeepsEverythingThePhoneWrote(_ kind: CalDAVServer.Kind) async throws {
    let server = try await startedServer(kind)
    defer { server.stop() }
    for (href, file) in zip(try create(on: server, Self.fixtures), Self.fixtures) {
      let fetched = try await server.request("GET", href)
      try #require(fetched.status == 200, "\(href): \(fetched.status)")
      var object = try CalendarObject(parsing: fetched.body)
      // The server's own form of the object comes back byte for byte.
      #expect(object.bytes == fetched.body, "\(file)")
      var fields = try #require(SyncedFields(object, local: utc, now: now))
      fields.completedAt = now
      fields.write(into: &object, local: utc, now: now)
      let etag = try #require(fetched.etag)
      let put = try await server.request("PUT", href, body: object.bytes, headers: ["If-Match": etag])
      #expect((200..<300).contains(put.status), "\(file): PUT \(put.status)")
      // A write against the version before it is refused: a conflict, not a lost change.
      let stale = try await server.request("PUT", href, body: object.bytes, headers: ["If-Match": etag])
      #expect(stale.status == 412, "\(file): stale PUT \(stale.status)")
      let before = try saved(fetched.body, on: server)
      let check = try server.phone("check", [href, before])
      try? FileManager.default.removeItem(atPath: before)
      #expect(check.status == 0, "\(kind) \(file): \(check.output)")
    }
  }

  /// The phone renames a todo while the desktop marks it done: the merge against the
  /// version both had keeps both changes, and the phone sees both.
  @Test(arguments: CalDAVServer.Kind.tested)
  func aRenameOnThePhoneAndADoneOnTheDesktopBothSurvive(_ kind: CalDAVServer.Kind) async throws {
    let server = try await startedServer(kind)
    defer { server.stop() }
    let file = Self.fixtures[0]
    let href = try #require(try create(on: server, [file]).first)
    let agreed = try await server.request("GET", href)
    let base = try #require(SyncedFields(try CalendarObject(parsing: agreed.body), local: utc, now: now))
    var local = base
    local.completedAt = now

    let renamed = try server.phone("edit", [href, "Renew passport and ID card"])
    try #require(renamed.status == 0, "\(renamed.output)")
    let fetched = try await server.request("GET", href)
    var remoteObject = try CalendarObject(parsing: fetched.body)
    let remote = try #require(SyncedFields(remoteObject, local: utc, now: now))
    #expect(remote.title == "Renew passport and ID card")

    let merged = ThreeWayMerge.merge(
      base: base, local: local, localModified: now, remote: remote,
      remoteModified: remoteObject.todo?.lastModified)
    #expect(merged.title == "Renew passport and ID card" && merged.completedAt == now)
    merged.write(into: &remoteObject, local: utc, now: now)
    let put = try await server.request(
      "PUT", href, body: remoteObject.bytes, headers: ["If-Match": try #require(fetched.etag)])
    #expect((200..<300).contains(put.status), "PUT \(put.status)")
    let before = try saved(fetched.body, on: server)
    let check = try server.phone("check", [href, before])
    try? FileManager.default.removeItem(atPath: before)
    #expect(check.status == 0 && check.output.contains("ok Renew passport and ID card"), "\(check.output)")
  }
}
