import Foundation
import SyncClient
import WebPush

/// What instant sync (WebDAV-Push) remembers, in the todo database: one subscription per
/// calendar whose server offers push. The agent makes a subscription's keys and token and
/// learns its endpoint from the distributor; sync registers it with the server, renews it,
/// and removes it. Its SQL is `PushStateLive`; tests override these closures.
public struct PushStateClient: Sendable {
  /// Every subscription.
  public var subscriptions: @Sendable () async throws -> [PushSubscription]
  /// The calendars whose server offers Web Push, by account.
  public var offering: @Sendable () async throws -> [PushCalendar]
  /// Adds a subscription, or keeps the one the calendar has.
  public var add: @Sendable (_ subscription: PushSubscription) async throws -> Void
  /// The endpoint the distributor gave a token (nil: it has none now).
  public var setEndpoint: @Sendable (_ token: String, _ endpoint: String?) async throws -> Void
  /// What the server made of a calendar's subscription: its URL, the endpoint it was made
  /// for, and until when it holds (all nil: the server has none).
  public var setRegistration: @Sendable (_ calendar: String, _ registration: PushRegistration?) async throws -> Void
  /// A message for this token came and opened.
  public var pushed: @Sendable (_ token: String, _ at: Date) async throws -> Void
  /// Forgets a calendar's subscription.
  public var remove: @Sendable (_ calendar: String) async throws -> Void

  public init(
    subscriptions: @escaping @Sendable () async throws -> [PushSubscription],
    offering: @escaping @Sendable () async throws -> [PushCalendar],
    add: @escaping @Sendable (PushSubscription) async throws -> Void,
    setEndpoint: @escaping @Sendable (String, String?) async throws -> Void,
    setRegistration: @escaping @Sendable (String, PushRegistration?) async throws -> Void,
    pushed: @escaping @Sendable (String, Date) async throws -> Void,
    remove: @escaping @Sendable (String) async throws -> Void
  ) {
    self.subscriptions = subscriptions
    self.offering = offering
    self.add = add
    self.setEndpoint = setEndpoint
    self.setRegistration = setRegistration
    self.pushed = pushed
    self.remove = remove
  }
}

/// A calendar whose server offers Web Push.
public struct PushCalendar: Equatable, Sendable {
  public var account: String
  /// The collection's URL, as sync state keys it.
  public var calendar: String

  public init(account: String, calendar: String) {
    self.account = account
    self.calendar = calendar
  }
}

/// One calendar's Web Push subscription, from its keys to the server's registration.
public struct PushSubscription: Equatable, Sendable {
  public var calendar: String
  public var account: String
  /// The UnifiedPush connection's token: how the distributor names it to the agent.
  public var token: String
  public var keys: PushKeys
  /// Where the push service takes messages for it, as the distributor said.
  public var endpoint: String?
  public var registration: PushRegistration?
  public var lastPush: Date?

  public init(
    calendar: String, account: String, token: String, keys: PushKeys, endpoint: String? = nil,
    registration: PushRegistration? = nil, lastPush: Date? = nil
  ) {
    self.calendar = calendar
    self.account = account
    self.token = token
    self.keys = keys
    self.endpoint = endpoint
    self.registration = registration
    self.lastPush = lastPush
  }

  /// Whether the server holds a registration for the endpoint in force that has not
  /// expired at `date`: pushes reach the agent.
  public func isLive(at date: Date) -> Bool {
    guard let registration, let endpoint else { return false }
    return registration.endpoint == endpoint && registration.expires > date
  }

  /// Whether the server holds a registration for the endpoint in force until at least
  /// `until`.
  public func isRegistered(until date: Date) -> Bool {
    guard let registration, let endpoint else { return false }
    return registration.endpoint == endpoint && registration.renewAt > date
  }
}
