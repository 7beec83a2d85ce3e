import Foundation

/// One todo as `TodoJSONWriter` writes it: the text fields as UTF-8 bytes that only need to
/// live for one call. It exists so that `list --json` can write a database row's columns
/// as they are (the stored id text, title, notes and URL) instead of making a `Todo` of
/// each row first; a `Todo` gives one through ``Todo/withJSONEntry(_:)``.
public struct TodoJSONEntry {
  /// The id as lowercase canonical text (36 bytes), as `UUIDText` writes it.
  public var id: UnsafeBufferPointer<UInt8>
  /// Valid UTF-8, like `notes` and `url`; the writer escapes, it does not repair.
  public var title: UnsafeBufferPointer<UInt8>
  public var notes: UnsafeBufferPointer<UInt8>
  public var priority: Priority
  public var isComplete: Bool
  public var createdAt: Date
  public var completedAt: Date?
  public var due: Date?
  /// The URL's `absoluteString`.
  public var url: UnsafeBufferPointer<UInt8>?
  public var snoozedUntil: Date?

  public init(
    id: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>,
    notes: UnsafeBufferPointer<UInt8>, priority: Priority, isComplete: Bool, createdAt: Date,
    completedAt: Date?, due: Date?, url: UnsafeBufferPointer<UInt8>?, snoozedUntil: Date?
  ) {
    self.id = id
    self.title = title
    self.notes = notes
    self.priority = priority
    self.isComplete = isComplete
    self.createdAt = createdAt
    self.completedAt = completedAt
    self.due = due
    self.url = url
    self.snoozedUntil = snoozedUntil
  }
}

extension Todo {
  /// Calls `body` with this todo as a ``TodoJSONEntry`` whose bytes live for that call.
  public func withJSONEntry<R>(_ body: (TodoJSONEntry) throws -> R) rethrows -> R {
    var title = title
    var notes = notes
    var url = url?.absoluteString
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { idBytes in
      let idCount = UUIDText.write(id, into: idBytes.baseAddress!)
      let id = UnsafeBufferPointer(start: idBytes.baseAddress!, count: idCount)
      return try title.withUTF8 { title in
        try notes.withUTF8 { notes in
          func entry(url: UnsafeBufferPointer<UInt8>?) throws -> R {
            try body(
              TodoJSONEntry(
                id: id, title: title, notes: notes, priority: priority, isComplete: isComplete,
                createdAt: createdAt, completedAt: completedAt, due: due, url: url,
                snoozedUntil: snoozedUntil))
          }
          guard url != nil else { return try entry(url: nil) }
          return try url!.withUTF8 { try entry(url: $0) }
        }
      }
    }
  }
}
