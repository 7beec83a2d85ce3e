import Foundation
import Models
import Testing

@testable import QuickdoCLI

/// `list` reads only ``TodoLine/fields`` from the database: a line must not need another.
struct ListCommandTests {
  let now = Date(timeIntervalSince1970: 1_795_338_000)

  @Test func aLineReadsNoFieldBesidesItsOwn() throws {
    let rule = try RepeatRule(rrule: "FREQ=WEEKLY")
    let full = Todo(
      id: UUID(), title: "Water plants", notes: "by the window", priority: .high, createdAt: now.addingTimeInterval(-86_400),
      url: URL(string: "https://example.com"), snoozedUntil: now.addingTimeInterval(3_600),
      reminderShownFor: now, repeatRule: rule, repeatFrom: .completion, doneOccurrence: now, repeatZone: "Europe/Berlin",
      list: "Home", tags: (1...12).map { "tag\($0)" }, parent: UUID(), start: now.addingTimeInterval(7_200),
      reminders: [.before(600)], acknowledgedUntil: now)
    var variants = [full]
    var withoutDue = full
    withoutDue.due = nil
    variants.append(withoutDue)
    var withDue = full
    withDue.due = now.addingTimeInterval(86_400)
    variants.append(withDue)
    var done = withDue
    done.isComplete = true
    done.completedAt = now
    variants.append(done)
    for todo in variants {
      var read = Todo.blank
      for field in TodoLine.fields { field.copy(todo, &read) }
      for depth in [0, 2] {
        for showsList in [false, true] {
          for held in [nil, HoldReason.quietHours] {
            #expect(
              TodoLine.format(read, depth: depth, showsList: showsList, held: held, now: now)
                == TodoLine.format(todo, depth: depth, showsList: showsList, held: held, now: now))
          }
        }
      }
    }
  }
}
