import ICalendar
import Localization
import SyncClient

/// A server's objects that are not todos quickdo can read: named once, set aside as they
/// are, and read again when they change there.
extension CalendarSync {
  /// Records a server's object that is not a todo quickdo can read, with one line naming
  /// it and why: it stays on the server as it is, is named in `sync --status`, and is
  /// read again when it changes there.
  func setAside(unreadable remote: RemoteObject, _ why: String, _ commit: inout SyncCommit, _ report: inout SyncReport) {
    report.notes.append(
      tr("%s: not read (%s); left on the server as it is and set aside until it changes there", remote.href.prefix(160), why))
    commit.unreadable.append(.init(href: remote.href, etag: remote.etag, reason: why))
  }

  /// Why a well-formed object is not a todo sync can read; nil when it is one, or when it
  /// holds an event or a journal entry instead (a calendar may keep both, and those are
  /// not quickdo's to show).
  static func whyNotATodo(_ object: CalendarObject) -> String? {
    let todos = object.components("VTODO")
    guard !todos.isEmpty else {
      let others = ["VEVENT", "VJOURNAL", "VFREEBUSY"].contains { !object.components($0).isEmpty }
      return others ? nil : tr("it holds no VTODO")
    }
    guard object.todoComponent != nil else { return tr("it holds only changed occurrences (RECURRENCE-ID) of a series") }
    return object.todo == nil ? tr("its VTODO has no UID") : nil
  }
}
