import CalDAVRig
import Foundation
import Models
import SyncClient
import SyncClientLive
import TodoStorageClient
import TodoStorageLive
import TodoSync

/// quickdo on one desktop for a sync test: a real database in a temporary folder, the live
/// CalDAV client, and a sync of every calendar of the account as `quickdo sync` runs it.
final class Device: @unchecked Sendable {
  let folder: URL
  let storage: TodoStorageClient
  let state: SyncStateClient
  var client = SyncClient.live()
  var account: SyncAccount
  /// Every call to the client's `changes` (with the token it passed) and `fetch`.
  let calls = Calls()

  final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    func record(_ call: String) { lock.withLock { recorded.append(call) } }
    /// The calls so far, forgotten.
    func take() -> [String] { lock.withLock { defer { recorded = [] }; return recorded } }
  }

  init(server: CalDAVServer, password: String? = nil) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-device-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let database = try AppDatabase.openFile(at: folder.appendingPathComponent("todos.sqlite").path)
    storage = .live(database)
    state = .live(database)
    account = SyncAccount(
      name: "test", url: URL(string: server.url)!, username: server.user,
      password: password ?? server.password)
    // SOGo's Personal Calendar takes todos too; the tests' todos are in Tasks.
    if server.kind == .sogo { account.calendars = ["Tasks"] }
    let live = client
    let calls = calls
    client.calendars = { account in
      calls.record("discover")
      return try await live.calendars(account)
    }
    client.changes = { account, calendar, token in
      calls.record(token == nil ? "changes from nothing" : "changes since a token")
      return try await live.changes(account, calendar, token)
    }
    client.fetch = { account, calendar, hrefs in
      calls.record("fetch \(hrefs.count)")
      return try await live.fetch(account, calendar, hrefs)
    }
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Syncs every calendar of the account once, as the agent and `quickdo sync` do; the
  /// reports.
  @discardableResult
  func sync() async throws -> [SyncReport] {
    let account = self.account
    return try await AccountSync.run(account, client: client, state: state)
  }

  func todos() async throws -> [Todo] { try await storage.load(.all) }

  func todo(titled title: String) async throws -> Todo? {
    try await todos().first { $0.title == title }
  }
}
