import Foundation
import Models
import Testing

struct TodoCodableTests {
  let todo = Todo(
    id: UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!, title: "1 < 2 && \"q\"",
    notes: "n", priority: .high, createdAt: Date(timeIntervalSince1970: 1_795_338_000),
    due: Date(timeIntervalSince1970: 1_795_366_800), url: URL(string: "https://example.com/a?b=c"))

  @Test func encodesEveryContractKeyWithLowercaseIDAndISODates() throws {
    let data = try JSONCoding.encoder().encode(todo)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == ["id", "title", "notes", "priority", "isComplete", "createdAt", "completedAt", "due", "url", "snoozedUntil", "repeat", "repeatFrom", "list", "tags", "parent", "start", "reminders"])
    #expect(object["start"] is NSNull)
    #expect(object["list"] as? String == "Todos")
    #expect(object["tags"] as? [String] == [])
    #expect(object["parent"] is NSNull)
    #expect(object["repeat"] is NSNull, "a one-off todo")
    #expect(object["repeatFrom"] as? String == "due")
    #expect(object["id"] as? String == "deadbeef-0000-4000-8000-000000000001")
    #expect(object["createdAt"] as? String == "2026-11-22T09:00:00Z")
    #expect(object["completedAt"] is NSNull)
    #expect(object["url"] as? String == "https://example.com/a?b=c")
  }

  @Test func roundTrips() throws {
    var repeating = todo
    repeating.id = UUID()
    repeating.repeatRule = RepeatRule(.weekly, byDay: [.init(.monday), .init(.thursday)])
    repeating.repeatFrom = .completion
    let data = try JSONCoding.encoder().encode([todo, repeating])
    #expect(try JSONCoding.decoder().decode([Todo].self, from: data) == [todo, repeating])
  }

  /// A rule quickdo does not read is refused by name; a todo without the keys is a one-off.
  @Test func readsTheRuleOrSaysWhyNot() throws {
    func decode(_ extra: String) throws -> Todo {
      let json = #"{"id":"deadbeef-0000-4000-8000-000000000001","title":"t","createdAt":"2026-11-22T09:00:00Z""# + extra + "}"
      return try JSONCoding.decoder().decode(Todo.self, from: Data(json.utf8))
    }
    #expect(try decode("").repeatRule == nil)
    #expect(try decode("").repeatFrom == .due)
    #expect(try decode(#","repeat":"FREQ=DAILY","repeatFrom":"completion""#).repeatRule == RepeatRule(.daily))
    #expect {
      try decode(#","repeat":"FREQ=DAILY;BYSETPOS=1""#)
    } throws: { "\($0)".contains("BYSETPOS is not supported") }
    #expect(throws: DecodingError.self) { try decode(#","repeatFrom":"whenever""#) }
  }

  @Test func orderingIsPriorityThenDueThenCreation() {
    let base = Date(timeIntervalSince1970: 0)
    func make(_ n: Int, _ p: Priority, due: Double? = nil, created: Double = 0, done: Bool = false) -> Todo {
      Todo(id: UUID(), title: "\(n)", priority: p, isComplete: done,
           createdAt: base + created, completedAt: done ? base : nil, due: due.map { base + $0 })
    }
    let todos = [
      make(5, .high, done: true), make(4, .low), make(3, .normal, created: 2),
      make(2, .normal, due: 10), make(1, .high, due: 50),
      make(0, .high, due: 5),
    ]
    #expect(todos.sorted(by: TodoOrdering.areInIncreasingOrder).map(\.title) == ["0", "1", "2", "3", "4", "5"])
  }
}

struct TodoJSONWriterTests {
  @Test(arguments: [
    "plain", "1 < 2 && 3 > 2", "quote \" and \\ backslash", "line\nbreak\ttab\r",
    "nul \u{0} bell \u{7} esc \u{1B}", "<a href=\"x\">é 🎉 \u{202E}rtl</a>", "/slashes/",
  ])
  func writesWhatTheCodableFormEncodes(_ text: String) throws {
    let todo = Todo(
      id: UUID(), title: text, notes: text, priority: .low, isComplete: true,
      createdAt: Date(timeIntervalSince1970: 1_795_338_000),
      completedAt: Date(timeIntervalSince1970: 1_795_338_060), due: nil,
      url: URL(string: "https://example.com/a/b?c=d&e"), snoozedUntil: Date(timeIntervalSince1970: 0),
      repeatRule: try RepeatRule(rrule: "FREQ=MONTHLY;UNTIL=20271231T090000;BYDAY=-1FR"), repeatFrom: .completion)
    let direct = try JSONSerialization.jsonObject(with: Data(TodoJSONWriter.write([todo, todo]).utf8)) as? NSArray
    let codable = try JSONSerialization.jsonObject(with: JSONCoding.encoder().encode([todo, todo])) as? NSArray
    #expect(direct != nil)
    #expect(direct == codable)
    #expect(try JSONCoding.decoder().decode([Todo].self, from: Data(TodoJSONWriter.write([todo]).utf8)) == [todo])
  }

  @Test func emptyList() {
    #expect(TodoJSONWriter.write([]) == "[]")
  }

  /// The writer's dates are Foundation's, across the years quickdo keeps (leap days,
  /// fractions of a second, before 1970).
  @Test(arguments: [
    -2_208_988_800.0, -1.5, 0, 951_782_400, 951_868_799.9, 1_795_338_000.25, 4_107_542_400,
    253_402_300_799,
  ])
  func datesAreWrittenAsFoundationWritesThem(_ seconds: Double) throws {
    let date = Date(timeIntervalSince1970: seconds)
    let todo = Todo(id: UUID(), title: "t", createdAt: date, due: date)
    let written = try #require(
      JSONSerialization.jsonObject(with: Data(TodoJSONWriter.write([todo]).utf8)) as? [[String: Any]])
    #expect(written.first?["createdAt"] as? String == JSONCoding.string(from: date))
    #expect(written.first?["due"] as? String == JSONCoding.string(from: date))
  }

  @Test func idsAreWrittenAndReadAsFoundationDoes() {
    for _ in 0..<1000 {
      let id = UUID()
      #expect(UUIDText.format(id) == id.uuidString.lowercased())
      #expect(UUIDText.short(id) == String(id.uuidString.lowercased().prefix(8)))
      #expect(UUIDText.parse(id.uuidString) == id && UUIDText.parse(UUIDText.format(id)) == id)
    }
    for text in ["", "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5bd-9cb-469f-a165-70867728950e",
                 "0f8fad5b-d9cb-469f-a165-70867728950g", "0f8fad5b-d9cb-469f-a165-70867728950e0"] {
      #expect(UUIDText.parse(text) == nil, "\(text)")
    }
  }

  @Test func theDocumentComesInPiecesThatJoinIntoIt() throws {
    let todos = (0..<1000).map { n in
      Todo(id: UUID(), title: "todo \(n) \"quoted\"", createdAt: Date(timeIntervalSince1970: Double(n)))
    }
    var pieces: [[UInt8]] = []
    var document = TodoJSONDocument()
    for todo in todos {
      document.append { field, out in field.writeJSON(todo, &out) }
      if document.isPieceFull { pieces.append(document.takePiece()) }
    }
    pieces.append(document.finish())
    #expect(pieces.count > 1)
    #expect(pieces.dropLast().allSatisfy { $0.count >= 64 << 10 })
    #expect(Array(pieces.joined()) == TodoJSONWriter.bytes(todos))
    let decoded = try JSONCoding.decoder().decode([Todo].self, from: Data(pieces.joined()))
    #expect(decoded == todos)
  }
}
