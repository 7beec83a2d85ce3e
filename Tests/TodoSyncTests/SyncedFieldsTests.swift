import Foundation
import ICalendar
import Models
import SyncClient
import Testing
@testable import TodoSync

/// Todos read from and written into server objects in the shapes other clients write.
struct SyncedFieldsTests {
  let utc = TimeZone(identifier: "UTC")!
  let now = Date(timeIntervalSince1970: 1_795_600_000)

  /// A Thunderbird todo with an alarm, categories, a VTIMEZONE and X- properties.
  static let thunderbird = """
    BEGIN:VCALENDAR\r
    PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
    VERSION:2.0\r
    BEGIN:VTODO\r
    LAST-MODIFIED:20261115T093012Z\r
    DTSTAMP:20261115T093012Z\r
    UID:0b6e7a2c-5f1d-4b8e-9c3a-2f4d6e8a1b3c\r
    SUMMARY:Renew passport\r
    STATUS:NEEDS-ACTION\r
    PRIORITY:1\r
    CATEGORIES:Errands,Paperwork\r
    DUE;TZID=Europe/Berlin:20261203T170000\r
    PERCENT-COMPLETE:0\r
    SEQUENCE:2\r
    X-MOZ-GENERATION:3\r
    DESCRIPTION:Bring the old passport\\, two photos.\r
    BEGIN:VALARM\r
    ACTION:DISPLAY\r
    TRIGGER;VALUE=DURATION:-PT15M\r
    DESCRIPTION:Default Mozilla Description\r
    END:VALARM\r
    END:VTODO\r
    END:VCALENDAR\r

    """

  func moment(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  @Test func aThunderbirdTodoIsRead() throws {
    let fields = try #require(SyncedFields(try CalendarObject(parsing: Self.thunderbird), local: utc, now: now))
    var expected = SyncedFields(
      title: "Renew passport", notes: "Bring the old passport, two photos.", priority: .high,
      completedAt: nil, due: moment("2026-12-03T16:00:00Z"), tags: ["Errands", "Paperwork"])
    // Its alarm has no DTSTART to count from: it counts from the due time.
    expected.reminders = [.before(900)]
    #expect(fields == expected)
  }

  @Test(arguments: [(0, Priority.normal), (1, .high), (4, .high), (5, .normal), (6, .low), (9, .low)])
  func priorities(_ value: Int, _ priority: Priority) throws {
    let text = Self.thunderbird.replacingOccurrences(of: "PRIORITY:1", with: "PRIORITY:\(value)")
    #expect(SyncedFields(try CalendarObject(parsing: text), local: utc, now: now)?.priority == priority)
  }

  @Test func aTodoWithoutASummaryIsUntitledAndStaysWithoutOne() throws {
    for summary in ["", "SUMMARY:\r\n", "SUMMARY:  \r\n"] {
      let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\n\(summary)END:VTODO\r\nEND:VCALENDAR\r\n"
      var object = try CalendarObject(parsing: text)
      let fields = try #require(SyncedFields(object, local: utc, now: now))
      #expect(fields.title == "Untitled")
      fields.write(into: &object, local: utc, now: now)
      #expect(object.text == text, "nothing to write back")
    }
  }

  @Test func doneCancelledAndAWholeDay() throws {
    let done = Self.thunderbird.replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED\r\nCOMPLETED:20261120T090512Z")
    #expect(SyncedFields(try CalendarObject(parsing: done), local: utc, now: now)?.completedAt == moment("2026-11-20T09:05:12Z"))
    let cancelled = Self.thunderbird.replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:CANCELLED")
    #expect(SyncedFields(try CalendarObject(parsing: cancelled), local: utc, now: now)?.completedAt == moment("2026-11-15T09:30:12Z"))
    let day = Self.thunderbird.replacingOccurrences(of: "DUE;TZID=Europe/Berlin:20261203T170000", with: "DUE;VALUE=DATE:20261203")
    #expect(SyncedFields(try CalendarObject(parsing: day), local: TimeZone(identifier: "Europe/Paris")!, now: now)?.due == moment("2026-12-03T22:59:00Z"))
  }

  /// "Mark done" written back: the owned properties change, the DUE in its zone stays as
  /// written (same moment), and every line quickdo does not own is kept byte for byte.
  @Test func markingDoneWritesOnlyWhatChanged() throws {
    var object = try CalendarObject(parsing: Self.thunderbird)
    var fields = try #require(SyncedFields(object, local: utc, now: now))
    fields.completedAt = now
    fields.write(into: &object, local: utc, now: now)
    let text = object.text
    for kept in [
      "CATEGORIES:Errands,Paperwork\r\n", "DUE;TZID=Europe/Berlin:20261203T170000\r\n", "X-MOZ-GENERATION:3\r\n",
      "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DURATION:-PT15M\r\nDESCRIPTION:Default Mozilla Description\r\nEND:VALARM\r\n",
      "PRIORITY:1\r\n", "SUMMARY:Renew passport\r\n",
    ] {
      #expect(text.contains(kept), "\(kept)")
    }
    for written in ["STATUS:COMPLETED\r\n", "COMPLETED:20261125T094640Z\r\n", "PERCENT-COMPLETE:100\r\n", "LAST-MODIFIED:20261125T094640Z\r\n", "SEQUENCE:3\r\n"] {
      #expect(text.contains(written), "\(written)")
    }
    #expect(SyncedFields(try CalendarObject(parsing: text), local: utc, now: now) == fields)
  }

  /// Synology's completed todo: STATUS:COMPLETED alone, an underscore in a name. An edit
  /// writes the title and the change's stamps, never a completion nobody made; reading it
  /// twice, at two moments, gives the same todo.
  @Test func aCompletionWithoutAStampIsNotInvented() throws {
    let text = Self.thunderbird
      .replacingOccurrences(of: "LAST-MODIFIED:20261115T093012Z\r\n", with: "")
      .replacingOccurrences(of: "DTSTAMP:20261115T093012Z\r\n", with: "")
      .replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED")
      .replacingOccurrences(of: "PERCENT-COMPLETE:0", with: "PERCENT_COMPLETE:100")
    var object = try CalendarObject(parsing: text)
    let read = try #require(SyncedFields(object, local: utc, now: now))
    #expect(read.completedAt != nil)
    let later = try #require(SyncedFields(object, local: utc, now: now.addingTimeInterval(3_600)))
    #expect(read == later)
    // The todo as stored here (its completion the read's stand-in) compares equal too.
    let stored = read.applied(to: Todo(id: UUID(), title: "", createdAt: now.addingTimeInterval(-86_400)))
    #expect(SyncedFields(stored) == later)
    var edited = SyncedFields(stored)
    edited.title = "Renew the passport"
    edited.write(into: &object, local: utc, now: now.addingTimeInterval(7_200))
    let written = object.text
    #expect(written.contains("SUMMARY:Renew the passport\r\n"))
    #expect(!written.contains("\r\nCOMPLETED:"), "\(written)")
    #expect(!written.contains("PERCENT-COMPLETE"))
    #expect(written.contains("STATUS:COMPLETED\r\nPRIORITY:1\r\n"))
    #expect(written.contains("PERCENT_COMPLETE:100\r\n"))
    // Nothing changed here: nothing is written at all.
    var untouched = try CalendarObject(parsing: text)
    SyncedFields(stored).write(into: &untouched, local: utc, now: now)
    #expect(untouched.text == text)
  }

  @Test func undoingMakesItPendingAgain() throws {
    let done = Self.thunderbird
      .replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED\r\nCOMPLETED:20261120T090512Z")
      .replacingOccurrences(of: "PERCENT-COMPLETE:0", with: "PERCENT-COMPLETE:100")
    var object = try CalendarObject(parsing: done)
    var fields = try #require(SyncedFields(object, local: utc, now: now))
    fields.completedAt = nil
    fields.write(into: &object, local: utc, now: now)
    #expect(object.text.contains("STATUS:NEEDS-ACTION\r\n"))
    #expect(!object.text.contains("COMPLETED:"))
    #expect(!object.text.contains("PERCENT-COMPLETE"))
  }

  /// Every field written reads back as written; normal priority adds no PRIORITY.
  @Test func whatIsWrittenReadsBack() throws {
    let bare = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:a\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    let cases = [
      SyncedFields(title: "b, c; d\\e\nsecond", notes: "n", priority: .low, completedAt: now, due: moment("2026-12-01T17:00:00Z"), url: URL(string: "https://example.com/x?y=1")),
      SyncedFields(title: "a", priority: .normal),
      SyncedFields(title: "🌱 " + String(repeating: "long title ", count: 20), priority: .high, due: moment("1999-12-31T23:59:00Z")),
    ]
    for fields in cases {
      var object = try CalendarObject(parsing: bare)
      fields.write(into: &object, local: utc, now: now)
      #expect(SyncedFields(try CalendarObject(parsing: object.text), local: utc, now: now) == fields)
      if fields.priority == .normal { #expect(!object.text.contains("PRIORITY")) }
    }
  }

  /// Fields whose every shared field differs from a bare todo's.
  static func everyField(due: Date) throws -> SyncedFields {
    var fields = SyncedFields(
      title: "Pay the rent", notes: "n", priority: .high, completedAt: due.addingTimeInterval(-60), due: due,
      url: URL(string: "https://example.com/rent"), repeatRule: try RepeatRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=1"),
      tags: ["Home", "Bills, monthly"], parent: parentID)
    fields.reminders = [.before(86_400), Reminder(.absolute(due.addingTimeInterval(-3_600)), repeatCount: 2, interval: 300)]
    fields.snoozedUntil = due.addingTimeInterval(-600)
    return fields
  }

  /// The parent `everyField` names, and how a server knows it.
  static let parentID = UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E")!
  static let relatives = Relatives([(uid: "2946198093924871297", todoID: parentID)])

  /// Every field a server shares (`Todo.sharedFields`) is written into an object and read
  /// back: a field marked shared without its iCalendar property fails here.
  @Test func everySharedFieldIsWrittenAndReadBack() throws {
    let bare = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:a\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    // The start is a todo's only without a due time: it is checked on a second todo.
    let withDue = try Self.everyField(due: moment("2026-12-01T09:00:00Z"))
    var withStart = withDue
    withStart.due = nil
    withStart.start = moment("2026-12-01T08:00:00Z")
    let blank = SyncedFields(title: "")
    for field in Todo.sharedFields {
      #expect(!withDue.agrees(with: blank, on: field) || !withStart.agrees(with: blank, on: field), "\(field.name)")
    }
    for fields in [withDue, withStart] {
      var object = try CalendarObject(parsing: bare)
      fields.write(into: &object, local: utc, now: now, relatives: Self.relatives)
      #expect(object.text.contains("CATEGORIES:Home,Bills\\, monthly\r\n"))
      #expect(object.text.contains("RELATED-TO:2946198093924871297\r\n"))
      let read = try #require(
        SyncedFields(try CalendarObject(parsing: object.text), local: utc, now: now, relatives: Self.relatives))
      for field in Todo.sharedFields { #expect(read.agrees(with: fields, on: field), "\(field.name)") }
    }
  }
}

struct ThreeWayMergeTests {
  let base = SyncedFields(title: "Renew passport", notes: "two photos", priority: .normal)
  let earlier = Date(timeIntervalSince1970: 1_795_000_000)
  let later = Date(timeIntervalSince1970: 1_795_100_000)

  @Test func aCompletionOnThePhoneAndATitleEditedOnTheDesktopBothSurvive() {
    var local = base
    local.title = "Renew passport and ID card"
    var remote = base
    remote.completedAt = later
    let merged = ThreeWayMerge.merge(base: base, local: local, localModified: later, remote: remote, remoteModified: earlier)
    #expect(merged.title == "Renew passport and ID card")
    #expect(merged.completedAt == later)
    #expect(merged.notes == "two photos")
  }

  @Test func theSameFieldChangedOnBothSidesGoesToTheLaterChange() {
    var local = base
    local.title = "desktop"
    var remote = base
    remote.title = "phone"
    #expect(ThreeWayMerge.merge(base: base, local: local, localModified: later, remote: remote, remoteModified: earlier).title == "desktop")
    #expect(ThreeWayMerge.merge(base: base, local: local, localModified: earlier, remote: remote, remoteModified: later).title == "phone")
    // A tie, or a server that does not say: the server's.
    #expect(ThreeWayMerge.merge(base: base, local: local, localModified: later, remote: remote, remoteModified: later).title == "phone")
    #expect(ThreeWayMerge.merge(base: base, local: local, localModified: later, remote: remote, remoteModified: nil).title == "phone")
  }

  /// Each shared field changed here alone is kept, whatever the server changed elsewhere:
  /// the merge goes through `Todo.sharedFields`, so a field shared later merges too.
  @Test func everySharedFieldIsMergedOnItsOwn() throws {
    let full = try SyncedFieldsTests.everyField(due: later)
    for field in Todo.sharedFields {
      var local = base
      field.copy(full.shared, &local.shared)
      var remote = base
      remote.title = field.name == "title" ? base.title : "phone"
      let merged = ThreeWayMerge.merge(base: base, local: local, localModified: earlier, remote: remote, remoteModified: later)
      #expect(merged.agrees(with: local, on: field), "\(field.name)")
      #expect(field.name == "title" || merged.title == "phone", "\(field.name)")
    }
  }

  @Test func unchangedOrEqualChangesNeedNoDecision() {
    #expect(ThreeWayMerge.merge(base: base, local: base, localModified: later, remote: base, remoteModified: earlier) == base)
    var both = base
    both.priority = .high
    #expect(ThreeWayMerge.merge(base: base, local: both, localModified: earlier, remote: both, remoteModified: later) == both)
  }
}

/// A multiget's answer named by the hrefs sync asked for.
struct MultigetNamingTests {
  @Test func anHrefSpelledDifferentlyIsTheOneAskedFor() {
    let asked = ["/dav/me%40example.org/tasks/a%20b.ics", "/dav/me%40example.org/tasks/c.ics"]
    let answered = [
      RemoteObject(href: "/dav/me@example.org/tasks/a%20b.ics", etag: "\"1\"", data: []),
      RemoteObject(href: "http://dav.example.org/dav/me%40example.org/tasks/c.ics", etag: "\"2\"", data: []),
      RemoteObject(href: "/dav/me@example.org/tasks/other.ics", etag: "\"3\"", data: []),
    ]
    #expect(CalendarSync.named(asked, answered).map(\.href) == asked + ["/dav/me@example.org/tasks/other.ics"])
  }
}

/// Tags and parents as a server holds them: CATEGORIES over several lines with escaped
/// commas, RELATED-TO of several kinds.
struct SyncedFieldsFamilyTests {
  let utc = TimeZone(identifier: "UTC")!
  let now = Date(timeIntervalSince1970: 1_795_600_000)
  let parent = UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E")!

  func object(_ extra: String) throws -> CalendarObject {
    try CalendarObject(
      parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:child\r\nSUMMARY:Buy milk\r\n\(extra)END:VTODO\r\nEND:VCALENDAR\r\n")
  }

  /// A tag removed and one added here: the server's spelling and order stay for the rest,
  /// the new one goes last, and the categories past the cap stay as they were.
  @Test func tagsChangedHereKeepTheServersSpellingOrderAndHiddenCategories() throws {
    let many = (0..<105).map { "c\($0)" }
    var object = try object("CATEGORIES:Éclair,b\\,c\r\nCATEGORIES:\(many.joined(separator: ","))\r\n")
    var fields = try #require(SyncedFields(object, local: utc, now: now))
    #expect(fields.tags.prefix(3) == ["Éclair", "b,c", "c0"] && fields.tags.count == SyncedFields.maxTags)
    fields.tags.removeAll { $0 == "c0" }
    fields.tags.append("new")
    fields.write(into: &object, local: utc, now: now)
    let written = try #require(object.todo?.categories)
    #expect(written == ["Éclair", "b,c"] + many.dropFirst().prefix(97) + ["new"] + many.suffix(7))
    #expect(object.text.contains("CATEGORIES:Éclair,b\\,c,c1,"))
  }

  /// A parent set here replaces the parent link alone; a sibling link stays byte for byte,
  /// and an object whose parent no calendar holds keeps its link while other fields change.
  @Test func aParentChangesOnlyTheParentLink() throws {
    let relatives = Relatives([(uid: "groceries", todoID: parent)])
    var object = try object("RELATED-TO;RELTYPE=SIBLING:bread\r\nRELATED-TO:gone-uid\r\n")
    var fields = try #require(SyncedFields(object, local: utc, now: now, relatives: relatives))
    #expect(fields.parent == nil, "a UID no calendar holds is no parent here")
    fields.title = "Buy oat milk"
    fields.write(into: &object, local: utc, now: now, relatives: relatives)
    #expect(object.text.contains("RELATED-TO;RELTYPE=SIBLING:bread\r\nRELATED-TO:gone-uid\r\n"))
    fields.parent = parent
    fields.write(into: &object, local: utc, now: now, relatives: relatives)
    #expect(object.text.contains("RELATED-TO;RELTYPE=SIBLING:bread\r\nRELATED-TO:groceries\r\n"), "\(object.text)")
    #expect(SyncedFields(object, local: utc, now: now, relatives: relatives)?.parent == parent)
  }
}
