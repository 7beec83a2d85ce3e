import CommandSupport
import Testing

/// `quickdo sync` hands its options to the `quickdo-sync` program as arguments again: every
/// option must survive the trip, or the program syncs something other than what was asked.
struct SyncOptionsTests {
  @Test(arguments: [
    [String](), ["--dry-run"], ["--status"], ["--retry"], ["--db", "/tmp/t.sqlite", "--config", "/tmp/c.toml"],
    ["--account", "work"], ["--account", "work", "--json", "--retry"],
  ])
  func theArgumentsParseBackToTheSameSync(line: [String]) throws {
    let options = try SyncOptions.parse(line)
    #expect(try SyncOptions.parse(options.arguments).settings == options.settings)
  }
}
