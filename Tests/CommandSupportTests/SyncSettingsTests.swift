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
}
