import CommandSupport
import Foundation
import SyncClient
import TodoStorageLive
import TodoSync
import Localization

/// The agent's syncs: each account's sync runs in a process of its own, `quickdo sync
/// --account NAME --json` (so the agent maps neither the HTTP client nor TLS); its stdout
/// is a JSON `SyncReport` per calendar, or a `SyncProgramError`.
enum SyncProgram {
  static func runner(
    quickdo: String, databasePath: String, configPath: String?, database: AppDatabase
  ) -> SyncRunner {
    let state = SyncStateClient.live(database)
    return SyncRunner(
      run: { name in
        let settings = SyncSettings(database: databasePath, config: configPath, account: name, json: true)
        return try await run(quickdo, ["sync"] + settings.arguments, account: name)
      },
      accountsWithQueuedChanges: {
        try await AccountSync.queuedAccounts(state: state)
      })
  }

  static func run(_ program: String, _ arguments: [String], account: String) async throws -> [SyncReport] {
    let (status, output) = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<(Int32, Data), any Error>) in
      DispatchQueue.global().async {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        do {
          try process.run()
        } catch {
          return continuation.resume(throwing: error)
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        continuation.resume(returning: (process.terminationStatus, data))
      }
    }
    let decoder = JSONDecoder()
    var reports: [SyncReport] = []
    for line in output.split(separator: UInt8(ascii: "\n")) {
      if let failure = try? decoder.decode(SyncProgramError.self, from: line) { throw failure.error }
      if let report = try? decoder.decode(SyncReport.self, from: line) { reports.append(report) }
    }
    // Partly done: the reports name what the server refused.
    guard status == 0 || status == CLIError.Code.partlyDone.rawValue else {
      throw SyncError.server(account: account, detail: tr("%s %s exited with status %s", program, arguments.first ?? "", status))
    }
    return reports
  }
}
