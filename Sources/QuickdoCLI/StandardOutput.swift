import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes command output to stdout with write(2) from the bytes themselves: `list --json`
/// of 10,000 todos is 2 MB, which `FileHandle.write(Data(…))` would first copy.
enum StandardOutput {
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
          "cannot write the output: \(String(cString: strerror(errno)))", code: .ioError)
      }
      offset += written
    }
  }
}
