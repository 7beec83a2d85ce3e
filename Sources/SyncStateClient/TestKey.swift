import Dependencies
import IssueReporting

extension SyncStateClient: TestDependencyKey {
  /// Every endpoint fails the test when called: tests override what they use.
  public static let testValue = SyncStateClient(
    calendar: unimplemented("SyncStateClient.calendar"),
    summary: unimplemented("SyncStateClient.summary", placeholder: CalendarSummary()),
    commit: unimplemented("SyncStateClient.commit"),
    accountSince: unimplemented("SyncStateClient.accountSince", placeholder: .distantPast),
    unsynced: unimplemented("SyncStateClient.unsynced"),
    status: unimplemented("SyncStateClient.status"),
    discovered: unimplemented("SyncStateClient.discovered"),
    saveDiscovered: unimplemented("SyncStateClient.saveDiscovered"),
    forgetRefusals: unimplemented("SyncStateClient.forgetRefusals", placeholder: 0))
}
