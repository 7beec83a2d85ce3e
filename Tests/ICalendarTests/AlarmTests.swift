import Foundation
import ICalendar
import Testing

/// A todo's VALARMs as the clients that set them write them, read; and iCalendar's
/// durations.
struct AlarmTests {
  func object(_ name: String) throws -> CalendarObject {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "ics", subdirectory: "Fixtures"))
    return try CalendarObject(parsing: try String(contentsOf: url, encoding: .utf8))
  }

  func moment(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  @Test func thunderbirdsAlarmsAreReadFromTheStartAndTheEndBeforeAndAfter() throws {
    let alarms = try object("thunderbird-alarms").alarms()
    #expect(alarms.map(\.action) == ["DISPLAY", "DISPLAY", "DISPLAY", "DISPLAY", "EMAIL"])
    #expect(alarms.map(\.trigger) == [
      .relative(toEnd: false, seconds: -900), .relative(toEnd: true, seconds: -86_400),
      .relative(toEnd: true, seconds: 1_800), .relative(toEnd: true, seconds: -50 * 86_400),
      .relative(toEnd: true, seconds: -3_600),
    ])
  }

  @Test func applesAbsoluteAlarmAndItsPlaceholderAreRead() throws {
    let alarms = try object("apple-alarms").alarms()
    #expect(alarms.map(\.trigger) == [.absolute(moment("2026-12-03T08:00:00Z")), .absolute(VAlarm.placeholder)])
    #expect(alarms.map(\.uid) == ["A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D", "F0E1D2C3-B4A5-4968-8776-655443322110"])
    #expect(alarms.map(\.action) == ["DISPLAY", "NONE"])
  }

  @Test func nextcloudsAudioAlarmRepeats() throws {
    let alarms = try object("nextcloud-alarms").alarms()
    #expect(alarms.map(\.trigger) == [.relative(toEnd: true, seconds: -172_800), .relative(toEnd: true, seconds: -3_600)])
    #expect(alarms[1].action == "AUDIO")
    #expect(alarms[1].repeatCount == 2 && alarms[1].duration == 600)
  }

  @Test func rfc9074sSnoozeAndProximityAlarmsAreKnownForWhatTheyAre() throws {
    let alarms = try object("rfc9074-snooze").alarms()
    #expect(alarms.map(\.snoozes) == [nil, "8297C37D-BA2D-4476-91AE-C1EAA364F8E1", nil])
    #expect(alarms.map(\.isProximity) == [false, false, true])
  }

  @Test func garbageTriggersReadAsNoneAndNothingOverflows() throws {
    let alarms = try object("hostile-alarms").alarms()
    #expect(alarms.count == 8)
    #expect(alarms[0].trigger == nil, "TRIGGER:soon")
    #expect(alarms[1].trigger == .relative(toEnd: true, seconds: -60_479_395_200))
    #expect(alarms[2].trigger == .absolute(moment("9999-12-31T23:59:59Z")))
    #expect(alarms[3].repeatCount == 1_000_000)
    #expect(alarms[4].trigger == nil, "more days than a duration may hold")
  }

  @Test func tenThousandAlarmsAreReadUpToTheLimit() throws {
    let alarm = "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\n"
    let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\n" + String(repeating: alarm, count: 10_000)
      + "END:VTODO\r\nEND:VCALENDAR\r\n"
    let object = try CalendarObject(parsing: text)
    #expect(object.alarms(limit: 60).count == 60)
  }

  @Test(arguments: [
    ("-PT15M", -900), ("PT0S", 0), ("P1D", 86_400), ("-P2W", -1_209_600), ("+P1DT2H3M4S", 93_784), ("pt1h", 3_600),
  ])
  func durationsAreRead(_ text: String, _ seconds: Int) {
    #expect(DurationValue.seconds(text) == seconds)
  }

  @Test(arguments: ["", "P", "PT", "-", "P1H", "PT1D", "P1DT", "15M", "P1D2", "P99999999999D", "P1DTT1H"])
  func notDurationsAreRefused(_ text: String) {
    #expect(DurationValue.seconds(text) == nil)
  }

  @Test(arguments: [-900, 0, 86_400, -1_209_600, 93_784, 1_800, -172_800, 59])
  func durationsAreWrittenAsTheyAreRead(_ seconds: Int) {
    #expect(DurationValue.seconds(DurationValue.text(seconds)) == seconds)
  }
}
