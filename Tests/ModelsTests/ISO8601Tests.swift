import Foundation
import Models
import Testing

/// The hand-written ISO 8601 formatter `list --json` uses, against Foundation's.
struct ISO8601Tests {
  @Test func writesWhatFoundationWrites() {
    var generator = SystemRandomNumberGenerator()
    // 1970 to 2200, whole seconds and fractions (which are cut, as Foundation cuts them).
    for _ in 0..<2000 {
      let seconds = Double.random(in: 0..<7_258_118_400, using: &generator)
      let date = Date(timeIntervalSince1970: seconds)
      #expect(ISO8601.string(from: date) == date.formatted(.iso8601), "\(seconds)")
    }
  }

  @Test func padsEarlyYearsToFourDigits() {
    // 0999-12-31T23:59:59Z
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: -30_610_224_001)) == "0999-12-31T23:59:59Z")
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
  }
}
