import Foundation
import Testing

@testable import QuickdoCLI

/// The image's own path (loading it, and sync through it) is checked on the built package by
/// scripts/check-deb.sh; here, where it is looked for, which lines it takes, and what a
/// source build does (`CLIErrorTests` runs a `quickdo` whose `quickdo-sync` is missing).
struct SyncLaunchTests {
  /// The package's layout: the image is in ../lib/quickdo beside the program's folder.
  @Test func theImageIsLookedForInTheProgramsLibFolder() throws {
    let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let folder = URL(fileURLWithPath: program).deletingLastPathComponent().path
    #expect(SyncLaunch.imagePath() == "\(folder)/../lib/quickdo/quickdo-sync.so")
    #expect(try SyncLaunch.programPath() == "\(folder)/quickdo-sync")
  }

  /// A source build has no image: `quickdo sync` becomes the quickdo-sync program.
  @Test func aSourceBuildHasNoImage() throws {
    let image = try #require(SyncLaunch.imagePath())
    #expect(!FileManager.default.fileExists(atPath: image))
  }

  /// Only a line whose first word after the global options is `sync` is sync's; any other
  /// is the CLI's, and `runIfSync` returns at once for it (a sync line would not return).
  @Test func anyOtherLineIsTheCLIs() {
    for line in [
      ["quickdo"], ["quickdo", "list"], ["quickdo", "--db", "/tmp/x.sqlite", "list"], ["quickdo", "add", "sync"],
      ["quickdo", "--db", "sync"],
    ] {
      #expect(SyncLaunch.syncArguments(line) == nil, "\(line)")
      SyncLaunch.runIfSync(line)
    }
    #expect(SyncLaunch.syncArguments(["quickdo", "sync", "--status"]) == ["--status"])
    #expect(SyncLaunch.syncArguments(["quickdo", "sync"]) == [])
    #expect(
      SyncLaunch.syncArguments(["quickdo", "--db", "/tmp/x.sqlite", "sync", "--dry-run"])
        == ["--db", "/tmp/x.sqlite", "--dry-run"])
  }
}
