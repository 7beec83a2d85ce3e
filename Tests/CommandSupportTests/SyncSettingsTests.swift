import CommandSupport
import Testing

/// The settings of a sync and the line that asks for them.
struct SyncSettingsTests {
  /// The agent has an account synced by `quickdo sync` with these settings' arguments:
  /// every setting must survive the trip, or the sync does something other than asked.
  @Test(arguments: [
    [String](), ["--dry-run"], ["--status"], ["--retry"], ["--db", "/tmp/t.sqlite", "--config", "/tmp/c.toml"],
    ["--account", "work"], ["--account", "work", "--json", "--retry"],
    ["--db", "/tmp/t.sqlite", "--config", "/tmp/c.toml", "--account", "work", "--json"],
  ])
  func theArgumentsParseBackToTheSameSync(line: [String]) throws {
    let options = try SyncOptions.parse(line)
    #expect(try SyncOptions.parse(options.settings.arguments).settings == options.settings)
  }
}
