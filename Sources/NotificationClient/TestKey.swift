import Dependencies
import IssueReporting

extension NotificationClient: TestDependencyKey {
  /// Every endpoint fails the test when called: tests override what they use.
  public static let testValue = NotificationClient(
    present: unimplemented("NotificationClient.present"),
    events: unimplemented("NotificationClient.events", placeholder: AsyncStream { $0.finish() }),
    shutdown: unimplemented("NotificationClient.shutdown"),
    setStyle: unimplemented("NotificationClient.setStyle"))

  /// Shows nothing; for benchmarks and the CLI's one-shot stores.
  public static let noop = NotificationClient(
    present: { _, _ in }, events: { AsyncStream { $0.finish() } }, shutdown: {},
    setStyle: { _ in })
}

extension DependencyValues {
  /// The notification presenter.
  public var notifications: NotificationClient {
    get { self[NotificationClient.self] }
    set { self[NotificationClient.self] = newValue }
  }
}
