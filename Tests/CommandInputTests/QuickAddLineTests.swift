import CommandInput
import Foundation
import Localization
import Models
import Testing

/// A line of words read as a todo, in English, German and French, at a fixed clock and
/// zone (Sunday 2026-11-22 10:00 in Paris, as `DateWordsTests`).
@Suite struct QuickAddLineTests {
  let calendar = DateWordsTests.calendar
  let now = DateWordsTests.now

  func parse(_ line: String, _ words: DateWords = .english) throws(QuickAddError) -> QuickAddLine {
    try QuickAddLine.parse(line, now: now, calendar: calendar, words: words)
  }

  func moment(_ c: [Int]) -> Date {
    calendar.date(from: DateComponents(year: c[0], month: c[1], day: c[2], hour: c[3], minute: c[4]))!
  }

  func expected(
    _ title: String, due: [Int]? = nil, list: String? = nil, tags: [String] = [], priority: Priority? = nil,
    repeat rule: RepeatRule? = nil, reminders: [Reminder] = []
  ) -> QuickAddLine {
    var line = QuickAddLine(title: title)
    line.due = due.map(moment)
    line.list = list
    line.tags = tags
    line.priority = priority
    line.repeatRule = rule
    line.reminders = reminders
    return line
  }

  @Test func theLineOfTheExampleReadsAsItsParts() throws {
    #expect(
      try parse("Buy milk tomorrow 9:00 #Home @errand p2 every monday")
        == expected(
          "Buy milk", due: [2026, 11, 23, 9, 0], list: "Home", tags: ["errand"], priority: .high,
          repeat: DateWordsTests.everyMonday))
  }

  @Test func markersAndWordsMayComeInAnyOrder() throws {
    #expect(
      try parse("@work !low Send the report fri 17:00 remind 1h #\"Q4 planning\" @work")
        == expected(
          "Send the report", due: [2026, 11, 27, 17, 0], list: "Q4 planning", tags: ["work"], priority: .low,
          reminders: [.before(3_600)]))
    #expect(try parse("Meeting in 2h p1").due == now.addingTimeInterval(7_200))
    #expect(try parse("Pay rent 2026-12-01 remind 1d remind 2026-11-30 9:00").reminders == [
      .before(86_400), Reminder(.absolute(moment([2026, 11, 30, 9, 0]))),
    ])
    #expect(try parse("Pay rent 2026-12-01").due == moment([2026, 12, 1, 23, 59]))
  }

  @Test func aBackslashKeepsAWordAsWritten() throws {
    #expect(try parse("Read \\tomorrow's paper") == expected("Read tomorrow's paper"))
    #expect(try parse("Read \\tomorrow paper tomorrow") == expected("Read tomorrow paper", due: [2026, 11, 23, 23, 59]))
    #expect(try parse("Answer \\#42 and \\@bob \\p1") == expected("Answer #42 and @bob p1"))
  }

  @Test func wordsThatOnlyLookLikeADateStayInTheTitle() throws {
    for line in [
      "Buy 2 apples", "Put the milk in the fridge", "Who sat there", "Run 5k", "Launch 99999-01-01", "Fix # now",
      "Email @@@", "Wed the 3rd", "Read every word", "Remind Bob about lunch",
    ] {
      #expect(try parse(line) == expected(line), "\(line)")
    }
  }

  @Test func germanReadsGermanWords() throws {
    let german = try DateWordsTests.words("de")
    #expect(
      try parse("Milch kaufen morgen 9:00 #Einkauf", german)
        == expected("Milch kaufen", due: [2026, 11, 23, 9, 0], list: "Einkauf"))
    #expect(
      try parse("Müll rausbringen jeden Montag 7:00 erinnern 10m", german)
        == expected(
          "Müll rausbringen", due: [2026, 11, 23, 7, 0], repeat: DateWordsTests.everyMonday, reminders: [.before(600)]))
    #expect(try parse("Alle Kinder abholen", german) == expected("Alle Kinder abholen"))
  }

  @Test func frenchReadsFrenchWords() throws {
    let french = try DateWordsTests.words("fr")
    #expect(
      try parse("Acheter du pain demain 8:00 #Courses @boulangerie p1", french)
        == expected("Acheter du pain", due: [2026, 11, 23, 8, 0], list: "Courses", tags: ["boulangerie"], priority: .high))
    #expect(
      try parse("Réunion tous les lundis 9:00 rappel 15m", french)
        == expected("Réunion", due: [2026, 11, 23, 9, 0], repeat: DateWordsTests.everyMonday, reminders: [.before(900)]))
    #expect(try parse("Ranger dans le placard", french) == expected("Ranger dans le placard"))
  }

  @Test func aLineThatMakesNoTodoSaysWhy() {
    func refusal(_ line: String) -> String? {
      do {
        _ = try parse(line)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(refusal("tomorrow 9:00 #Home p1") == "the line has no title, only when, where and how")
    #expect(refusal("Call #Work #Home") == "the line names two lists, #Work and #Home")
    #expect(refusal("Plan #\"Summer holiday") == "the list name after #\" has no closing quote")
    #expect(refusal(String(repeating: "a", count: 2_001)) == "the line is longer than 2000 characters")
    #expect(refusal("x " + (0..<101).map { "@t\($0)" }.joined(separator: " ")) == "the line names more than 100 tags")
  }

  @Test func aLineThatReadsButCannotBeATodoIsRefusedByItsCheck() throws {
    var line = QuickAddLine(title: "Call Bob")
    #expect(throws: Never.self) { try line.check(calendar: calendar) }
    line.due = Todo.dateRange.upperBound.addingTimeInterval(86_400)
    #expect { try line.check(calendar: calendar) } throws: { ($0 as? QuickAddError)?.message.contains("1900 to 9999") == true }
    line.due = nil
    line.reminders = [.before(900)]
    #expect { try line.check(calendar: calendar) } throws: { ($0 as? QuickAddError)?.message.contains("before the due time") == true }
    line.reminders = []
    line.repeatRule = DateWordsTests.everyMonday
    #expect { try line.check(calendar: calendar) } throws: { ($0 as? QuickAddError)?.message.contains("needs a due time") == true }
    line.repeatRule = nil
    line.list = "Ho\u{1B}me"
    #expect { try line.check(calendar: calendar) } throws: { ($0 as? QuickAddError)?.message.contains("list name 'Ho") == true }
  }
}
