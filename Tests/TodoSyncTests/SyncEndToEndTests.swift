import CalDAVRig
import Foundation
import ICalendar
import Models
import SyncClient
import Testing
import TodoSync

/// Sync end to end: the live CalDAV client, real SQLite and a real server (Radicale with
/// password auth, Xandikos), with the python caldav library as the phone.
@Suite(.serialized)
struct SyncEndToEndTests {
  static let fixtures = RealServerTests.fixtures
  let titles = ["Renew passport", "Write the quarterly report", "Water the plants 🌱", "Pick up the dry cleaning"]

  func started(_ kind: CalDAVServer.Kind) async throws -> CalDAVServer {
    try await RealServerTests().startedServer(kind)
  }

  @Test(arguments: CalDAVServer.Kind.tested)
  func aTodoAddedOnThePhoneArrivesAndANoChangeSyncFetchesNothing(_ kind: CalDAVServer.Kind) async throws {
    let server = try await started(kind)
    defer { server.stop() }
    let hrefs = try RealServerTests().create(on: server, Self.fixtures)
    let device = try Device(server: server)
    let first = try await device.sync()
    #expect(first.map(\.added) == [4])
    // Most servers send the objects with the changes: one request for the calendar after
    // discovery. Xandikos sends the list only, sabre/dav 1.8 lists ETags; then the objects
    // are fetched.
    let fetches = kind.sendsObjectsWithChanges ? [] : ["fetch 4"]
    #expect(device.calls.take() == ["discover", "changes from nothing"] + fetches)
    #expect(Set(try await device.todos().map(\.title)) == Set(titles))
    let done = try #require(try await device.todo(titled: "Pick up the dry cleaning"))
    #expect(done.isComplete)
    let second = try await device.sync()
    #expect(second.map(\.fetched) == [0])
    // One request for the calendar: the changes since the stored token, none (without
    // WebDAV-Sync, the list of ETags, all known); the calendars found the first time are kept.
    let changes = kind.hasWebDAVSync ? "changes since a token" : "changes from nothing"
    #expect(device.calls.take() == [changes])
    #expect(try await device.todos().count == 4)
    // Other settings for the account: its calendars are found again. (SOGo's device names
    // Tasks from the start; there it is named by its URL.)
    let tasks = try #require(hrefs.first.map { String($0[...$0.lastIndex(of: "/")!]) })
    device.account.calendars = [kind == .sogo ? tasks : "Tasks"]
    try await device.sync()
    #expect(device.calls.take() == ["discover", changes])
  }

  /// A server that lists changes without their data: the objects are fetched.
  @Test func objectsNotSentWithTheChangesAreFetched() async throws {
    let server = try await started(.radicale)
    defer { server.stop() }
    _ = try RealServerTests().create(on: server, Self.fixtures)
    let device = try Device(server: server)
    let changes = device.client.changes
    device.client.changes = { account, calendar, token in
      var listed = try await changes(account, calendar, token)
      listed.objects = []
      return listed
    }
    #expect(try await device.sync().map(\.added) == [4])
    #expect(device.calls.take() == ["discover", "changes from nothing", "fetch 4"])
    #expect(Set(try await device.todos().map(\.title)) == Set(titles))
  }

  @Test(arguments: CalDAVServer.Kind.tested)
  func markDoneHereIsDoneOnThePhoneWithEverythingElseKept(_ kind: CalDAVServer.Kind) async throws {
    let server = try await started(kind)
    defer { server.stop() }
    let hrefs = try RealServerTests().create(on: server, Self.fixtures)
    let device = try Device(server: server)
    try await device.sync()
    var befores: [String] = []
    for href in hrefs { befores.append(try RealServerTests().saved(try await server.request("GET", href).body, on: server)) }
    var pending = try await device.todos().filter { !$0.isComplete }
    for index in pending.indices {
      pending[index].isComplete = true
      pending[index].completedAt = Date()
    }
    try await device.storage.upsert(pending)
    let report = try await device.sync()
    // Three pending; the repeating one (tasks.org's) is done here only.
    #expect(report.map(\.sent) == [2])
    #expect(report.map(\.keptHere) == [1])
    for (href, before) in zip(hrefs, befores) where !href.contains("9D1C2F4E") && !href.contains("4155315928146346727") {
      let check = try server.phone("check", [href, before])
      #expect(check.status == 0, "\(href): \(check.output)")
    }
    let repeating = try #require(hrefs.first { $0.contains("4155315928146346727") })
    let unchanged = try await server.request("GET", repeating).body
    #expect(try String(contentsOfFile: befores[hrefs.firstIndex(of: repeating)!], encoding: .utf8) == String(decoding: unchanged, as: UTF8.self))
    #expect(try await device.sync().map(\.sent) == [0])
  }

  @Test(arguments: CalDAVServer.Kind.tested)
  func aRenameOnThePhoneAndADoneHereBothSurvive(_ kind: CalDAVServer.Kind) async throws {
    let server = try await started(kind)
    defer { server.stop() }
    let href = try #require(try RealServerTests().create(on: server, [Self.fixtures[0]]).first)
    let device = try Device(server: server)
    try await device.sync()
    var todo = try #require(try await device.todos().first)
    todo.isComplete = true
    todo.completedAt = Date()
    try await device.storage.upsert([todo])
    let renamed = try server.phone("edit", [href, "Renew passport and ID card"])
    try #require(renamed.status == 0, "\(renamed.output)")
    let report = try await device.sync()
    #expect(report.map(\.merged) == [1])
    let merged = try #require(try await device.todos().first)
    #expect(merged.title == "Renew passport and ID card")
    #expect(merged.isComplete)
    let object = try CalendarObject(parsing: try await server.request("GET", href).body)
    #expect(object.todo?.summary == "Renew passport and ID card")
    #expect(object.todo?.status == .completed)
  }

  @Test(arguments: CalDAVServer.Kind.tested)
  func deletionsGoBothWays(_ kind: CalDAVServer.Kind) async throws {
    let server = try await started(kind)
    defer { server.stop() }
    let hrefs = try RealServerTests().create(on: server, Array(Self.fixtures.prefix(2)))
    let device = try Device(server: server)
    try await device.sync()
    #expect(try await device.todos().count == 2)
    let deleted = try server.phone("delete", [hrefs[0]])
    try #require(deleted.status == 0, "\(deleted.output)")
    #expect(try await device.sync().map(\.deletedHere) == [1])
    let left = try await device.todos()
    #expect(left.map(\.title) == ["Write the quarterly report"])
    try await device.storage.delete(left.map(\.id))
    #expect(try await device.sync().map(\.deletedThere) == [1])
    #expect(try await server.request("GET", hrefs[1]).status == 404)
    #expect(try await device.sync().map(\.deletedThere) == [0])
  }

  /// A todo put in a calendar's list here is created in that calendar; one in a local list
  /// stays on this computer.
  @Test(arguments: CalDAVServer.Kind.tested)
  func todosInACalendarsListAreCreatedThereAndLocalOnesStayHere(_ kind: CalDAVServer.Kind) async throws {
    let server = try await started(kind)
    defer { server.stop() }
    _ = try RealServerTests().create(on: server, [Self.fixtures[0]])
    let device = try Device(server: server)
    let before = Todo(id: UUID(), title: "Kept on this computer", createdAt: Date(timeIntervalSinceNow: -3600))
    try await device.storage.upsert([before])
    #expect(try await device.sync().map(\.created) == [0])

    // (Cyrus drops whitespace at the end of a text, so the notes end in a letter.)
    let notes = String(repeating: "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. ", count: 40) + "Ende"
    let added = Todo(id: UUID(), title: "Added here after 🍎 café", notes: notes, priority: .high, createdAt: Date(), list: "Tasks")
    try await device.storage.upsert([added])
    #expect(try await device.sync().map(\.created) == [1])
    #expect(try await device.sync().map(\.fetched) == [0], "its own object is not fetched back")
    var done = added
    done.isComplete = true
    done.completedAt = Date()
    try await device.storage.upsert([done])
    #expect(try await device.sync().map(\.sent) == [1])

    let other = try Device(server: server)
    try await other.sync()
    let there = try await other.todos()
    #expect(Set(there.map(\.title)) == ["Renew passport", "Added here after 🍎 café"])
    let arrived = try #require(there.first { $0.title == "Added here after 🍎 café" })
    #expect(arrived.isComplete)
    #expect(arrived.priority == .high)
    #expect(arrived.notes == notes)
    #expect(try await device.todos().count == 3)

    // The phone lists the calendar it meant: the todo is one of its members, and the home
    // holds no calendar made by the write.
    let listed = try server.phone("list", ["Tasks"])
    #expect(listed.status == 0, "\(listed.output)")
    let lines = listed.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("calendars: ") == true, "\(listed.output)")
    #expect(lines.first?.contains(".ics") == false, "a calendar made by the write: \(listed.output)")
    let member = try #require(lines.first { $0.hasPrefix("\"\(added.idString)\"") }, "\(listed.output)")
    #expect(member.contains("\"Added here after 🍎 café\"\t\"COMPLETED\""))
  }

  /// A todo an older build created at `<calendar path without its slash><uid>.ics` (on
  /// Radicale a calendar of its own) is created inside its calendar on the next sync, once,
  /// with one line naming the stray copy, which is left alone.
  @Test func aTodoAnOlderBuildWroteOutsideItsCalendarMovesIntoIt() async throws {
    let server = try await started(.radicale)
    defer { server.stop() }
    _ = try RealServerTests().create(on: server, [Self.fixtures[0]])
    let device = try Device(server: server)
    device.account.defaultCalendar = "Tasks"
    try await device.sync()
    let calendar = try #require(try await device.state.status().first)
    let todo = Todo(id: UUID(), title: "Made by an older quickdo", createdAt: Date(), list: "Tasks")
    try await device.storage.upsert([todo])
    // What the older build did: the PUT outside the collection, and its record.
    var path = calendar.calendar.url.path(percentEncoded: true)
    path.removeLast()
    let stray = path + todo.idString + ".ics"
    let text = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//old//EN\r\nBEGIN:VTODO\r\nUID:\(todo.idString)\r\nSUMMARY:Made by an older quickdo\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
    let put = try await server.request("PUT", stray, body: text)
    #expect(put.status == 201)
    let revision = try #require(try await device.state.unsynced("Tasks").first { $0.todo.id == todo.id }).revision
    try await device.state.commit(SyncCommit(
      calendar: calendar.calendar,
      saved: [.init(href: stray, etag: put.etag, agreed: text, todoID: todo.id, todo: nil, expectedRevision: revision - 1)],
      now: Date()))

    let moved = try await device.sync()
    #expect(moved.map(\.created) == [1])
    let note = try #require(moved.first?.notes.first)
    #expect(note.contains("\"Made by an older quickdo\" was written outside the calendar by an older quickdo"))
    #expect(note.contains(stray))
    let again = try await device.sync()
    #expect(again.map(\.notes) == [[]], "named once")
    #expect(again.map(\.created) == [0])
    let listed = try server.phone("list", ["Tasks"])
    #expect(listed.output.contains("\"\(todo.idString)\"\t\"Made by an older quickdo\""), "\(listed.output)")
    #expect(try await device.todos().count == 2, "one todo, not a copy")
    // The stray copy is left as it was.
    #expect(try await server.request("GET", stray).status == 200)
  }

  /// A todo the server refuses (here Radicale's size limit, 413) is set aside with one line
  /// naming it and the server's status; the rest of the calendar syncs both ways, the
  /// refused todo is not sent again as it is, and it is sent once it changes here.
  @Test func aTodoTheServerRefusesIsSetAsideAndTheRestOfTheCalendarSyncs() async throws {
    let server = try CalDAVServer(.radicale, maxContentLength: 20_000)
    defer { server.stop() }
    try await server.ready()
    let href = try #require(try RealServerTests().create(on: server, [Self.fixtures[0]]).first)
    let device = try Device(server: server)
    device.account.defaultCalendar = "Tasks"
    try await device.sync()
    let big = Todo(
      id: UUID(), title: "Too big for this server", notes: String(repeating: "long notes ", count: 4_000), createdAt: Date(),
      list: "Tasks")
    let small = Todo(id: UUID(), title: "Fits", createdAt: Date(), list: "Tasks")
    try await device.storage.upsert([big, small])

    let first = try await device.sync()
    #expect(first.map(\.created) == [1])
    #expect(first.map(\.setAside) == [1])
    #expect(first.first?.notes.count == 1)
    let note = try #require(first.first?.notes.first)
    #expect(note.hasPrefix("\"Too big for this server\": the server refused it (413 "), "\(note)")
    let listed = try server.phone("list", ["Tasks"]).output
    #expect(listed.contains("\"Fits\""))
    #expect(!listed.contains("Too big"))

    // The phone renames its todo: it arrives, and the refused one is not sent again.
    #expect(try server.phone("edit", [href, "Renewed on the phone"]).status == 0)
    let second = try await device.sync()
    #expect(second.map(\.changedHere) == [1])
    #expect(second.map(\.created) == [0])
    #expect(second.map(\.setAside) == [1])
    #expect(second.map(\.notes) == [[]], "one line, when it was refused")
    let status = try await device.state.status()
    #expect(status.first?.setAside.map(\.title) == ["Too big for this server"])
    #expect(status.first?.setAside.first?.reason.contains("413") == true)

    // Changed here, it is sent again; now it fits.
    var shorter = big
    shorter.notes = "short notes"
    try await device.storage.upsert([shorter])
    let third = try await device.sync()
    #expect(third.map(\.created) == [1])
    #expect(third.map(\.setAside) == [0])
    #expect(try server.phone("list", ["Tasks"]).output.contains("\"Too big for this server\""))
    #expect(try await device.state.status().first?.setAside == [])
  }

  @Test func aWrongPasswordIsRefusedNamingTheAccount() async throws {
    let server = try await started(.radicale)
    defer { server.stop() }
    let device = try Device(server: server, password: "wrong")
    await #expect(throws: SyncError.refused(account: "test", detail: "the server refused user \"\(server.user)\" and its password (401)")) {
      try await device.sync()
    }
  }

  /// TLS is checked against the system's CA store: a self-signed certificate is refused.
  @Test func aServerWithAnUntrustedCertificateIsRefused() async throws {
    let server = try CalDAVServer(.radicale, tls: true)
    defer { server.stop() }
    try await server.ready()
    let device = try Device(server: server)
    await #expect {
      try await device.sync()
    } throws: { error in
      guard case let .unreachable(account: "test", detail)? = error as? SyncError else { return false }
      return detail.contains("the TLS certificate of 127.0.0.1:") && detail.contains("is not trusted")
    }
  }

  @Test(arguments: CalDAVServer.Kind.tested)
  func aChangeMadeWhileTheServerIsDownIsSentOnceItIsBack(_ kind: CalDAVServer.Kind) async throws {
    let server = try await started(kind)
    defer { server.stop() }
    let href = try #require(try RealServerTests().create(on: server, [Self.fixtures[1]]).first)
    let device = try Device(server: server)
    try await device.sync()
    server.pause()
    var todo = try #require(try await device.todos().first)
    todo.isComplete = true
    todo.completedAt = Date()
    try await device.storage.upsert([todo])
    await #expect {
      try await device.sync()
    } throws: { error in
      guard case .unreachable(account: "test", _)? = error as? SyncError else { return false }
      return true
    }
    #expect(try await device.state.status().map(\.queued) == [1])
    #expect(try await device.todos().first?.isComplete == true)
    try await server.resume()
    #expect(try await device.sync().map(\.sent) == [1])
    let object = try CalendarObject(parsing: try await server.request("GET", href).body)
    #expect(object.todo?.status == .completed)
    #expect(try await device.state.status().map(\.queued) == [0])
  }
}
