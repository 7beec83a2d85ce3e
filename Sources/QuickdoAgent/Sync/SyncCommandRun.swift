import AgentConfig
import ArgumentParser
import CommandSupport
import Foundation
import Models
import SyncClient
import SyncClientLive
import SyncStateClient
import TodoStorageLive
import TodoSync

/// `quickdo sync`: every configured account once, a line per calendar on stdout, errors on
/// stderr; the exit code is the first failure's (65 config, 69 server, 77 refused).
struct SyncCommandRun {
  let options: SyncOptions

  func run() async throws {
    let loaded = try loadConfig(options.global.configSource)
    let accounts = loaded.config.syncAccounts
    let state = SyncStateClient.live(try AppDatabase.openFile(at: try options.global.databasePath()))
    if options.status { return try await printStatus(state, accounts: accounts) }
    guard !accounts.isEmpty else {
      throw CLIError(
        "no CalDAV account is configured; add a [[sync.caldav]] table to \(loaded.source.path ?? ConfigSource.xdgPath())",
        code: .dataError)
    }
    let client = SyncClient.live()
    var failure: CLIError?
    for (index, config) in accounts.enumerated() {
      do {
        try await sync(config, key: "sync.caldav[\(index + 1)]", client: client, state: state)
      } catch let error as CLIError {
        printError(error.message)
        failure = failure ?? error
      }
    }
    if let failure { throw ExitCode(failure.code.rawValue) }
  }

  func sync(_ config: SyncAccountConfig, key: String, client: SyncClient, state: SyncStateClient) async throws {
    let account = SyncAccount(
      name: config.name, url: config.url, username: config.username,
      password: try PasswordLookup.password(for: config, key: key), calendars: config.calendars)
    do {
      for calendar in try await client.calendars(account) {
        let run = CalendarSync(account: account, calendar: calendar, client: client, state: state, dryRun: options.dryRun)
        do {
          print(Self.describe(try await run.run(), account: account.name, dryRun: options.dryRun))
        } catch let error as SyncError {
          if !options.dryRun {
            try? await state.commit(
              SyncCommit(
                calendar: .init(url: calendar.url.absoluteString, account: account.name, displayName: calendar.displayName),
                outcome: error.description, now: Date()))
          }
          throw error
        }
      }
    } catch let error as SyncError {
      throw CLIError(error.description, code: Self.code(error))
    }
  }

  static func code(_ error: SyncError) -> CLIError.Code {
    switch error {
    case .unreachable, .server: .unavailable
    case .refused: .noPermission
    case .configuration: .dataError
    }
  }

  /// `personal / Tasks: 3 fetched, 2 new, 1 sent`, or `… up to date`.
  static func describe(_ report: SyncReport, account: String, dryRun: Bool) -> String {
    let counts = [
      (report.fetched, "fetched"), (report.added, "new"), (report.changedHere, "changed here"),
      (report.merged, "merged"), (report.sent, "sent"), (report.deletedHere, "deleted here"),
      (report.deletedThere, "deleted on the server"), (report.conflicts, "conflicts retried"),
    ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    let what = counts.isEmpty ? "up to date" : counts.joined(separator: ", ")
    return TerminalText.visible("\(account) / \(report.calendar): \(dryRun && !counts.isEmpty ? "would be " : "")\(what)")
  }

  func printStatus(_ state: SyncStateClient, accounts: [SyncAccountConfig]) async throws {
    let calendars = try await state.status()
    if accounts.isEmpty { print("no CalDAV account is configured ([[sync.caldav]])") }
    for account in accounts where !calendars.contains(where: { $0.account == account.name }) {
      print(TerminalText.visible("\(account.name): never synced"))
    }
    for calendar in calendars {
      let when = calendar.lastSync.map(LocalDateText.format) ?? "never"
      let outcome = calendar.outcome.map { " (\($0))" } ?? ""
      let queued = calendar.queued == 1 ? "1 change waiting" : "\(calendar.queued) changes waiting"
      print(TerminalText.visible("\(calendar.account) / \(calendar.displayName): last sync \(when)\(outcome), \(queued)"))
    }
  }
}
