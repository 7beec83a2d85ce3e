import Dependencies
import IssueReporting

extension UnifiedPushClient: TestDependencyKey {
  /// Every endpoint fails the test when called: tests override what they use.
  public static let testValue = UnifiedPushClient(
    start: unimplemented("UnifiedPushClient.start", placeholder: (false, AsyncStream { $0.finish() })),
    distributors: unimplemented("UnifiedPushClient.distributors", placeholder: []),
    owner: unimplemented("UnifiedPushClient.owner", placeholder: nil),
    register: unimplemented("UnifiedPushClient.register", placeholder: "unimplemented"),
    unregister: unimplemented("UnifiedPushClient.unregister"))
}

extension PushStateClient: TestDependencyKey {
  /// Every endpoint fails the test when called: tests override what they use.
  public static let testValue = PushStateClient(
    subscriptions: unimplemented("PushStateClient.subscriptions"),
    offering: unimplemented("PushStateClient.offering"),
    add: unimplemented("PushStateClient.add"),
    setEndpoint: unimplemented("PushStateClient.setEndpoint"),
    setRegistration: unimplemented("PushStateClient.setRegistration"),
    pushed: unimplemented("PushStateClient.pushed"),
    remove: unimplemented("PushStateClient.remove"))
}

extension DependencyValues {
  /// The session bus's UnifiedPush distributor, as the agent's connector sees it.
  public var unifiedPush: UnifiedPushClient {
    get { self[UnifiedPushClient.self] }
    set { self[UnifiedPushClient.self] = newValue }
  }

  /// The push subscriptions in the todo database.
  public var pushState: PushStateClient {
    get { self[PushStateClient.self] }
    set { self[PushStateClient.self] = newValue }
  }
}
