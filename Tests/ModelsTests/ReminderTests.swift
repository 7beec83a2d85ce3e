import Foundation
import Models
import Testing

/// A todo's reminder moments: each reminder's, relative to the due time or the start or
/// absolute, with its repeats; the default lead time for a todo without any.
struct ReminderTests {
  let due = Date(timeIntervalSince1970: 1_795_338_000)

  @Test func theMomentsAroundNowAreTheSortedTimesEitherSideOfIt() {
    let todo = Todo(
      id: UUID(), title: "call", createdAt: due.addingTimeInterval(-86_400), due: due,
      reminders: [
        .before(600), Reminder(.absolute(due.addingTimeInterval(-7_200))),
        Reminder(.relative(.due, offset: -3_600), repeatCount: 2, interval: 900),
      ])
    let times = todo.reminderTimes(defaultLead: 900)
    #expect(times == [-7_200, -3_600, -2_700, -1_800, -600].map { due.addingTimeInterval($0) })
    // Each moment between two of them, and before and after all.
    for now in [-9_000, -7_200, -3_000, -1_000, -600, 0].map({ due.addingTimeInterval(TimeInterval($0)) }) {
      let moments = todo.reminderMoments(around: now, defaultLead: 900)
      #expect(moments.latest == times.last { $0 <= now }, "\(now)")
      #expect(moments.next == times.first { $0 > now }, "\(now)")
    }
  }

  @Test func withoutRemindersTheDefaultLeadTimeBeforeTheDueTime() {
    var todo = Todo(id: UUID(), title: "call", createdAt: due, due: due)
    #expect(todo.reminderMoments(around: due.addingTimeInterval(-1_000), defaultLead: 900) == (nil, due.addingTimeInterval(-900)))
    #expect(todo.reminderMoments(around: due, defaultLead: 900) == (due.addingTimeInterval(-900), nil))
    #expect(todo.reminderMoments(around: due, defaultLead: nil) == (nil, nil))
    todo.due = nil
    #expect(todo.reminderMoments(around: due, defaultLead: 900) == (nil, nil))
  }
}
