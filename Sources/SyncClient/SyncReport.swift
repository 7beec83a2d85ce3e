import Localization
/// What one calendar's sync did, for `quickdo sync`'s progress lines and the agent's log.
public struct SyncReport: Equatable, Sendable, Codable {
  public var calendar: String
  /// Objects read from the server.
  public var fetched = 0
  /// Todos new on this device.
  public var added = 0
  /// Todos changed here by the server's version.
  public var changedHere = 0
  /// Todos changed on both sides and merged.
  public var merged = 0
  /// Objects written to the server.
  public var sent = 0
  /// Todos made here, created on the server.
  public var created = 0
  /// Todos removed here because they were deleted on the server.
  public var deletedHere = 0
  /// Objects deleted on the server because they were deleted here.
  public var deletedThere = 0
  /// Todos put in another list here, taken out of this calendar (and written to the
  /// other calendar first, when the list is one).
  public var moved = 0
  /// Times the calendar was started again because the other side changed meanwhile.
  public var conflicts = 0
  /// Changes to repeating todos kept on this device, not sent.
  public var keptHere = 0
  /// Todos the server refused as they are, kept here and set aside (this run's and
  /// earlier ones still waiting): the sync was partly done.
  public var setAside = 0
  /// The server's objects that could not be read as todos (this run's and earlier ones
  /// not changed since), set aside as they are: the sync was partly done.
  public var unreadable = 0
  /// What sync refused or could not read in this calendar, a line each (an href outside
  /// the calendar, a date out of range): the rest of the calendar synced.
  public var notes: [String] = []

  public init(calendar: String) { self.calendar = calendar }
}

extension SyncReport {
  /// `personal / Tasks: 3 fetched, 2 new, 1 sent`, or `… up to date`; `dryRun` says
  /// "would be".
  public static func line(_ report: SyncReport, account: String, dryRun: Bool = false) -> String {
    // TRANSLATORS: the counts of one sync of a calendar, joined by commas: "3 fetched, 2 new".
    let counts = [
      report.fetched > 0 ? trn("%d fetched", "%d fetched", report.fetched, report.fetched) : nil,
      report.added > 0 ? trn("%d new", "%d new", report.added, report.added) : nil,
      report.changedHere > 0 ? trn("%d changed here", "%d changed here", report.changedHere, report.changedHere) : nil,
      report.merged > 0 ? trn("%d merged", "%d merged", report.merged, report.merged) : nil,
      report.sent > 0 ? trn("%d sent", "%d sent", report.sent, report.sent) : nil,
      report.created > 0 ? trn("%d created there", "%d created there", report.created, report.created) : nil,
      report.deletedHere > 0 ? trn("%d deleted here", "%d deleted here", report.deletedHere, report.deletedHere) : nil,
      report.moved > 0 ? trn("%d moved to another list", "%d moved to another list", report.moved, report.moved) : nil,
      report.deletedThere > 0
        ? trn("%d deleted on the server", "%d deleted on the server", report.deletedThere, report.deletedThere) : nil,
      report.conflicts > 0 ? trn("%d conflict retried", "%d conflicts retried", report.conflicts, report.conflicts) : nil,
      report.keptHere > 0 ? trn("%d repeating kept here", "%d repeating kept here", report.keptHere, report.keptHere) : nil,
      report.setAside > 0
        ? trn("%d refused by the server, set aside", "%d refused by the server, set aside", report.setAside, report.setAside)
        : nil,
      report.unreadable > 0
        ? trn("%d not readable, set aside", "%d not readable, set aside", report.unreadable, report.unreadable) : nil,
    ].compactMap { $0 }
    let what = counts.joined(separator: ", ")
    let line =
      counts.isEmpty ? tr("up to date") : dryRun ? tr("would be %s", what) : what
    return "\(account) / \(report.calendar): \(line)"
  }
}
