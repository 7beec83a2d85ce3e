import CalDAVRig
import Foundation
import ICalendar
import Models
import SyncClient
import Testing
import TodoSync

/// Lists, tags and subtasks against real servers (Radicale, sabre/dav 4.7 as Nextcloud,
/// Cyrus), with a phone that keeps two task lists, "Work" and "Home": each calendar is a
/// list here, CATEGORIES are tags and RELATED-TO makes subtasks, both ways; a move between
/// lists leaves one copy on the server, with everything the phone wrote (on Cyrus, which
/// keeps one object per UID, by deleting the old copy first).
@Suite(.serialized)
struct SyncListsEndToEndTests {
  static let kinds: [CalDAVServer.Kind] = [.radicale, .nextcloud, .cyrus]

  /// An object as tasks.org writes one, with what quickdo must carry along untouched.
  static func todo(_ uid: String, _ summary: String, _ extra: String = "") -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:+//IDN tasks.org//android-140602//EN\r\nBEGIN:VTODO\r\n"
      + "DTSTAMP:20261120T100000Z\r\nUID:\(uid)\r\nCREATED:20261120T100000Z\r\nLAST-MODIFIED:20261120T100000Z\r\n"
      + "SUMMARY:\(summary)\r\nX-APPLE-SORT-ORDER:12\r\n\(extra)STATUS:NEEDS-ACTION\r\n"
      + "BEGIN:VALARM\r\nTRIGGER;RELATED=END:PT0S\r\nACTION:DISPLAY\r\nDESCRIPTION:Default Tasks.org description\r\nEND:VALARM\r\n"
      + "END:VTODO\r\nEND:VCALENDAR\r\n"
  }

  /// The phone's two lists; the hrefs of Work's and Home's todos, in the order written.
  static func phoneLists(on server: CalDAVServer) throws -> (work: [String], home: [String]) {
    func files(_ texts: [(String, String)]) throws -> [String] {
      try texts.map { name, text in
        let path = server.scratchPath(name + ".ics")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
      }
    }
    let work = try files([("slides", todo("1462158391245218741", "Prepare slides", "CATEGORIES:Presentation,Q4\r\n"))])
    let home = try files([
      ("groceries", todo("4000000000000000001", "Groceries", "CATEGORIES:Errand\r\n")),
      ("milk", todo("4000000000000000002", "Buy milk", "RELATED-TO:4000000000000000001\r\n")),
      ("bread", todo("4000000000000000003", "Buy bread", "RELATED-TO;RELTYPE=PARENT:4000000000000000001\r\nRELATED-TO;RELTYPE=SIBLING:4000000000000000002\r\n")),
    ])
    func create(_ name: String, _ files: [String]) throws -> [String] {
      let created = try server.phone("create", [name] + files)
      try #require(created.status == 0, "\(created.output)")
      return created.output.split(separator: "\n").map(String.init)
    }
    return (try create("Work", work), try create("Home", home))
  }

  /// The phone's view of a list: a line per todo (UID, SUMMARY, STATUS, DESCRIPTION,
  /// CATEGORIES, RELATED-TO).
  static func phoneSees(_ list: String, on server: CalDAVServer) throws -> [String] {
    let listed = try server.phone("list", [list])
    try #require(listed.status == 0, "\(listed.output)")
    return listed.output.split(separator: "\n").dropFirst().map(String.init)
  }

  @Test(arguments: kinds)
  func listsTagsAndSubtasksKeepTheirShapeBothWays(_ kind: CalDAVServer.Kind) async throws {
    let server = try await CalDAVServer.started(kind)
    defer { server.stop() }
    let (work, home) = try Self.phoneLists(on: server)
    let device = try Device(server: server)
    try await device.sync()

    // Each todo arrives in its calendar's list, with its tags and its parent.
    let lists = try await device.storage.lists()
    #expect(Set(lists.filter { $0.account == "test" }.map(\.name)) == ["Work", "Home"], "\(lists)")
    let todos = try await device.todos()
    let slides = try #require(todos.first { $0.title == "Prepare slides" })
    let groceries = try #require(todos.first { $0.title == "Groceries" })
    let milk = try #require(todos.first { $0.title == "Buy milk" })
    let bread = try #require(todos.first { $0.title == "Buy bread" })
    #expect(slides.list == "Work" && slides.tags == ["Presentation", "Q4"])
    #expect(groceries.list == "Home" && groceries.tags == ["Errand"] && groceries.parent == nil)
    #expect(milk.parent == groceries.id && bread.parent == groceries.id)

    // Done here on a subtask: done on the phone, its parent pending and its link kept.
    try await device.storage.upsert([milk.done(at: Date(), in: .current)])
    #expect(try await device.sync().reduce(0) { $0 + $1.sent } == 1)
    let homeNow = try Self.phoneSees("Home", on: server)
    #expect(homeNow.contains { $0.contains("\"Buy milk\"\t\"COMPLETED\"") && $0.hasSuffix("\"4000000000000000001\"") }, "\(homeNow)")
    #expect(homeNow.contains { $0.contains("\"Groceries\"\t\"NEEDS-ACTION\"") }, "\(homeNow)")
    let breadObject = try CalendarObject(parsing: try await server.request("GET", home[2]).body)
    #expect(breadObject.text.contains("RELTYPE=SIBLING"), "another kind of RELATED-TO stays")

    // Added here with a list and tags: in that calendar, with those CATEGORIES, for the phone.
    let call = Todo(
      id: UUID(), title: "Call the venue", createdAt: Date(), list: "Work", tags: ["phone", "errand"],
      parent: slides.id)
    try await device.storage.upsert([call])
    #expect(try await device.sync().reduce(0) { $0 + $1.created } == 1)
    let workNow = try Self.phoneSees("Work", on: server)
    let line = try #require(workNow.first { $0.contains("\"Call the venue\"") }, "\(workNow)")
    #expect(line.contains("\"phone,errand\"") && line.hasSuffix("\"1462158391245218741\""), "\(line)")

    // Tags edited on the phone reach the todo here.
    #expect(try server.phone("set-categories", [work[0], "Presentation|Urgent"]).status == 0)
    try await device.sync()
    #expect(try await device.todo(titled: "Prepare slides")?.tags == ["Presentation", "Urgent"])

    // A move between lists: exactly one copy, in the new calendar, with all the phone wrote.
    var moved = try #require(try await device.todo(titled: "Groceries"))
    moved.list = "Work"
    try await device.storage.upsert([moved])
    let report = try await device.sync()
    #expect(report.reduce(0) { $0 + $1.moved } == 1, "\(report)")
    #expect(report.allSatisfy { $0.setAside == 0 }, "\(report)")
    #expect(!(try Self.phoneSees("Home", on: server)).contains { $0.contains("\"Groceries\"") })
    let inWork = try Self.phoneSees("Work", on: server).filter { $0.contains("\"Groceries\"") }
    #expect(inWork.count == 1, "\(inWork)")
    #expect(try await server.request("GET", home[0]).status == 404)
    let newHref = try #require(home[0].split(separator: "/").last).description
    let copyPath = try #require(work[0].range(of: "/", options: .backwards)).lowerBound
    let copy = try await server.request("GET", String(work[0][...copyPath]) + newHref)
    #expect(copy.status == 200)
    let text = String(decoding: copy.body, as: UTF8.self)
    for kept in ["X-APPLE-SORT-ORDER:12", "BEGIN:VALARM", "Default Tasks.org description", "CREATED:20261120T100000Z", "CATEGORIES:Errand"] {
      #expect(text.contains(kept), "\(kept) in \(text)")
    }
    #expect(try await device.todos().filter { $0.title == "Groceries" }.count == 1)
    #expect(try await device.sync().allSatisfy { $0.moved == 0 && $0.added == 0 }, "settled")
  }

  /// A move whose DELETE the server refuses (Radicale with the old calendar read-only):
  /// the todo is written to the new calendar first, so it is in both and lost from
  /// neither; the old copy waits, set aside with the server's words, and goes once the
  /// server lets it.
  @Test func aMoveWhoseDeleteIsRefusedLeavesTheTodoInBothCalendars() async throws {
    let server = try CalDAVServer(.radicale, rights: true)
    defer { server.stop() }
    try await server.ready()
    let (work, _) = try Self.phoneLists(on: server)
    let device = try Device(server: server)
    try await device.sync()
    var slides = try #require(try await device.todo(titled: "Prepare slides"))
    let workPath = String(work[0][...work[0].range(of: "/", options: .backwards)!.lowerBound])
    try server.readOnly([URL(string: workPath)!.path])
    slides.list = "Home"
    try await device.storage.upsert([slides])

    let report = try await device.sync()
    #expect(report.reduce(0) { $0 + $1.setAside } == 1, "\(report)")
    let note = try #require(report.flatMap(\.notes).first { $0.contains("Prepare slides") })
    #expect(note.contains("was not deleted") && note.contains("403"), "\(note)")
    #expect(try Self.phoneSees("Home", on: server).contains { $0.contains("\"Prepare slides\"") })
    #expect(try Self.phoneSees("Work", on: server).contains { $0.contains("\"Prepare slides\"") })
    #expect(try await device.todos().filter { $0.title == "Prepare slides" }.map(\.list) == ["Home"])
    let status = try await device.state.status()
    #expect(status.flatMap(\.setAside).map(\.reason).contains { $0.contains("403") }, "\(status)")
    // Nothing comes back twice while it waits.
    try await device.sync()
    #expect(try await device.todos().filter { $0.title == "Prepare slides" }.count == 1)

    // The server lets it go: `sync --retry` deletes the old copy.
    try server.readOnly([])
    _ = try await device.state.forgetRefusals()
    try await device.sync()
    #expect(!(try Self.phoneSees("Work", on: server)).contains { $0.contains("\"Prepare slides\"") })
    #expect(try Self.phoneSees("Home", on: server).filter { $0.contains("\"Prepare slides\"") }.count == 1)
    #expect(try await device.todos().filter { $0.title == "Prepare slides" }.count == 1)
  }
}
