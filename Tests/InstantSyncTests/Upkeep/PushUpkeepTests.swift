import Foundation
import InstantSyncClient
import PushUpkeep
import Synchronization
import SyncClient
import Testing
import WebPush

/// The server's side of instant sync, as one sync keeps it: what is registered, renewed and
/// removed there for the subscriptions the agent holds.
struct PushUpkeepTests {
  let now = Date(timeIntervalSince1970: 1_795_600_000)
  let account = SyncAccount(name: "acct", url: URL(string: "https://dav.example.com/")!, username: "me")
  let calendar = RemoteCalendar(
    CalendarReference(account: "acct", url: URL(string: "https://dav.example.com/cal/")!, displayName: "Tasks"),
    supportsSyncCollection: true, pushTopic: "topic-1")

  /// What the server was asked, in order.
  final class Server: Sendable {
    let calls = Mutex<[String]>([])
    func record(_ call: String) { calls.withLock { $0.append(call) } }
  }

  /// The sync client with only push answered: each registration made at `registered/N`.
  func client(_ server: Server) -> SyncClient {
    SyncClient(
      calendars: { _ in CalendarList(calendars: []) },
      changes: { _, _, _ in throw SyncError.server(account: "acct", detail: "not asked here") },
      fetch: { _, _, _ in [] },
      put: { _, _, _, _, _ in .conflict },
      delete: { _, _, _, _ in .conflict },
      registerPush: { [now] _, _, request in
        let url = URL(string: "https://dav.example.com/push/\(server.calls.withLock { $0.count })")!
        server.record("register \(request.endpoint) at \(url.path)")
        return .registered(
          PushRegistration(url: url, endpoint: request.endpoint, expires: now.addingTimeInterval(86_400), renewAt: now.addingTimeInterval(43_200)))
      },
      unregisterPush: { _, url in server.record("unregister \(url.path)") })
  }

  /// The one subscription the push state holds.
  final class Row: Sendable {
    let value: Mutex<PushSubscription?>
    init(_ subscription: PushSubscription) { value = Mutex(subscription) }
    func withLock<T>(_ body: (inout PushSubscription?) -> T) -> T { value.withLock { body(&$0) } }
  }

  /// The push state with one subscription, kept in memory.
  func state(_ subscription: PushSubscription) -> (PushStateClient, Row) {
    let row = Row(subscription)
    let client = PushStateClient(
      subscriptions: { row.withLock { $0.map { [$0] } ?? [] } },
      offering: { [] },
      add: { _ in },
      setEndpoint: { _, endpoint in row.withLock { $0?.endpoint = endpoint } },
      setRegistration: { _, registration in row.withLock { $0?.registration = registration } },
      pushed: { _, _ in },
      remove: { _ in row.withLock { $0 = nil } })
    return (client, row)
  }

  func subscription(endpoint: String?, registration: PushRegistration?) -> PushSubscription {
    PushSubscription(
      calendar: calendar.url.absoluteString, account: "acct", token: "token-1", keys: .generate(), endpoint: endpoint,
      registration: registration)
  }

  @Test func aNewEndpointIsRegisteredAndTheOldEndpointsSubscriptionRemoved() async throws {
    let server = Server()
    let old = PushRegistration(
      url: URL(string: "https://dav.example.com/push/old")!, endpoint: "https://push.example.org/old",
      expires: now.addingTimeInterval(86_400), renewAt: now.addingTimeInterval(43_200))
    let (push, row) = state(subscription(endpoint: "https://push.example.org/new", registration: old))
    let upkeep = PushUpkeep(account: account, client: client(server), push: push, now: { [now] in now })
    let (calendars, notes) = try await upkeep.run([calendar])
    #expect(notes.isEmpty)
    #expect(server.calls.withLock { $0 } == ["register https://push.example.org/new at /push/0", "unregister /push/old"])
    #expect(row.withLock { $0?.registration?.endpoint } == "https://push.example.org/new")
    #expect(calendars.first?.pushRegistration?.path == "/push/0")
  }

  @Test func aRenewalForTheSameEndpointRemovesNothing() async throws {
    let server = Server()
    let due = PushRegistration(
      url: URL(string: "https://dav.example.com/push/kept")!, endpoint: "https://push.example.org/same",
      expires: now.addingTimeInterval(3_600), renewAt: now.addingTimeInterval(-60))
    let (push, _) = state(subscription(endpoint: "https://push.example.org/same", registration: due))
    let upkeep = PushUpkeep(account: account, client: client(server), push: push, now: { [now] in now })
    _ = try await upkeep.run([calendar])
    #expect(server.calls.withLock { $0 } == ["register https://push.example.org/same at /push/0"])
  }

  @Test func aCalendarThatStoppedOfferingPushLosesItsSubscriptionThereAndHere() async throws {
    let server = Server()
    let made = PushRegistration(
      url: URL(string: "https://dav.example.com/push/made")!, endpoint: "https://push.example.org/e",
      expires: now.addingTimeInterval(86_400), renewAt: now.addingTimeInterval(43_200))
    let (push, row) = state(subscription(endpoint: "https://push.example.org/e", registration: made))
    var quiet = calendar
    quiet.pushTopic = nil
    let upkeep = PushUpkeep(account: account, client: client(server), push: push, now: { [now] in now })
    _ = try await upkeep.run([quiet])
    #expect(server.calls.withLock { $0 } == ["unregister /push/made"])
    #expect(row.withLock { $0 } == nil)
  }
}
