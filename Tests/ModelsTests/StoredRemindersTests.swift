import Foundation
import GRDBSQLite
import Testing

@testable import Models

/// The `reminders` column read from its bytes: every form `RemindersCodec` writes reads
/// back as `JSONDecoder` reads it, and text in any other form is left to `JSONDecoder`.
struct StoredRemindersTests {
  func read(_ text: String) -> [Reminder]? {
    var text = text
    return text.withUTF8(StoredReminders.read)
  }

  @Test func whatTheCodecWritesReadsBackAsJSONDecoderReadsIt() throws {
    let lists: [[Reminder]] = [
      [],
      [.before(900)],
      [.before(0), Reminder(.relative(.start, offset: 1_800.5)), Reminder(.absolute(Date(timeIntervalSince1970: 1_795_338_000)))],
      [Reminder(.relative(.due, offset: -3_600), repeatCount: 20, interval: 600), .before(Reminder.maxOffset)],
    ]
    for reminders in lists {
      guard case let .text(text) = RemindersCodec().stored(reminders) else {
        #expect(reminders.isEmpty)
        continue
      }
      let decoded = try JSONCoding.decoder().decode([Reminder].self, from: Data(text.utf8))
      #expect(read(text) == decoded, "\(text)")
      #expect(decoded == reminders)
    }
  }

  @Test func anyOtherFormIsLeftToJSONDecoder() throws {
    for text in [
      #"[ {"offset": -900, "related": "due"} ]"#, #"[{"related":"d\u0075e","offset":-900}]"#, #"[{"offset":-900,"x":1}]"#,
      #"[{"offset":1e400}]"#, #"[{"related":"soon","offset":1}]"#, #"[{"repeat":1.5,"offset":1}]"#, "[", "",
      #"[{"offset":-900}]x"#,
    ] {
      #expect(read(text) == nil, "\(text)")
    }
    // Which JSONDecoder still reads when it can.
    #expect(try storedValue(#"[ {"offset": -900, "related": "due"} ]"#) == [.before(900)])
    #expect(try storedValue(#"[{"related":"d\u0075e","offset":-60}]"#) == [.before(60)])
    #expect(throws: UnreadableValue.self) { try storedValue(#"[{"offset":1e400}]"#) }
  }

  /// What `RemindersCodec` reads from a column that holds `text`, as SQLite hands it over.
  func storedValue(_ text: String) throws(UnreadableValue) -> [Reminder] {
    var database: OpaquePointer?
    var statement: OpaquePointer?
    precondition(sqlite3_open(":memory:", &database) == SQLITE_OK)
    defer { sqlite3_close(database) }
    precondition(sqlite3_prepare_v2(database, "SELECT ?1", -1, &statement, nil) == SQLITE_OK)
    defer { sqlite3_finalize(statement) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    precondition(sqlite3_bind_text(statement, 1, text, -1, transient) == SQLITE_OK)
    precondition(sqlite3_step(statement) == SQLITE_ROW)
    return try RemindersCodec().value(from: StoredColumn(statement: statement!, index: 0))
  }
}
