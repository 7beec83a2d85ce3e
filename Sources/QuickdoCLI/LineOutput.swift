import Foundation

/// Lines on their way to stdout, written in pieces as they come: `list` writes each line as
/// its row is read, so its memory does not grow with the list.
final class LineOutput: @unchecked Sendable {
  // Used by one thread at a time: the storage's read, then the command.
  private var pending: [UInt8] = []

  init() { pending.reserveCapacity(Self.piece + 4096) }

  static let piece = 64 * 1024

  func append(_ line: String) throws {
    pending.append(contentsOf: line.utf8)
    pending.append(UInt8(ascii: "\n"))
    if pending.count >= Self.piece { try flush() }
  }

  func flush() throws {
    try StandardOutput.write(pending)
    pending.removeAll(keepingCapacity: true)
  }
}
