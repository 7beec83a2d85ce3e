import Foundation
import ICalendar
import Testing

struct FoldingTests {
  /// Each physical line holds at most 75 octets and whole UTF-8 characters; unfolding gives
  /// the line back.
  @Test(arguments: [
    String(repeating: "a", count: 200),
    "SUMMARY:" + String(repeating: "é", count: 80),
    "SUMMARY:" + String(repeating: "🌱x", count: 40),
    "DESCRIPTION:" + String(repeating: "ab€", count: 50),
    "SUMMARY:short",
  ])
  func foldingKeepsCharactersWhole(_ line: String) throws {
    let folded = Folding.fold(line)
    let physical = folded.utf8.split(separator: 0x0A).map { Array($0.dropLast()) }  // drop CR
    for bytes in physical {
      #expect(bytes.count <= Folding.lineLimit)
      #expect(String(validating: bytes, as: UTF8.self) != nil, "a character split across lines")
    }
    #expect(Folding.unfold(folded).map(\.line) == [line])
  }

  /// A writer that split a character across a fold, and bare LF line ends, are read.
  @Test func unfoldingJoinsBytesAndAcceptsBareLineFeeds() {
    let bytes: [UInt8] = Array("SUMMARY:caf".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9] + Array("\nUID:1\n".utf8)
    #expect(Folding.unfold(bytes: bytes).map(\.line) == ["SUMMARY:café", "UID:1"])
    // And its bytes are written back as they were.
    let object = "BEGIN:VCALENDAR\r\n".utf8 + bytes + "END:VCALENDAR\r\n".utf8
    #expect((try? CalendarObject(parsing: Array(object)))?.bytes == Array(object))
    let tab = Folding.unfold("DESCRIPTION:one\r\n\ttwo\r\n")
    #expect(tab.map(\.line) == ["DESCRIPTION:onetwo"])
    #expect(tab.map(\.original) == [Array("DESCRIPTION:one\r\n\ttwo\r\n".utf8)])
  }
}

struct ContentLineTests {
  @Test func parametersWithQuotesKeepTheirColonsSemicolonsAndCommas() throws {
    let line = try #require(ContentLine(parsing: #"X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="Main St 1, Berlin; DE";X-TITLE="A: B":geo:52.5,13.4"#))
    #expect(line.name == "X-APPLE-STRUCTURED-LOCATION")
    #expect(line.parameter("x-address") == "Main St 1, Berlin; DE")
    #expect(line.parameter("X-TITLE") == "A: B")
    #expect(line.value == "geo:52.5,13.4")
    #expect(ContentLine(parsing: line.text) == line)
  }

  @Test func multipleParameterValues() throws {
    let line = try #require(ContentLine(parsing: "ATTENDEE;MEMBER=\"mailto:a@example.com\",\"mailto:b@example.com\":mailto:c@example.com"))
    #expect(line.parameters.first?.values == ["mailto:a@example.com", "mailto:b@example.com"])
    #expect(line.value == "mailto:c@example.com")
  }

  @Test(arguments: ["", ":value", "NAME", "NAME;PARAM:value", "NAME;P=\"unclosed:value"])
  func notAContentLine(_ text: String) {
    #expect(ContentLine(parsing: text) == nil)
  }

  /// Names other apps write outside RFC 5545's characters are read as they are: an
  /// unknown property, never a reason to drop the line.
  @Test(arguments: [
    ("PERCENT_COMPLETE:100", "PERCENT_COMPLETE", "100"),
    ("x-lower-case:1", "x-lower-case", "1"),
    ("SUMMARY :trailing space", "SUMMARY ", "trailing space"),
    ("NA ME;X_PARAM=a:value", "NA ME", "value"),
  ])
  func aNameOutsideTheRFCsCharactersIsStillAName(_ text: String, _ name: String, _ value: String) throws {
    let line = try #require(ContentLine(parsing: text))
    #expect(line.name == name)
    #expect(line.value == value)
    #expect(line.text == text)
    #expect(!line.is("PERCENT-COMPLETE") && !line.is("SUMMARY"))
  }

  @Test func textValuesRoundTrip() {
    let text = "a, b; c\\d\nsecond line"
    #expect(TextValue.encode(text) == "a\\, b\\; c\\\\d\\nsecond line")
    #expect(TextValue.decode(TextValue.encode(text)) == text)
    #expect(TextValue.decode("x\\Ny") == "x\ny")
  }
}

struct DateTimeValueTests {
  @Test func theFourForms() throws {
    let utc = try #require(ContentLine(parsing: "DUE:20261201T170000Z"))
    #expect(DateTimeValue(utc) == .utc(Date(timeIntervalSince1970: 1_796_144_400)))
    let zoned = try #require(ContentLine(parsing: "DUE;TZID=America/New_York:20261201T120000"))
    let value = try #require(DateTimeValue(zoned))
    #expect(value.date(local: TimeZone(identifier: "UTC")!) == Date(timeIntervalSince1970: 1_796_144_400))
    let floatingLine = try #require(ContentLine(parsing: "DUE:20261201T170000"))
    let floating = try #require(DateTimeValue(floatingLine))
    #expect(floating.date(local: TimeZone(identifier: "UTC")!) == Date(timeIntervalSince1970: 1_796_144_400))
    let dayLine = try #require(ContentLine(parsing: "DUE;VALUE=DATE:20261201"))
    let day = try #require(DateTimeValue(dayLine))
    #expect(day == .day(year: 2026, month: 12, day: 1))
    for value in [DateTimeValue.utc(Date(timeIntervalSince1970: 1_796_144_400)), value, floating, day] {
      #expect(DateTimeValue(value.line("DUE")) == value)
    }
  }

  @Test(arguments: ["DUE:20261301T170000Z", "DUE:2026120T170000Z", "DUE:20261201T250000Z", "DUE:20260230", "DUE:tomorrow"])
  func invalidDates(_ text: String) throws {
    let line = try #require(ContentLine(parsing: text))
    let value = DateTimeValue(line)
    #expect(value == nil || value?.date(local: TimeZone(identifier: "UTC")!) == nil)
  }
}
