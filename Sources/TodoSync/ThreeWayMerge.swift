import Foundation

/// The merge of a todo changed on both sides since the last version they agreed on: a
/// field changed on one side takes that side's value; a field changed on both sides to
/// different values takes the side modified later. So a completion on the phone and a
/// title edited on the desktop both survive.
public enum ThreeWayMerge {
  /// `base` is the last agreed version; `localModified` and `remoteModified` (the
  /// server's LAST-MODIFIED, nil when it has none) decide fields both sides changed, the
  /// server winning a tie or when it cannot tell.
  public static func merge(
    base: SyncedFields, local: SyncedFields, localModified: Date, remote: SyncedFields,
    remoteModified: Date?
  ) -> SyncedFields {
    let localWins = remoteModified.map { localModified > $0 } ?? false
    func pick<Value: Equatable>(_ field: WritableKeyPath<SyncedFields, Value>) -> Value {
      let (old, mine, theirs) = (base[keyPath: field], local[keyPath: field], remote[keyPath: field])
      if mine == theirs || mine == old { return theirs }
      if theirs == old { return mine }
      return localWins ? mine : theirs
    }
    var merged = remote
    merged.title = pick(\.title)
    merged.notes = pick(\.notes)
    merged.priority = pick(\.priority)
    merged.completedAt = pick(\.completedAt)
    merged.due = pick(\.due)
    merged.url = pick(\.url)
    merged.repeatRule = pick(\.repeatRule)
    return merged
  }
}
