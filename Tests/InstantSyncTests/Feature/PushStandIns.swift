import ConcurrencyExtras
import Foundation
import InstantSyncClient
import SyncClient

/// The session bus as the connector's tests drive it: the distributors on it, what the
/// distributor refuses, and every call made, in order.
final class Bus: Sendable {
  let calls = LockIsolated<[String]>([])
  /// Distributors by well-known name, with their owners.
  let distributors = LockIsolated<[String: String]>([:])
  /// Registrations the distributor refuses, by token, with its reason.
  let refusals = LockIsolated<[String: String]>([:])
  private let ownsName = LockIsolated(true)
  private let stream = AsyncStream.makeStream(of: UnifiedPushEvent.self)

  var owned: Bool {
    get { ownsName.value }
    set { ownsName.setValue(newValue) }
  }

  /// Ends the events, as the agent's end would.
  func finish() { stream.continuation.finish() }

  var client: UnifiedPushClient {
    UnifiedPushClient(
      start: { [self] name in
        calls.withValue { $0.append("start \(name)") }
        if !owned { stream.continuation.finish() }
        return (owned, stream.stream)
      },
      distributors: { [self] in Array(distributors.value.keys) },
      owner: { [self] name in
        calls.withValue { $0.append("owner \(name)") }
        return distributors.value[name]
      },
      register: { [self] distributor, _, token, description in
        calls.withValue { $0.append("register \(token) for \(description) with \(distributor)") }
        return refusals.value[token]
      },
      unregister: { [self] distributor, token in
        calls.withValue { $0.append("unregister \(token) with \(distributor)") }
      })
  }
}

/// The push subscriptions' table, in memory.
final class Database: Sendable {
  let rows = LockIsolated<[PushSubscription]>([])
  let offering = LockIsolated<[PushCalendar]>([])
  /// The tokens whose messages came and opened.
  let pushes = LockIsolated<[String]>([])

  func row(_ calendar: String) -> PushSubscription? { rows.value.first { $0.calendar == calendar } }

  /// What a sync does at the server: each subscription with an endpoint registered, to be
  /// renewed at `renewAt`.
  func register(renewAt: Date) {
    rows.withValue { rows in
      for index in rows.indices {
        guard let endpoint = rows[index].endpoint else { continue }
        rows[index].registration = PushRegistration(
          url: URL(string: "https://dav.example.com/push/\(index)")!, endpoint: endpoint,
          expires: renewAt.addingTimeInterval(3_600), renewAt: renewAt)
      }
    }
  }

  var client: PushStateClient {
    PushStateClient(
      subscriptions: { [self] in rows.value },
      offering: { [self] in offering.value },
      add: { [self] subscription in
        rows.withValue { rows in
          guard !rows.contains(where: { $0.calendar == subscription.calendar }) else { return }
          rows.append(subscription)
          rows.sort { $0.calendar < $1.calendar }
        }
      },
      setEndpoint: { [self] token, endpoint in
        rows.withValue { rows in
          for index in rows.indices where rows[index].token == token { rows[index].endpoint = endpoint }
        }
      },
      setRegistration: { [self] calendar, registration in
        rows.withValue { rows in
          for index in rows.indices where rows[index].calendar == calendar { rows[index].registration = registration }
        }
      },
      pushed: { [self] token, _ in pushes.withValue { $0.append(token) } },
      remove: { [self] calendar in rows.withValue { $0.removeAll { $0.calendar == calendar } } })
  }
}
