import Foundation
import GRDB
import InstantSyncClient
import SyncClient
import TodoStorageLive
import WebPush

extension PushStateClient {
  /// Push state in the quickdo database (migration v16).
  public static func live(_ database: AppDatabase) -> PushStateClient {
    let writer = database.writer
    return PushStateClient(
      subscriptions: {
        try await wrap { try await writer.read { db in try PushRows.all(db) } }
      },
      offering: {
        try await wrap {
          try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT account, url FROM sync_calendar WHERE pushTopic IS NOT NULL ORDER BY url")
              .map { PushCalendar(account: $0[0], calendar: $0[1]) }
          }
        }
      },
      add: { subscription in
        try await wrap {
          try await writer.write { db in
            try db.execute(
              sql: """
                INSERT INTO push_subscription (calendar, account, token, privateKey, authSecret)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT (calendar) DO NOTHING
                """,
              arguments: [
                subscription.calendar, subscription.account, subscription.token,
                Data(subscription.keys.privateKey), Data(subscription.keys.authSecret),
              ])
          }
        }
      },
      setEndpoint: { token, endpoint in
        try await wrap {
          try await writer.write { db in
            try db.execute(
              sql: "UPDATE push_subscription SET endpoint = ? WHERE token = ?", arguments: [endpoint, token])
          }
        }
      },
      setRegistration: { calendar, registration in
        try await wrap {
          try await writer.write { db in
            try db.execute(
              sql: """
                UPDATE push_subscription SET registration = ?, registeredEndpoint = ?, expires = ?, renewAt = ?
                WHERE calendar = ?
                """,
              arguments: [
                registration?.url.absoluteString, registration?.endpoint,
                registration?.expires.timeIntervalSince1970, registration?.renewAt.timeIntervalSince1970, calendar,
              ])
          }
        }
      },
      pushed: { token, at in
        try await wrap {
          try await writer.write { db in
            try db.execute(
              sql: "UPDATE push_subscription SET lastPush = ? WHERE token = ?",
              arguments: [at.timeIntervalSince1970, token])
          }
        }
      },
      remove: { calendar in
        try await wrap {
          try await writer.write { db in
            try db.execute(sql: "DELETE FROM push_subscription WHERE calendar = ?", arguments: [calendar])
          }
        }
      })
  }
}

/// The SQL behind ``PushStateClient/live(_:)``'s reads.
enum PushRows {
  static func all(_ db: Database) throws -> [PushSubscription] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT calendar, account, token, privateKey, authSecret, endpoint, registration, registeredEndpoint,
          expires, renewAt, lastPush
        FROM push_subscription ORDER BY calendar
        """
    ).map { row in
      var registration: PushRegistration?
      if let text: String = row[6], let url = URL(string: text), let endpoint: String = row[7],
        let expires: Double = row[8], let renewAt: Double = row[9]
      {
        registration = PushRegistration(
          url: url, endpoint: endpoint, expires: Date(timeIntervalSince1970: expires),
          renewAt: Date(timeIntervalSince1970: renewAt))
      }
      return PushSubscription(
        calendar: row[0], account: row[1], token: row[2],
        keys: PushKeys(privateKey: Array(row[3] as Data), authSecret: Array(row[4] as Data)),
        endpoint: row[5], registration: registration,
        lastPush: (row[10] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
  }
}
