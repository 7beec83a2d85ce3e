import Testing

@testable import QuickdoCLI

/// Which `quickdo sync` lines go straight to sync's image: only those its parser reads as
/// `quickdo sync`'s would, so that help, typos and refused combinations keep the messages
/// that name `quickdo sync`.
struct PlainSyncTests {
  @Test func globalOptionsAndOneFlagArePlain() {
    for line in [
      [], ["--dry-run"], ["--status"], ["--retry"], ["--db", "/tmp/t.sqlite"], ["--config=/tmp/c.toml", "--retry"],
      ["--db", "a", "--config", "b", "--dry-run"],
    ] {
      #expect(Quickdo.isPlainSync(line[...]), "\(line)")
    }
  }

  @Test func anythingElseIsParsedAsUsual() {
    for line in [
      ["--help"], ["-h"], ["help"], ["--version"], ["--dry-run", "--status"], ["--retry", "--retry"], ["--db"],
      ["--db", "--dry-run"], ["--account", "work"], ["--json"], ["--dryrun"], ["extra"],
    ] {
      #expect(!Quickdo.isPlainSync(line[...]), "\(line)")
    }
  }
}
