import Foundation
import ICalendar
import Models
import SyncClient
import Localization

extension CalendarSync {
  /// Takes a todo of this calendar that was put in another list here out of this calendar.
  /// To another calendar of the account, the new copy is written first (the agreed text
  /// with the changes made here, so every property another app wrote goes along), and only
  /// then is this one deleted: a failure between the two leaves the todo in both, never in
  /// none. A copy here the server will not delete stays, as a deletion set aside with the
  /// server's words (`sync --status`, `sync --retry`). A server that keeps one object per
  /// UID across calendars (Cyrus) refuses the new copy; there the old one goes first. To a
  /// local list, or to another account's calendar (which creates it at its own sync), this
  /// copy is deleted. The todo stays here in every case.
  func move(
    _ object: SyncedObject, _ todo: Todo, _ context: Context, into commit: inout SyncCommit,
    report: inout SyncReport
  ) async throws {
    // Not on the server yet: it is created where its list says once this row is gone.
    guard let etag = object.etag else {
      commit.removed.append(.init(href: object.href, todoID: object.todoID, deleteTodo: false))
      return
    }
    report.moved += 1
    if dryRun { return }
    var copy: SyncCommit.Saved?
    if let target = otherLists[todo.list] {
      guard var text = try? CalendarObject(parsing: object.agreed) else {
        throw ObjectRefused(reason: tr("not moved to %s: its agreed text no longer reads", target.displayName))
      }
      SyncedFields(todo).write(into: &text, local: local, now: now(), relatives: context.relatives)
      var href = target.url.path(percentEncoded: true)
      if !href.hasSuffix("/") { href += "/" }
      href += object.href.split(separator: "/").last.map(String.init) ?? (todo.idString + ".ics")
      let uid = text.todo?.uid
      switch try await client.put(account, target, href, text.bytes, nil) {
      case let .written(etag):
        copy = .init(
          href: href, etag: etag, agreed: text.bytes, todoID: todo.id, todo: nil, expectedRevision: object.localRevision,
          uid: uid, calendar: target.url)
      case .conflict:
        // A copy is there already (a run cut short after this PUT): the next sync of that
        // calendar fetches it, since no ETag is recorded, and merges it.
        copy = .init(
          href: href, etag: nil, agreed: text.bytes, todoID: todo.id, todo: nil, expectedRevision: object.localRevision,
          uid: uid, calendar: target.url)
      case .gone:
        report.moved -= 1
        throw ObjectRefused(reason: tr("not moved: the calendar %s is gone", target.displayName))
      case let .refused(reason) where Self.allowsOneCopy(reason):
        try await moveDeletingFirst(object, etag: etag, to: target, href: href, text: text, uid: uid, into: &commit, report: &report)
        return
      case let .refused(reason):
        report.moved -= 1
        throw ObjectRefused(reason: tr("not moved to %s: %s", target.displayName, reason))
      }
    }
    let kept: String?
    switch try await client.delete(account, calendar, object.href, etag) {
    case .written, .gone: kept = nil
    case .conflict: kept = tr("it changed there meanwhile")
    case let .refused(reason): kept = reason
    }
    guard let kept else {
      commit.removed.append(.init(href: object.href, todoID: object.todoID, deleteTodo: false))
      if let copy { commit.saved.append(copy) }
      return
    }
    guard let copy else {
      report.moved -= 1
      throw ObjectRefused(reason: tr("not taken out of %s: %s", calendar.displayName, kept))
    }
    // Both copies are on the server: the todo here is the new one, and the old copy is a
    // deletion that waits, set aside, under an id of its own.
    let stray = UUID()
    commit.saved.append(
      .init(href: object.href, etag: etag, agreed: object.agreed, todoID: stray, todo: nil, expectedRevision: nil))
    commit.saved.append(copy)
    commit.setAside.append(.init(todoID: stray, revision: -1, reason: kept))
    report.setAside += 1
    report.notes.append(
      tr("\"%s\" is in %s now, but its copy in %s was not deleted: %s; it stays there, set aside until `quickdo sync --retry`", TerminalText.visible(String(todo.title.prefix(80))), TerminalText.visible(todo.list), calendar.displayName, kept))
  }

  /// Whether a refused PUT says the server keeps one object per UID in all of the user's
  /// calendars (Cyrus: RFC 6638's unique-scheduling-object-resource; RFC 4791's
  /// no-uid-conflict).
  static func allowsOneCopy(_ reason: String) -> Bool {
    reason.contains("unique-scheduling-object-resource") || reason.contains("no-uid-conflict")
  }

  /// A move on a server that allows one copy of a todo: the old copy is deleted, then the
  /// new one written. The todo stays here all along, in its new list: should the second
  /// write fail, that list's next sync creates it.
  func moveDeletingFirst(
    _ object: SyncedObject, etag: String, to target: RemoteCalendar, href: String, text: CalendarObject, uid: String?,
    into commit: inout SyncCommit, report: inout SyncReport
  ) async throws {
    switch try await client.delete(account, calendar, object.href, etag) {
    case .written, .gone: break
    case .conflict:
      report.moved -= 1
      throw ObjectRefused(reason: tr("not moved to %s: it changed in %s meanwhile", target.displayName, calendar.displayName))
    case let .refused(reason):
      report.moved -= 1
      throw ObjectRefused(reason: tr("not moved to %s: %s", target.displayName, reason))
    }
    commit.removed.append(.init(href: object.href, todoID: object.todoID, deleteTodo: false))
    if case let .written(etag) = try await client.put(account, target, href, text.bytes, nil) {
      commit.saved.append(
        .init(
          href: href, etag: etag, agreed: text.bytes, todoID: object.todoID, todo: nil,
          expectedRevision: object.localRevision, uid: uid, calendar: target.url))
    }
  }
}
