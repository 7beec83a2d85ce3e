import Foundation
import ICalendar
import Models
import SyncClient
import Localization

extension CalendarSync {
  /// The todo to store for an object fetched from the server, merged with the local change
  /// if there is one (and the merge sent back when it differs from the server's).
  func receive(
    _ remote: RemoteObject, _ object: CalendarObject, stored: SyncedObject?, _ context: Context,
    report: inout SyncReport
  ) async throws -> SyncCommit.Saved? {
    // Not a todo (an event in a calendar that holds both): left alone on the server and
    // not shown here.
    guard let vtodo = object.todo else { return nil }
    let relatives = context.relatives
    let fields = SyncedFields(vtodo, in: object, local: local, now: now(), relatives: relatives)
    if vtodo.categories.count > SyncedFields.maxTags {
      report.notes.append(
        tr("\"%s\" has %s categories; the first %s are its tags here, and every one is kept on the server", fields.title.prefix(80), vtodo.categories.count, SyncedFields.maxTags))
    }
    if remote.hasReplacedCharacters {
      report.notes.append(
        tr("\"%s\" held characters the server wrote in a form XML does not allow; they read as U+FFFD", fields.title.prefix(80)))
    }
    if let line = SyncedFields.alarmProblems(in: object, title: fields.title, now: now()) { report.notes.append(line) }
    for name in SyncedFields.datesOutOfRange(of: vtodo, in: object, local: local) {
      report.notes.append(
        tr("%s of \"%s\" is outside the years 1900–9999; kept on the server, shown here without it", name, fields.title.prefix(80)))
    }
    guard let stored, let current = stored.local else {
      // New here, or deleted here while it changed there: the server's version.
      let created = SyncedFields.plausible(vtodo.dtstamp) ?? now()
      let id = stored?.todoID ?? UUID()
      let todo = fields.applied(
        to: Todo(id: id, title: fields.title, createdAt: created, list: listName), from: vtodo)
      report.added += stored == nil ? 1 : 0
      return .init(
        href: remote.href, etag: remote.etag, agreed: remote.data, todoID: todo.id, todo: todo, expectedRevision: nil,
        uid: vtodo.uid)
    }
    let mine = SyncedFields(current)
    // A series left to the server takes the server's version (see `send`).
    guard stored.isChangedLocally, !SyncedFields.isLeftToTheServer(object, local: local),
      let base = try? CalendarObject(parsing: stored.agreed),
      let agreed = SyncedFields(base, local: local, now: now(), relatives: relatives), mine != agreed, mine != fields
    else {
      if fields != mine { report.changedHere += 1 }
      return .init(
        href: remote.href, etag: remote.etag, agreed: remote.data, todoID: current.id,
        todo: fields.applied(to: current, from: vtodo), expectedRevision: stored.localRevision, uid: vtodo.uid)
    }
    let merged = ThreeWayMerge.merge(
      base: agreed, local: mine, localModified: stored.localModified ?? now(), remote: fields,
      remoteModified: vtodo.lastModified)
    report.merged += 1
    var text = object
    merged.write(into: &text, local: local, now: now(), relatives: relatives)
    var etag = remote.etag
    if merged != fields {
      etag = try await put(remote.href, text.bytes, over: remote.etag, report: &report)
    }
    return .init(
      href: remote.href, etag: etag, agreed: text.bytes, todoID: current.id,
      todo: merged.applied(to: current, from: vtodo), expectedRevision: stored.localRevision, uid: vtodo.uid)
  }
}
