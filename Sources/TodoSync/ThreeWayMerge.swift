import Foundation
import Models

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
    var merged = remote
    for field in Todo.sharedFields {
      // Unchanged here, or changed alike: the server's. Changed here only, or on both
      // sides with this side later: this side's.
      if local.agrees(with: remote, on: field) || local.agrees(with: base, on: field) { continue }
      if remote.agrees(with: base, on: field) || localWins { field.copy(local.shared, &merged.shared) }
    }
    return merged
  }
}
