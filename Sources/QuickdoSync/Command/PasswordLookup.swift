import AgentConfig
import Foundation
import Models
import SyncClient
import Localization

/// An account's password: from the config file, or the first line its `password_command`
/// prints. The command runs without a shell, its stderr passed through (a keyring may say
/// why it failed); a failure names the key, never the output. The command gets the
/// account's `timeout` to finish and may print at most ``maxOutput`` bytes: past either
/// it is stopped, so a hung keyring cannot hang the sync.
enum PasswordLookup {
  /// The most a password command may print; a password is far shorter.
  static let maxOutput = 64 << 10

  static func password(for account: SyncAccount, key: String) throws(SyncError) -> String {
    if let password = account.password { return password }
    let command = account.passwordCommand
    func failure(_ detail: String) -> SyncError {
      .configuration(account: account.name, detail: "\(key).password_command: \(detail)")
    }
    let process = Process()
    let executable = command[0].contains("/") ? command[0] : "/usr/bin/env"
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = command[0].contains("/") ? Array(command.dropFirst()) : command
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw failure(tr("cannot run %s: %s", command[0], error.localizedDescription))
    }
    let reading = CappedRead(output.fileHandleForReading, cap: maxOutput)
    guard reading.wait(seconds: account.timeout) else {
      stop(process)
      throw failure(tr("%s did not finish within %s", command[0], QuickDuration.format(account.timeout)))
    }
    guard let data = reading.data else {
      stop(process)
      throw failure(tr("%s printed more than %s KiB; a password command prints one line", command[0], maxOutput >> 10))
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw failure(tr("%s exited with status %s", command[0], process.terminationStatus))
    }
    let text = String(decoding: data, as: UTF8.self)
    let password = String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
      .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    guard !password.isEmpty else { throw failure(tr("%s printed no password", command[0])) }
    return password
  }

  /// Ends the command: SIGTERM, then SIGKILL if it is still there a moment later.
  static func stop(_ process: Process) {
    process.terminate()
    for _ in 0..<20 where process.isRunning { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}

/// Reads a pipe to its end on a thread of its own, stopping past `cap` bytes, so that the
/// caller can wait for it with a deadline.
private final class CappedRead: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var result: Data?

  init(_ handle: FileHandle, cap: Int) {
    Thread.detachNewThread { [self] in
      var data = Data()
      while let chunk = try? handle.read(upToCount: 16 << 10), !chunk.isEmpty {
        data.append(chunk)
        if data.count > cap {
          data = Data()
          lock.withLock { result = nil }
          done.signal()
          return
        }
      }
      lock.withLock { result = data }
      done.signal()
    }
  }

  /// Whether the read ended within `seconds`.
  func wait(seconds: TimeInterval) -> Bool {
    done.wait(timeout: .now() + seconds) == .success
  }

  /// What was read; nil when it went past the cap.
  var data: Data? { lock.withLock { result } }
}
