import AgentConfig
import CommandSupport
import Foundation

/// An account's password: from the config file, or the first line its `password_command`
/// prints. The command runs without a shell, its stderr passed through (a keyring may ask
/// for something); a failure names the key, never the output.
enum PasswordLookup {
  static func password(for account: SyncAccountConfig, key: String) throws -> String {
    if let password = account.password { return password }
    let command = account.passwordCommand
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
      throw CLIError("\(key).password_command: cannot run \(command[0]): \(error.localizedDescription)", code: .dataError)
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CLIError("\(key).password_command: \(command[0]) exited with status \(process.terminationStatus)", code: .dataError)
    }
    let text = String(decoding: data, as: UTF8.self)
    let password = String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
      .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    guard !password.isEmpty else {
      throw CLIError("\(key).password_command: \(command[0]) printed no password", code: .dataError)
    }
    return password
  }
}
