import Foundation
import Models
import Testing

/// `RepeatRule` against python3-dateutil's `rrule` (Oracle/rrule_oracle.py): thousands of
/// random rules and starts from a fixed seed, across month ends, leap years and DST
/// changes, their first occurrences compared exactly.
struct RepeatRuleOracleTests {
  /// SplitMix64: the same rules on every run.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  struct Case: Encodable {
    var rule: String
    var start: String
    var zone: String
    var count: Int
  }

  static let zones = ["UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe"]

  /// A random rule of the kinds quickdo supports, as text.
  static func randomRule(_ random: inout Seeded, start: LocalDateTime) -> (text: String, utcUntil: Bool) {
    let frequency = RepeatRule.Frequency.allCases.randomElement(using: &random)!
    var parts = ["FREQ=\(frequency.rawValue)"]
    if Bool.random(using: &random) { parts.append("INTERVAL=\(Int.random(in: 1...4, using: &random))") }
    let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    if Int.random(in: 0..<3, using: &random) == 0 {
      let months = (1...12).filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
      if !months.isEmpty { parts.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
    }
    let hasByMonth = parts.contains { $0.hasPrefix("BYMONTH=") }
    if frequency != .weekly, Int.random(in: 0..<3, using: &random) == 0 {
      let pool = [1, 2, 15, 28, 29, 30, 31, -1, -2, -31]
      let chosen = pool.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
      if !chosen.isEmpty { parts.append("BYMONTHDAY=" + chosen.map(String.init).joined(separator: ",")) }
    }
    if Int.random(in: 0..<2, using: &random) == 0 {
      var entries: [String] = []
      // Numbered weekdays, or plain ones, not both: dateutil keeps only the days that are
      // both, where RFC 5545 (and quickdo) takes either.
      let numbered = (frequency == .monthly || frequency == .yearly) && Bool.random(using: &random)
      for day in days where Int.random(in: 0..<3, using: &random) == 0 {
        if numbered {
          let limit = frequency == .monthly || hasByMonth ? 5 : 53
          var ordinal = Int.random(in: -limit...limit, using: &random)
          if ordinal == 0 { ordinal = 1 }
          entries.append("\(ordinal)\(day)")
        } else {
          entries.append(day)
        }
      }
      if !entries.isEmpty { parts.append("BYDAY=" + entries.joined(separator: ",")) }
    }
    if Int.random(in: 0..<4, using: &random) == 0 { parts.append("WKST=" + days.randomElement(using: &random)!) }
    var utcUntil = false
    switch Int.random(in: 0..<3, using: &random) {
    case 0: parts.append("COUNT=\(Int.random(in: 1...15, using: &random))")
    case 1:
      let days = Int.random(in: 20...2000, using: &random)
      let date = Calendar(identifier: .gregorian).date(
        byAdding: .day, value: days,
        to: DateComponents(calendar: Calendar(identifier: .gregorian), year: start.year, month: start.month, day: start.day).date!)!
      var utc = Calendar(identifier: .gregorian)
      utc.timeZone = TimeZone(identifier: "UTC")!
      let c = utc.dateComponents([.year, .month, .day], from: date)
      utcUntil = Bool.random(using: &random)
      let text = String(format: "%04d%02d%02dT%02d0000", c.year!, c.month!, c.day!, Int.random(in: 0...23, using: &random))
      parts.append("UNTIL=" + text + (utcUntil ? "Z" : ""))
    default: break
    }
    return (parts.shuffled(using: &random).joined(separator: ";"), utcUntil)
  }

  /// A start near the edges: month ends, 29 February, the DST changes' days and hours.
  static func randomStart(_ random: inout Seeded) -> LocalDateTime {
    let year = [1996, 2000, 2024, 2026, 2027, 2100].randomElement(using: &random)!
    let month = Int.random(in: 1...12, using: &random)
    let lengths = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    let day = Bool.random(using: &random) ? Int.random(in: 28...lengths[month - 1], using: &random) : Int.random(in: 1...lengths[month - 1], using: &random)
    let hour = [0, 2, 3, 9, 12, 23].randomElement(using: &random)!
    return LocalDateTime(year, month, day, hour, [0, 30].randomElement(using: &random)!, 0)
  }

  @Test func thousandsOfRandomRulesMatchDateutil() throws {
    var random = Seeded(state: 0x5EED_2026)
    var cases: [Case] = []
    var ours: [[String]] = []
    for _ in 0..<2000 {
      let start = Self.randomStart(&random)
      let (text, utcUntil) = Self.randomRule(&random, start: start)
      let zone = Self.zones.randomElement(using: &random)!
      let rule = try RepeatRule(rrule: text, timeZone: TimeZone(identifier: zone)!)
      ours.append(rule.occurrences(from: start).prefix(12).map(\.description))
      // dateutil takes a UTC UNTIL only with a start in a zone, and a wall-clock one only
      // without.
      cases.append(Case(rule: text, start: start.description, zone: utcUntil ? zone : "", count: 12))
    }
    let theirs = try Self.oracle(cases)
    try #require(theirs.count == cases.count)
    var mismatches = 0
    for index in cases.indices where ours[index] != theirs[index] {
      mismatches += 1
      if mismatches <= 5 {
        Issue.record("\(cases[index].rule) from \(cases[index].start) \(cases[index].zone): ours \(ours[index]), dateutil \(theirs[index])")
      }
    }
    #expect(mismatches == 0)
  }

  /// Runs the oracle once for all cases.
  static func oracle(_ cases: [Case]) throws -> [[String]] {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Oracle/rrule_oracle.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    // An oracle that fails stops reading: its failure is reported, not a SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    try process.run()
    let encoder = JSONEncoder()
    var lines = Data()
    for item in cases {
      lines += try encoder.encode(item)
      lines += Data("\n".utf8)
    }
    // Written from another thread: the answers fill the pipe while the questions go in.
    let writer = Thread { [lines] in
      try? input.fileHandleForWriting.write(contentsOf: lines)
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let answer = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "the oracle needs /usr/bin/python3 with python3-dateutil")
    return try answer.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode([String].self, from: $0) }
  }
}
