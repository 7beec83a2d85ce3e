import CommandSupport
import Foundation
import Localization
import Models

#if canImport(Glibc)
  import Glibc
#endif

/// Writes command output to stdout with write(2), and says so when it cannot: a result
/// that cannot be written (a full disk, a closed stdout) is an error, never exit 0. From the
/// bytes themselves: `list --json` of 10,000 todos is 2 MB, which `FileHandle.write(Data(…))`
/// would first copy.
enum StandardOutput {
  /// Writes `text` and a line break, its control characters made visible (`TerminalText`).
  static func line(_ text: String) throws {
    try write(Array((TerminalText.visibleLines(text) + "\n").utf8))
  }

  static func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try write($0) }
  }

  static func write(_ buffer: UnsafeBufferPointer<UInt8>) throws {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(1, base + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw CLIError(
          tr("cannot write the output: %s", String(cString: strerror(errno))), code: .ioError)
      }
      offset += written
    }
  }
}
