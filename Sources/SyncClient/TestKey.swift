import Dependencies
import IssueReporting

extension SyncClient: TestDependencyKey {
  /// Every endpoint fails the test when called: tests override what they use.
  public static let testValue = SyncClient(
    calendars: unimplemented("SyncClient.calendars"),
    changes: unimplemented("SyncClient.changes"),
    fetch: unimplemented("SyncClient.fetch"),
    put: unimplemented("SyncClient.put"),
    delete: unimplemented("SyncClient.delete"))
}
