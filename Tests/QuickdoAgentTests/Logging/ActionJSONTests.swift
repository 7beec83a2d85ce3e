import AppFeature
import Foundation
import Models
import Testing
import TodosFeature

@testable import QuickdoAgent

/// `--log-actions` lines are real JSON that keeps the structure of the action.
struct ActionJSONTests {
  func parse(_ json: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
  }

  @Test func anEnumCaseWithAPayloadIsAnObjectKeyedByTheCase() throws {
    let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!
    let json = ActionJSON.encode(AppFeature.Action.todos(.markDone(id: id)))
    #expect(json == #"{"todos":{"markDone":"6f9619ff-8b86-d011-b42d-00cf4fc964ff"}}"#)
    _ = try parse(json)
  }

  @Test func structsDatesAndNestedEnumsAreEncoded() throws {
    let todo = Todo(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, title: "Say \"hi\"\n<b>",
      priority: .high, createdAt: Date(timeIntervalSince1970: 0))
    let object = try parse(ActionJSON.encode(TodosFeature.Action.imported([todo]))) as? [String: Any]
    let imported = try #require(object?["imported"] as? [[String: Any]])
    #expect(imported.first?["title"] as? String == "Say \"hi\"\n<b>")
    #expect(imported.first?["priority"] as? String == "high")
    #expect(imported.first?["createdAt"] as? String == "1970-01-01T00:00:00Z")
    #expect(imported.first?["due"] is NSNull)
  }

  @Test func longCollectionsAreCut() throws {
    let ids = (0..<100).map { _ in UUID() }
    let object = try parse(ActionJSON.encode(TodosFeature.Action.delete(ids: ids))) as? [String: Any]
    let list = try #require(object?["delete"] as? [String])
    #expect(list.count == ActionJSON.maxElements + 1)
    #expect(list.last == "… 80 more")
  }

  @Test func controlCharactersAreEscaped() throws {
    #expect(ActionJSON.string("a\u{0}b\u{1f}") == #""a\u0000b\u001f""#)
    #expect(try parse(ActionJSON.string("tab\there")) as? String == "tab\there")
  }
}
