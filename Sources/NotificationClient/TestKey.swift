import Dependencies
import IssueReporting

extension NotificationClient: TestDependencyKey {
  /// Every endpoint fails the test when called: tests override what they use.
  public static let testValue = NotificationClient(
    present: unimplemented("NotificationClient.present"),
    subscribe: unimplemented("NotificationClient.subscribe"),
    shutdown: unimplemented("NotificationClient.shutdown"),
    setStyle: unimplemented("NotificationClient.setStyle"))

  /// Shows nothing; for benchmarks and the CLI's one-shot stores.
  public static let noop = NotificationClient(
    present: { _, _ in }, subscribe: { _, _ in }, shutdown: {},
    setStyle: { _ in })
}

extension DependencyValues {
  /// The notification presenter.
  public var notifications: NotificationClient {
    get { self[NotificationClient.self] }
    set { self[NotificationClient.self] = newValue }
  }
}
