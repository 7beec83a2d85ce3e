import Foundation
import ICalendar
import Models
import SyncClient
import Localization

/// One sync of one calendar, both ways, committed in one transaction:
/// 1. ask the server what changed since the stored token, fetch the objects whose ETag
///    differs from the stored one, and read each into a todo (new ones are added, changed
///    ones merged with any local change against the agreed version, see ``ThreeWayMerge``);
/// 2. send the local changes the server did not touch (`PUT` with `If-Match`) and the
///    local deletions (`DELETE` with `If-Match`);
/// 3. commit every todo, ETag, agreed text and the new token at once.
///
/// A 412 or a todo changed locally during the run starts the calendar again from what is
/// stored; nothing is committed before the end, so a run cut short (kill -9, the network)
/// is simply done again.
public struct CalendarSync: Sendable {
  public var account: SyncAccount
  public var calendar: RemoteCalendar
  public var client: SyncClient
  public var state: SyncStateClient
  public var local: TimeZone
  public var now: @Sendable () -> Date
  /// Reads and merges, but writes nothing on either side.
  public var dryRun: Bool
  /// The name of the calendar's list: the todos in it are this calendar's, and a todo put
  /// in it here is created in it.
  public var listName: String
  /// The account's other calendars by list name: a todo of this calendar moved to one of
  /// them is written there, then deleted here.
  public var otherLists: [String: RemoteCalendar]

  public init(
    account: SyncAccount, calendar: RemoteCalendar, client: SyncClient, state: SyncStateClient,
    local: TimeZone = .current, now: @escaping @Sendable () -> Date = Date.init, dryRun: Bool = false,
    listName: String? = nil, otherLists: [String: RemoteCalendar] = [:]
  ) {
    self.listName = listName ?? calendar.displayName
    self.otherLists = otherLists
    self.account = account
    self.calendar = calendar
    self.client = client
    self.state = state
    self.local = local
    self.now = now
    self.dryRun = dryRun
  }

  /// How often a calendar is started again after a conflict before the run gives up.
  static let attempts = 4

  public func run() async throws -> SyncReport {
    var conflicts = 0
    for _ in 1...Self.attempts {
      do {
        // The list's name as storage has it now: finding another account's calendar of
        // the same name renames it, and the commit checks it has not changed since.
        var attempt = self
        if let named = try await state.listNames()[calendar.url.absoluteString] { attempt.listName = named }
        var report = try await attempt.once()
        report.conflicts += conflicts
        return report
      } catch is SyncRestart {
        conflicts += 1
      } catch is SyncCommitConflict {
        conflicts += 1
      } catch is SyncListRenamed {
        conflicts += 1
      }
    }
    throw SyncError.server(
      account: account.name,
      detail: tr("%s: the server kept changing the todo (%s tries); try again later", calendar.displayName, Self.attempts))
  }

  /// A write met a newer version on the server: read everything again.
  struct SyncRestart: Error {}
  /// The server, or sync's own rules, refused one object; the rest goes on.
  struct ObjectRefused: Error {
    var reason: String
  }

  func once() async throws -> SyncReport {
    // The server is asked first, and what waits here is read while it answers: a sync with
    // no change takes little more than that request.
    let token = try await state.token(calendar.url.absoluteString)
    async let asked = client.changes(account, calendar, token)
    let summary = try await state.summary(calendar.url.absoluteString)
    var created = try await state.unsynced(listName).filter { !$0.isSetAside }
    let changes = try await asked
    // Another sync stored a new token between the two reads: start from what it stored.
    guard summary.token == token else { throw SyncRestart() }
    var report = SyncReport(calendar: calendar.displayName)
    var commit = SyncCommit(
      calendar: calendar.reference,
      token: changes.token, outcome: "ok", now: now())
    commit.listName = listName
    report.setAside = summary.setAside
    report.unreadable = summary.unreadable
    if changes.changed.isEmpty, changes.removed.isEmpty, !changes.isComplete, summary.queued == 0, created.isEmpty {
      // Nothing on either side: only the time of this sync is recorded.
      if !dryRun { try await state.commit(commit) }
      return report
    }
    let stored = try await state.calendar(calendar.url.absoluteString)
    guard stored.token == summary.token else { throw SyncRestart() }

    // Objects an older build wrote outside this calendar: the todo is created inside it,
    // and the stray copy is left alone (sync never writes outside a calendar) and named.
    let strays = stored.objects.values.filter { calendar.member($0.href) == nil }.sorted { $0.href < $1.href }
    for stray in strays {
      commit.removed.append(.init(href: stray.href, todoID: stray.todoID, deleteTodo: false))
      guard let todo = stray.local else { continue }
      created.append(LocalTodo(todo: todo, revision: stray.localRevision))
      report.notes.append(
        tr(
          "\"%s\" was written outside the calendar by an older quickdo, to \"%s\"; it is created in %s now. The copy at that address is left alone: delete it on the server if you do not want it",
          todo.title.prefix(80), stray.href.prefix(160), calendar.displayName))
    }
    let strayHrefs = Set(strays.map(\.href))

    var removed = Set(changes.removed).subtracting(strayHrefs)
    if changes.isComplete {
      removed.formUnion(stored.objects.keys.filter { changes.changed[$0] == nil && !strayHrefs.contains($0) })
      commit.readable += stored.unreadable.keys.filter { changes.changed[$0] == nil }
    }
    commit.readable += changes.removed
    // An object read before and set aside as unreadable is not fetched again until it
    // changes.
    func isNew(_ href: String, _ etag: String?) -> Bool {
      guard let object = stored.objects[href] else { return stored.unreadable[href] != (etag ?? "") }
      return object.etag != etag
    }
    let wanted = changes.changed.filter { isNew($0.key, $0.value) }.map(\.key).sorted()
    // The objects that came with the changes, and the others fetched.
    let sent = changes.objects.filter { isNew($0.href, $0.etag) }
    let missing = Set(wanted).subtracting(changes.objects.map(\.href)).sorted()
    let fetched = Self.unique(
      sent + (missing.isEmpty ? [] : try await Self.named(missing, client.fetch(account, calendar, missing))))
    report.fetched = fetched.count
    report.notes += changes.refused
    removed.formUnion(Set(wanted).subtracting(fetched.map(\.href)))

    // Parents by UID: every stored object's, then each object's as it is read (one at a
    // time, so a first sync's memory stays bounded). A new subtask read before its new
    // parent gets it once the parent is read.
    var context = Context(relatives: try await state.relatives(!dryRun))
    var orphans: [(saved: Int, parentUID: String)] = []
    var touched = removed.union(strayHrefs)
    for remote in fetched {
      touched.insert(remote.href)
      let object: CalendarObject
      do {
        object = try CalendarObject(parsing: remote.data)
      } catch {
        setAside(unreadable: remote, error.description, &commit, &report)
        continue
      }
      if let why = Self.whyNotATodo(object) {
        setAside(unreadable: remote, why, &commit, &report)
        continue
      }
      commit.readable.append(remote.href)
      do {
        if let saved = try await receive(remote, object, stored: stored.objects[remote.href], context, report: &report) {
          if let uid = saved.uid { context.relatives.add(uid: uid, todoID: saved.todoID) }
          if saved.expectedRevision == nil, saved.todo?.parent == nil, let parentUID = object.todo?.parentUID {
            orphans.append((commit.saved.count, parentUID))
          }
          commit.saved.append(saved)
        }
      } catch let refused as ObjectRefused {
        if let mine = stored.objects[remote.href], let todo = mine.local {
          setAside(todo.id, at: mine.localRevision, "\"\(todo.title.prefix(80))\"", refused, &commit, &report)
        } else {
          report.notes.append(refused.reason)
        }
      }
    }
    for (index, parentUID) in orphans {
      guard let parent = context.relatives.todoID(ofUID: parentUID), parent != commit.saved[index].todoID else { continue }
      commit.saved[index].todo?.parent = parent
    }
    for href in removed.sorted() {
      guard let object = stored.objects[href] else { continue }
      commit.removed.append(.init(href: href, todoID: object.todoID, deleteTodo: object.local != nil))
      if object.local != nil { report.deletedHere += 1 }
    }
    for (href, object) in stored.objects.sorted(by: { $0.key < $1.key })
    where !touched.contains(href) && object.isChangedLocally && !object.isSetAside {
      do {
        if let todo = object.local, todo.list != listName {
          try await move(object, todo, context, into: &commit, report: &report)
        } else {
          try await send(object, context, into: &commit, report: &report)
        }
      } catch let refused as ObjectRefused {
        let what = object.local.map { "\"\($0.title.prefix(80))\"" } ?? tr("the deletion of %s", Self.title(of: object))
        setAside(object.todoID, at: object.local == nil ? -1 : object.localRevision, what, refused, &commit, &report)
      }
    }
    for todo in created {
      do {
        try await create(todo, context, into: &commit, report: &report)
      } catch let refused as ObjectRefused {
        setAside(todo.todo.id, at: todo.revision, "\"\(todo.todo.title.prefix(80))\"", refused, &commit, &report)
      }
    }
    let readable = Set(commit.readable)
    report.unreadable =
      stored.unreadable.keys.filter { !touched.contains($0) && !readable.contains($0) }.count + commit.unreadable.count
    if !dryRun { try await state.commit(commit) }
    return report
  }

  /// Records that the server refused `what` (a todo at `revision`, or its deletion at -1),
  /// with one line: the todo stays here and is not sent again until it changes here or the
  /// user runs `quickdo sync --retry`.
  func setAside(
    _ todoID: UUID, at revision: Int64, _ what: String, _ refused: ObjectRefused, _ commit: inout SyncCommit,
    _ report: inout SyncReport
  ) {
    report.setAside += 1
    report.notes.append(tr("%s: %s; kept here and set aside until it changes here or `quickdo sync --retry`", what, refused.reason))
    if !dryRun { commit.setAside.append(.init(todoID: todoID, revision: revision, reason: refused.reason)) }
  }

  /// The title an object's agreed text gives, quoted, for a line about it.
  static func title(of object: SyncedObject) -> String {
    let summary = (try? CalendarObject(parsing: object.agreed))?.todo?.summary
    return summary.map { "\"\($0.prefix(80))\"" } ?? "a todo"
  }

  /// `objects` with each href once: a server that repeats an href in one answer gives one
  /// todo, not one per copy.
  static func unique(_ objects: [RemoteObject]) -> [RemoteObject] {
    var seen: Set<String> = []
    return objects.filter { seen.insert($0.href).inserted }
  }

  /// The objects a multiget answered, each named by the href it was asked for: a server
  /// may spell an href differently in its two answers (`%40` or `@`), and an object
  /// asked for and not found is taken as deleted.
  static func named(_ asked: [String], _ objects: [RemoteObject]) -> [RemoteObject] {
    func key(_ href: String) -> String {
      (URL(string: href)?.path ?? href).removingPercentEncoding ?? href
    }
    let byKey = Dictionary(asked.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    return objects.map { object in
      var object = object
      object.href = byKey[key(object.href)] ?? object.href
      return object
    }
  }

  /// What a run knows of the objects it has read: how their UIDs name todos here.
  struct Context {
    var relatives: Relatives
  }
}
