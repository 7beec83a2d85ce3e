import AgentConfig
import Foundation
import SyncClient

/// An account's password: from the config file, or the first line its `password_command`
/// prints. The command runs without a shell, its stderr passed through (a keyring may say
/// why it failed); a failure names the key, never the output.
enum PasswordLookup {
  static func password(for account: SyncAccountConfig, key: String) throws(SyncError) -> String {
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
      throw failure("cannot run \(command[0]): \(error.localizedDescription)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw failure("\(command[0]) exited with status \(process.terminationStatus)")
    }
    let text = String(decoding: data, as: UTF8.self)
    let password = String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
      .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    guard !password.isEmpty else { throw failure("\(command[0]) printed no password") }
    return password
  }
}
