import CommandSupport
import Foundation
import Models
import Testing

/// The note of held todos: written whole, read back while its agent lives, ignored once
/// its agent is gone, and a line that is not a todo and a reason skipped.
struct HeldNoteFileTests {
  let database = FileManager.default.temporaryDirectory.appendingPathComponent("held-\(UUID().uuidString).sqlite").path

  @Test func writtenThenReadThenRemovedWhenNoneIsHeld() throws {
    let ids = [UUID(), UUID()]
    try HeldNoteFile.write(ids, reason: .doNotDisturb, databasePath: database)
    #expect(HeldNoteFile.read(databasePath: database) == [ids[0]: .doNotDisturb, ids[1]: .doNotDisturb])
    try HeldNoteFile.write([], reason: .doNotDisturb, databasePath: database)
    #expect(!FileManager.default.fileExists(atPath: HeldNoteFile.path(forDatabase: database)))
    #expect(HeldNoteFile.read(databasePath: database).isEmpty)
  }

  @Test func aNoteWhoseAgentIsGoneIsIgnored() throws {
    // A process that has exited: its id is free.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    let id = UUID()
    let path = HeldNoteFile.path(forDatabase: database)
    defer { unlink(path) }
    try "pid \(process.processIdentifier)\n\(UUIDText.format(id)) dnd\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(HeldNoteFile.read(databasePath: database).isEmpty)
    try "pid \(getpid())\n\(UUIDText.format(id)) quiet\nnot a line\n\(UUIDText.format(UUID())) loud\n\u{1b}[2J\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    #expect(HeldNoteFile.read(databasePath: database) == [id: .quietHours])
  }
}
