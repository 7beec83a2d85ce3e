import Foundation
import ICalendar
import Models
import SyncClient
import Localization

extension CalendarSync {
  /// Sends a local change or deletion the server has not touched since the agreed version.
  func send(_ object: SyncedObject, _ context: Context, into commit: inout SyncCommit, report: inout SyncReport) async throws {
    guard let todo = object.local else {
      guard let etag = object.etag else {
        commit.removed.append(.init(href: object.href, todoID: object.todoID, deleteTodo: false))
        return
      }
      report.deletedThere += 1
      if dryRun { return }
      switch try await client.delete(account, calendar, object.href, etag) {
      case .written, .gone:
        commit.removed.append(.init(href: object.href, todoID: object.todoID, deleteTodo: false))
      case .conflict: throw SyncRestart()
      case let .refused(reason):
        report.deletedThere -= 1
        throw ObjectRefused(reason: reason)
      }
      return
    }
    // Created here, and its ETag not known yet: the server's version comes with the changes.
    guard object.etag != nil else { return }
    let parsed = try? CalendarObject(parsing: object.agreed)
    let fields = SyncedFields(todo)
    let relatives = context.relatives
    guard var text = parsed, let agreed = SyncedFields(text, local: local, now: now(), relatives: relatives),
      agreed != fields,
      !SyncedFields.isLeftToTheServer(text, local: local)
    else {
      // A series quickdo does not follow (an override, EXDATE, a rule it cannot expand) is
      // not changed on the server: completing it there would end it for every device. The
      // change stays here until the server's version changes.
      if let parsed, let why = SyncedFields.whyLeftToTheServer(parsed, local: local),
        SyncedFields(parsed, local: local, now: now(), relatives: relatives) != fields
      {
        report.keptHere += 1
        report.notes.append(tr("\"%s\": kept here, not sent: %s", TerminalText.visible(String(todo.title.prefix(80))), why))
      }
      // Only local bookkeeping changed (a snooze, a reminder shown): nothing to send.
      commit.saved.append(
        .init(href: object.href, etag: object.etag, agreed: object.agreed, todoID: todo.id, todo: nil, expectedRevision: object.localRevision))
      return
    }
    fields.write(into: &text, local: local, now: now(), relatives: relatives)
    let etag = try await put(object.href, text.bytes, over: object.etag, report: &report)
    commit.saved.append(
      .init(href: object.href, etag: etag, agreed: text.bytes, todoID: todo.id, todo: nil, expectedRevision: object.localRevision))
  }

  /// Creates a todo made here in this calendar, named by its id. Nothing waits for it if the
  /// name is taken (a run cut short after its PUT): the server's object comes with the
  /// changes and is merged like any other.
  func create(_ local: LocalTodo, _ context: Context, into commit: inout SyncCommit, report: inout SyncReport) async throws {
    let uid = local.todo.idString
    var href = calendar.url.path(percentEncoded: true)
    if !href.hasSuffix("/") { href += "/" }
    href += uid + ".ics"
    guard
      var object = try? CalendarObject(
        parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//quickdo//quickdo//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nSEQUENCE:0\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    else { return }
    SyncedFields(local.todo).write(into: &object, local: self.local, now: now(), relatives: context.relatives)
    report.created += 1
    if dryRun { return }
    switch try await client.put(account, calendar, href, object.bytes, nil) {
    case let .written(etag):
      commit.saved.append(
        .init(
          href: href, etag: etag, agreed: object.bytes, todoID: local.todo.id, todo: nil, expectedRevision: local.revision,
          uid: uid))
    case let .refused(reason):
      report.created -= 1
      throw ObjectRefused(reason: reason)
    case .conflict, .gone:
      break
    }
  }

  /// PUTs `data` over the version `etag` names; the new ETag.
  func put(_ href: String, _ data: [UInt8], over etag: String?, report: inout SyncReport) async throws -> String? {
    report.sent += 1
    if dryRun { return etag }
    switch try await client.put(account, calendar, href, data, etag) {
    case let .written(newETag): return newETag
    case .conflict, .gone: throw SyncRestart()
    case let .refused(reason):
      report.sent -= 1
      throw ObjectRefused(reason: reason)
    }
  }
}
