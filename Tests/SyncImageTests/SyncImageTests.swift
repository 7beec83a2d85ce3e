import Foundation
import Testing

@testable import SyncImage

/// The image's own path (loading it, and sync through it) is checked on the built package by
/// scripts/check-deb.sh; here, what a source build does.
struct SyncImageTests {
  /// The package's layout: the image is in ../lib/quickdo beside the program's folder.
  @Test func theImageIsLookedForInTheProgramsLibFolder() throws {
    let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let folder = URL(fileURLWithPath: program).deletingLastPathComponent().path
    #expect(SyncImage.imagePath() == "\(folder)/../lib/quickdo/quickdo-sync.so")
  }

  /// A source build has no image: `quickdo sync` then execs the quickdo-sync program.
  @Test func withoutAnImageNothingStartsAndSyncFallsBackToItsProgram() throws {
    let image = try #require(SyncImage.imagePath())
    #expect(!FileManager.default.fileExists(atPath: image))
    #expect(SyncImage.start(arguments: ["--status"]) == false)
  }
}
