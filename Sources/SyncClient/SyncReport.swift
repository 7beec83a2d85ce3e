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
  /// What sync refused or could not read in this calendar, a line each (an href outside
  /// the calendar, a date out of range): the rest of the calendar synced.
  public var notes: [String] = []

  public init(calendar: String) { self.calendar = calendar }
}

extension SyncReport {
  /// `personal / Tasks: 3 fetched, 2 new, 1 sent`, or `… up to date`; `dryRun` says
  /// "would be".
  public static func line(_ report: SyncReport, account: String, dryRun: Bool = false) -> String {
    let counts = [
      (report.fetched, "fetched"), (report.added, "new"), (report.changedHere, "changed here"),
      (report.merged, "merged"), (report.sent, "sent"), (report.created, "created there"), (report.deletedHere, "deleted here"),
      (report.moved, "moved to another list"),
      (report.deletedThere, "deleted on the server"), (report.conflicts, "conflicts retried"),
      (report.keptHere, "repeating kept here"), (report.setAside, "refused by the server, set aside"),
    ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    let what = counts.isEmpty ? "up to date" : counts.joined(separator: ", ")
    return "\(account) / \(report.calendar): \(dryRun && !counts.isEmpty ? "would be " : "")\(what)"
  }
}
