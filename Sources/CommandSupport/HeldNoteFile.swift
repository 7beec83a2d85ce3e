import Foundation
import Models

/// The todos the running agent holds (Do Not Disturb, quiet hours), in
/// `<database>.held`: the agent writes it whenever they change and removes it when it
/// exits; `quickdo list` reads it to mark them. The agent's process id comes first, so a
/// note left by an agent that was killed is ignored.
public enum HeldNoteFile {
  public static func path(forDatabase databasePath: String) -> String { databasePath + ".held" }

  /// Replaces the note with `held` (removes it when there is none), atomically: `list`
  /// never reads half of one.
  public static func write(_ held: [Todo.ID], reason: HoldReason, databasePath: String) throws {
    let path = path(forDatabase: databasePath)
    guard !held.isEmpty else {
      if unlink(path) != 0, errno != ENOENT { throw CocoaError(.fileWriteUnknown) }
      return
    }
    var text = "pid \(getpid())\n"
    for id in held { text += UUIDText.format(id) + " " + reason.rawValue + "\n" }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Removes the note; the agent's last act.
  public static func remove(databasePath: String) {
    unlink(path(forDatabase: databasePath))
  }

  /// The held todos and why, from a note whose agent still runs; empty without one. A
  /// line that is not a todo and a reason is skipped.
  public static func read(databasePath: String) -> [Todo.ID: HoldReason] {
    guard let data = FileManager.default.contents(atPath: path(forDatabase: databasePath)),
      data.count <= 4 << 20
    else { return [:] }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    guard let first = lines.first, first.hasPrefix("pid "), let pid = Int32(first.dropFirst(4)), pid > 0,
      kill(pid, 0) == 0 || errno == EPERM
    else { return [:] }
    var held: [Todo.ID: HoldReason] = [:]
    for line in lines.dropFirst() {
      let parts = line.split(separator: " ")
      guard parts.count == 2, let id = UUID(uuidString: String(parts[0])),
        let reason = HoldReason(rawValue: String(parts[1]))
      else { continue }
      held[id] = reason
    }
    return held
  }
}
