import Foundation
import Testing

@testable import Models

/// `Todo` keeps its rarely set fields behind references: a todo must still read, compare
/// and hash by its fields alone, whichever way they were set.
struct TodoTests {
  let created = Date(timeIntervalSince1970: 1_790_000_000)
  let id = UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E")!

  @Test func aFieldSetAndClearedLeavesTheTodoAsItWas() {
    let plain = Todo(id: id, title: "t", createdAt: created)
    var todo = plain
    todo.notes = "n"
    todo.url = URL(string: "https://example.com")
    todo.start = created
    todo.reminderShownFor = created
    todo.acknowledgedUntil = created
    todo.doneOccurrence = created
    todo.repeatZone = "Europe/Berlin"
    #expect(todo != plain)
    todo.notes = ""
    todo.url = nil
    todo.start = nil
    todo.reminderShownFor = nil
    todo.acknowledgedUntil = nil
    todo.doneOccurrence = nil
    todo.repeatZone = nil
    #expect(todo == plain)
    #expect(todo.hashValue == plain.hashValue)
  }

  @Test func eachFieldReadsBackAsSetAndTheOthersStay() {
    let url = URL(string: "https://example.com/a")!
    let made = Todo(
      id: id, title: "t", notes: "n", createdAt: created, url: url, reminderShownFor: created,
      doneOccurrence: created.addingTimeInterval(1), repeatZone: "Europe/Berlin", start: created.addingTimeInterval(2),
      acknowledgedUntil: created.addingTimeInterval(3))
    var set = Todo(id: id, title: "t", createdAt: created)
    set.acknowledgedUntil = created.addingTimeInterval(3)
    set.start = created.addingTimeInterval(2)
    set.repeatZone = "Europe/Berlin"
    set.doneOccurrence = created.addingTimeInterval(1)
    set.reminderShownFor = created
    set.url = url
    set.notes = "n"
    #expect(set == made)
    #expect(set.hashValue == made.hashValue)
    #expect(made.notes == "n" && made.url == url && made.start == created.addingTimeInterval(2))
    #expect(made.reminderShownFor == created && made.acknowledgedUntil == created.addingTimeInterval(3))
    #expect(made.doneOccurrence == created.addingTimeInterval(1) && made.repeatZone == "Europe/Berlin")
    set.notes = ""
    #expect(set.url == url && set.start == created.addingTimeInterval(2))
    set.repeatZone = nil
    #expect(set.doneOccurrence == created.addingTimeInterval(1) && set.reminderShownFor == created)
  }
}
