import CommandSupport
import Testing

/// Which sync lines are read without ArgumentParser: only those it reads the same way, so
/// that help, typos and refused combinations keep its messages.
struct SyncSettingsTests {
  @Test func globalOptionsAndOneFlagAreAPlainLine() {
    #expect(SyncSettings(plainLine: []) == SyncSettings())
    #expect(SyncSettings(plainLine: ["--dry-run"]) == SyncSettings(dryRun: true))
    #expect(SyncSettings(plainLine: ["--status"]) == SyncSettings(status: true))
    #expect(SyncSettings(plainLine: ["--retry"]) == SyncSettings(retry: true))
    #expect(
      SyncSettings(plainLine: ["--db", "/tmp/t.sqlite", "--config=/tmp/c.toml", "--retry"])
        == SyncSettings(database: "/tmp/t.sqlite", config: "/tmp/c.toml", retry: true))
    #expect(SyncSettings(plainLine: ["--db=a", "--db", "b"]) == SyncSettings(database: "b"))
  }

  @Test func anyOtherLineIsLeftToArgumentParser() {
    for line in [
      ["--help"], ["-h"], ["help"], ["--version"], ["--dry-run", "--status"], ["--retry", "--retry"], ["--db"],
      ["--db", "--dry-run"], ["--account", "work"], ["--json"], ["--dryrun"], ["extra"], ["--db", "-"],
    ] {
      #expect(SyncSettings(plainLine: line) == nil, "\(line)")
    }
  }

  /// `quickdo sync` and the agent hand a sync to the `quickdo-sync` program as arguments:
  /// every setting must survive the trip, or the program syncs something other than asked.
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
