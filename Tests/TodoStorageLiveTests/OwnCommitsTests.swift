import Testing

@testable import TodoStorageLive

/// Telling this process's commits from other processes': the revisions the watcher skips.
struct OwnCommitsTests {
  @Test func revisionsAreOwnOnlyWhenEveryOneInTheRangeWasCommittedHere() {
    let own = OwnCommits()
    own.startWatching()
    own.write { 5 }
    own.write { 6 }
    #expect(own.areAllOwn(after: 4, through: 6))
    own.write { 8 }  // 7 came from elsewhere
    #expect(!own.areAllOwn(after: 6, through: 8))
  }

  @Test func checkedRevisionsAreForgotten() {
    let own = OwnCommits()
    own.startWatching()
    own.write { 1 }
    own.write { 2 }
    #expect(own.areAllOwn(after: 0, through: 1))
    #expect(!own.areAllOwn(after: 0, through: 1))  // 1 is gone: asked once, never again
    #expect(own.areAllOwn(after: 1, through: 2))
  }

  @Test func nothingIsRecordedWithoutAWatcher() {
    let own = OwnCommits()
    own.write { 1 }
    own.startWatching()
    #expect(!own.areAllOwn(after: 0, through: 1))
  }

  @Test func aWriteIsInProgressUntilItReturnsOrThrows() throws {
    struct Failure: Error {}
    let own = OwnCommits()
    own.startWatching()
    own.write {
      #expect(own.isWriting)
      return 1
    }
    #expect(!own.isWriting)
    #expect(throws: Failure.self) { try own.write { throw Failure() } }
    #expect(!own.isWriting)
    #expect(own.areAllOwn(after: 0, through: 1))
  }

  @Test func anEmptyOrBackwardRangeIsNotOwn() {
    let own = OwnCommits()
    own.startWatching()
    own.write { 3 }
    #expect(!own.areAllOwn(after: 3, through: 3))
    #expect(!own.areAllOwn(after: 5, through: 3))
  }
}
