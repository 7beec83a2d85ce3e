import Foundation
import InstantSyncClient
import SyncClient
import WebPush
import Localization

/// An account's WebDAV-Push subscriptions on its server, kept in step with what the agent
/// holds: registered once the distributor gave an endpoint, registered again for a new
/// endpoint (the old endpoint's subscription removed) or when half their time is gone, and
/// removed (server's side, then the row) for a calendar that went, stopped offering push,
/// or whose account turned push off. A sync (`AccountSync`) runs it before the calendars
/// sync, so a change made during the sync is pushed.
public struct PushUpkeep {
  let account: SyncAccount
  let client: SyncClient
  let push: PushStateClient
  let now: @Sendable () -> Date

  public init(account: SyncAccount, client: SyncClient, push: PushStateClient, now: @escaping @Sendable () -> Date) {
    self.account = account
    self.client = client
    self.push = push
    self.now = now
  }

  /// How long a subscription is asked for.
  public static let lifetime: TimeInterval = 7 * 86_400

  /// The calendars with this device's subscription on each, and a line for each problem.
  public func run(_ calendars: [RemoteCalendar]) async throws -> (calendars: [RemoteCalendar], notes: [String]) {
    var calendars = calendars
    var notes: [String] = []
    for subscription in try await push.subscriptions() where subscription.account == account.name {
      let index = calendars.firstIndex { $0.url.absoluteString == subscription.calendar }
      guard account.push, let index, calendars[index].pushTopic != nil else {
        if let registration = subscription.registration {
          try? await client.unregisterPush(account, registration.url)
        }
        try await push.remove(subscription.calendar)
        continue
      }
      var registration = subscription.registration
      if let endpoint = subscription.endpoint, !subscription.isRegistered(until: now()) {
        let request = PushRequest(
          endpoint: endpoint, publicKey: try subscription.keys.publicKey().base64URL,
          authSecret: subscription.keys.authSecret.base64URL, expires: now().addingTimeInterval(Self.lifetime))
        switch try await client.registerPush(account, calendars[index], request) {
        case let .registered(made):
          // A new endpoint from the distributor: the subscription for the old one is
          // removed now, not left to push into nothing until the server gives up on it.
          if let old = registration, old.endpoint != endpoint, old.url != made.url {
            try? await client.unregisterPush(account, old.url)
          }
          registration = made
          try await push.setRegistration(subscription.calendar, made)
        case let .refused(reason):
          notes.append(tr("%s: no instant sync: %s", calendars[index].displayName, reason))
        }
      } else if subscription.endpoint == nil, let old = registration {
        // The distributor went: the server's subscription leads nowhere now.
        try? await client.unregisterPush(account, old.url)
        registration = nil
        try await push.setRegistration(subscription.calendar, nil)
      }
      calendars[index].pushRegistration = registration?.url
    }
    return (calendars, notes)
  }
}
