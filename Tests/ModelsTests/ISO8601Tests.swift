import Foundation
import Models
import Testing

/// The hand-written ISO 8601 formatter `list --json` uses, against Foundation's.
struct ISO8601Tests {
  @Test func writesWhatFoundationWrites() {
    var generator = SystemRandomNumberGenerator()
    // Years 1583 to 9999 (before 1970 too), with fractions (cut, as Foundation cuts them).
    // Before 1583 Foundation's calendar is Julian; quickdo writes the proleptic Gregorian
    // calendar there, as `gmtime` does and as ISO 8601 says.
    for _ in 0..<5000 {
      let seconds = Double.random(in: -12_212_553_600..<253_402_300_800, using: &generator)
      let date = Date(timeIntervalSince1970: seconds)
      #expect(ISO8601.string(from: date) == date.formatted(.iso8601), "\(seconds)")
    }
  }

  @Test func padsEarlyYearsToFourDigits() {
    // 0999-12-31T23:59:59Z
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: -30_610_224_001)) == "0999-12-31T23:59:59Z")
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
    // Leap days, including the century rules (2000 is one, 2100 is not).
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: 4_107_542_400)) == "2100-03-01T00:00:00Z")
  }

  @Test func writesYearsBeyondFourDigitsAndBeforeYearOneWhole() {
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00Z")
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00Z")
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: -62_198_755_200)) == "-0001-01-01T00:00:00Z")
  }
}
