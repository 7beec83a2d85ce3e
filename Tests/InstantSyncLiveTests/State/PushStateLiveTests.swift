import Foundation
import InstantSyncClient
import PushStateLive
import SyncClient
import Testing
import TodoStorageLive
import WebPush

/// The push subscriptions' SQL on a real SQLite database: what the agent and sync write is
/// what they read back, and a calendar keeps the subscription it has.
struct PushStateLiveTests {
  let database: AppDatabase
  let state: PushStateClient
  let calendar = "https://dav.example.com/cal/tasks/"

  init() throws {
    database = try AppDatabase.inMemory()
    state = .live(database)
  }

  func offerPush(_ url: String, account: String, topic: String?) throws {
    try database.writer.write { db in
      try db.execute(
        sql: "INSERT INTO sync_calendar (url, account, displayName, pushTopic) VALUES (?, ?, 'Tasks', ?)",
        arguments: [url, account, topic])
    }
  }

  @Test func theCalendarsThatOfferPushAreThoseWithATopic() async throws {
    try offerPush(calendar, account: "work", topic: "topic-1")
    try offerPush("https://dav.example.com/cal/notes/", account: "work", topic: nil)
    #expect(try await state.offering() == [PushCalendar(account: "work", calendar: calendar)])
  }

  @Test func aSubscriptionIsReadBackAsWritten() async throws {
    let keys = PushKeys.generate()
    try await state.add(PushSubscription(calendar: calendar, account: "work", token: "token-1", keys: keys))
    // A calendar keeps the subscription it has.
    try await state.add(PushSubscription(calendar: calendar, account: "work", token: "token-2", keys: .generate()))
    try await state.setEndpoint("token-1", "https://push.example.com/1")
    let registration = PushRegistration(
      url: URL(string: "https://dav.example.com/push/1")!, endpoint: "https://push.example.com/1",
      expires: Date(timeIntervalSince1970: 1_796_000_000), renewAt: Date(timeIntervalSince1970: 1_795_800_000))
    try await state.setRegistration(calendar, registration)
    try await state.pushed("token-1", Date(timeIntervalSince1970: 1_795_700_000))
    #expect(try await state.subscriptions() == [
      PushSubscription(
        calendar: calendar, account: "work", token: "token-1", keys: keys, endpoint: "https://push.example.com/1",
        registration: registration, lastPush: Date(timeIntervalSince1970: 1_795_700_000))
    ])

    try await state.setRegistration(calendar, nil)
    try await state.setEndpoint("token-1", nil)
    let cleared = try await state.subscriptions()
    #expect(cleared.count == 1 && cleared[0].endpoint == nil && cleared[0].registration == nil)
    try await state.remove(calendar)
    #expect(try await state.subscriptions().isEmpty)
  }
}
