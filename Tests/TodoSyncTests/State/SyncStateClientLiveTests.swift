import Foundation
import GRDB
import Models
import SyncClient
import TodoStorageClient
import TodoSync
import Testing
@testable import TodoStorageLive

/// Sync state in real SQLite: a commit is all or nothing, never overwrites a todo changed
/// since the sync read it, and a local change or deletion shows as waiting.
struct SyncStateClientLiveTests {
  let calendar = CalendarReference(account: "personal", url: URL(string: "https://dav.example.com/me/tasks/")!, displayName: "Tasks")
  let now = Date(timeIntervalSince1970: 1_795_600_000)

  func fresh() throws -> (TodoStorageClient, SyncStateClient) {
    let database = try AppDatabase.inMemory()
    return (.live(database), .live(database))
  }

  func received(_ title: String, href: String) -> SyncCommit.Saved {
    let todo = Todo(id: UUID(), title: title, createdAt: now)
    return .init(href: href, etag: "\"1\"", agreed: Array("agreed \(title)".utf8), todoID: todo.id, todo: todo, expectedRevision: nil)
  }

  @Test func aCommitStoresTodosObjectsAndTheToken() async throws {
    let (storage, state) = try fresh()
    let saved = received("From the phone", href: "/me/tasks/a.ics")
    try await state.commit(SyncCommit(calendar: calendar, saved: [saved], token: "t1", outcome: "ok", now: now))
    #expect(try await storage.load(.all).map(\.title) == ["From the phone"])
    let stored = try await state.calendar(calendar.url.absoluteString)
    #expect(stored.token == "t1")
    let object = try #require(stored.objects["/me/tasks/a.ics"])
    #expect(object.etag == "\"1\"")
    #expect(object.agreed == saved.agreed)
    #expect(object.local?.title == "From the phone")
    #expect(!object.isChangedLocally)
    #expect(try await state.status().map(\.queued) == [0])
  }

  @Test func aLocalChangeAndALocalDeletionWaitToBeSent() async throws {
    let (storage, state) = try fresh()
    let a = received("a", href: "/a.ics")
    let b = received("b", href: "/b.ics")
    try await state.commit(SyncCommit(calendar: calendar, saved: [a, b], token: "t1", now: now))
    var todo = try #require(a.todo)
    todo.title = "a, renamed"
    try await storage.upsert([todo])
    try await storage.delete([b.todoID])
    let stored = try await state.calendar(calendar.url.absoluteString)
    #expect(stored.objects["/a.ics"]?.isChangedLocally == true)
    #expect(stored.objects["/a.ics"]?.local?.title == "a, renamed")
    #expect(stored.objects["/b.ics"]?.local == nil)
    #expect(try await state.status().map(\.queued) == [2])
  }

  @Test func aTodoChangedSinceTheSyncReadItIsNotOverwritten() async throws {
    let (storage, state) = try fresh()
    let a = received("a", href: "/a.ics")
    try await state.commit(SyncCommit(calendar: calendar, saved: [a], token: "t1", now: now))
    let read = try #require(try await state.calendar(calendar.url.absoluteString).objects["/a.ics"])
    var mine = try #require(a.todo)
    mine.title = "changed here meanwhile"
    try await storage.upsert([mine])
    var theirs = mine
    theirs.title = "from the server"
    let other = received("other", href: "/other.ics")
    let late = SyncCommit.Saved(
      href: "/a.ics", etag: "\"2\"", agreed: Array("v2".utf8), todoID: a.todoID, todo: theirs,
      expectedRevision: read.localRevision)
    await #expect(throws: SyncCommitConflict(todoID: a.todoID)) {
      try await state.commit(SyncCommit(calendar: calendar, saved: [other, late], token: "t2", now: now))
    }
    // Nothing of the refused commit is kept: not the other todo, not the token.
    #expect(try await storage.load(.all).map(\.title) == ["changed here meanwhile"])
    #expect(try await state.calendar(calendar.url.absoluteString).token == "t1")
  }

  @Test func aCommitUnderAListNameAnotherAccountsCalendarChangedIsRefused() async throws {
    let (storage, state) = try fresh()
    try await state.saveDiscovered(
      "personal", DiscoveredCalendars(calendars: [RemoteCalendar(calendar, supportsSyncCollection: true)], from: "", at: now))
    #expect(try await state.listNames()[calendar.url.absoluteString] == "Tasks")
    // Another account's "Tasks" found while this calendar's sync runs: both are renamed.
    let work = CalendarReference(account: "work", url: URL(string: "https://work.example.com/tasks/")!, displayName: "Tasks")
    try await state.saveDiscovered(
      "work", DiscoveredCalendars(calendars: [RemoteCalendar(work, supportsSyncCollection: true)], from: "", at: now))
    #expect(try await state.listNames()[calendar.url.absoluteString] == "personal/Tasks")
    var late = SyncCommit(calendar: calendar, saved: [received("From the phone", href: "/a.ics")], token: "t1", now: now)
    late.listName = "Tasks"
    await #expect(throws: SyncListRenamed()) { try await state.commit(late) }
    #expect(try await storage.load(.all).isEmpty)
    late.listName = "personal/Tasks"
    try await state.commit(late)
    #expect(try await storage.load(.all).count == 1)
  }

  @Test func aServerDeletionRemovesTheTodoAndTellsOtherProcesses() async throws {
    let (storage, state) = try fresh()
    let a = received("a", href: "/a.ics")
    try await state.commit(SyncCommit(calendar: calendar, saved: [a], token: "t1", now: now))
    let before = try await storage.changes(0).revision
    try await state.commit(
      SyncCommit(calendar: calendar, removed: [.init(href: "/a.ics", todoID: a.todoID, deleteTodo: true)], token: "t2", now: now))
    #expect(try await storage.load(.all).isEmpty)
    #expect(try await storage.changes(before).deleted == [a.todoID])
    #expect(try await state.calendar(calendar.url.absoluteString).objects.isEmpty)
  }

  /// A database from a build that created todos at `<calendar path without its slash><uid>.ics`:
  /// after migration that object waits, so the next sync moves it into its calendar; an
  /// object inside the calendar does not.
  @Test func anObjectAnOlderBuildWroteOutsideItsCalendarWaitsAfterMigration() async throws {
    let old = try DatabaseQueue()
    try AppDatabase.migrator.migrate(old, upTo: "v7: sync state")
    try await old.write { db in
      try db.execute(sql: """
        INSERT INTO todo (id, title, priority, isComplete, createdAt, revision) VALUES
          ('00000000-0000-4000-8000-000000000001', 'stray', 1, 0, 1767225600.0, 3),
          ('00000000-0000-4000-8000-000000000002', 'member', 1, 0, 1767225600.0, 4);
        INSERT INTO sync_calendar (url, account, displayName) VALUES ('https://dav.example.com/me/tasks/', 'personal', 'Tasks');
        INSERT INTO sync_object (calendar, href, todoID, etag, agreed, agreedRevision) VALUES
          ('https://dav.example.com/me/tasks/', '/me/tasks00000000-0000-4000-8000-000000000001.ics',
           '00000000-0000-4000-8000-000000000001', '"1"', x'00', 3),
          ('https://dav.example.com/me/tasks/', '/me/tasks/00000000-0000-4000-8000-000000000002.ics',
           '00000000-0000-4000-8000-000000000002', '"2"', x'00', 4);
        """)
    }
    try AppDatabase.migrator.migrate(old)
    let state = SyncStateClient.live(try AppDatabase(writer: old, path: nil))
    let stored = try await state.calendar(calendar.url.absoluteString)
    #expect(stored.objects["/me/tasks00000000-0000-4000-8000-000000000001.ics"]?.isChangedLocally == true)
    #expect(stored.objects["/me/tasks/00000000-0000-4000-8000-000000000002.ics"]?.isChangedLocally == false)
    #expect(try await state.summary(calendar.url.absoluteString).queued == 1)
  }
}
