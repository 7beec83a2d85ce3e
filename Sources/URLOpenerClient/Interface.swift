import Dependencies
import Foundation
import IssueReporting

/// Opens a URL in the user's preferred application. The agent opens a todo's link from a
/// notification's "Open" button through it; tests override it.
public struct URLOpenerClient: Sendable {
  /// Opens `url`; returns a failure to report, or nil when the opener accepted it.
  public var open: @Sendable (_ url: URL) async -> String?

  public init(open: @escaping @Sendable (URL) async -> String?) {
    self.open = open
  }
}

extension URLOpenerClient: TestDependencyKey {
  /// Fails the test when called: tests override what they use.
  public static let testValue = URLOpenerClient(
    open: unimplemented("URLOpenerClient.open", placeholder: "unimplemented"))
}

extension DependencyValues {
  /// How URLs are opened.
  public var urlOpener: URLOpenerClient {
    get { self[URLOpenerClient.self] }
    set { self[URLOpenerClient.self] = newValue }
  }
}
