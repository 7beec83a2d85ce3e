import Foundation

/// Database files for one test, in the temporary directory. `remove` deletes the
/// database with the WAL and shared-memory files quickdo keeps beside it, so a test run
/// leaves nothing behind.
enum ScratchDatabase {
  static func path() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-\(UUID()).sqlite").path
  }

  static func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  }
}
