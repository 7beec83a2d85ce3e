import AgentConfig
import ArgumentParser
import CommandSupport
import Composable
import Foundation
import Models
import SyncClient
import SyncClientLive
import SyncFeature
import SyncStateClient
import TodoStorageLive
import TodoSync

/// `quickdo sync`: the sync reducer run once for every configured account, a line per
/// calendar on stdout, errors and notes on stderr; the exit code is the first failure's
/// (65 config, 69 unreachable, 76 an answer sync cannot use, 77 refused), else 2 when the
/// server refused some todos (set aside, the rest synced).
@MainActor
struct SyncCommandRun {
  let options: SyncOptions

  func run() async throws {
    let loaded = try loadConfig(options.global.configSource)
    let configs = loaded.config.syncAccounts
    let state = SyncStateClient.live(try AppDatabase.openFile(at: try options.global.databasePath()))
    if options.status { return try await printStatus(state, accounts: configs) }
    guard !configs.isEmpty else {
      throw CLIError(
        "no CalDAV account is configured; add a [[sync.caldav]] table to \(loaded.source.path ?? ConfigSource.xdgPath())",
        code: .dataError)
    }
    var selected = configs
    if let name = options.account {
      selected = configs.filter { $0.name == name }
      guard !selected.isEmpty else { throw CLIError("no [[sync.caldav]] account is named \"\(name)\"", code: .dataError) }
    }
    if options.retry, !options.json {
      let forgotten = try await state.forgetRefusals()
      if forgotten > 0 { printError("sending \(forgotten == 1 ? "1 refused todo" : "\(forgotten) refused todos") again") }
    }
    let accounts = ConfiguredAccounts(configs)
    let runner = SyncRunner.live(
      client: .live(), state: state, account: { try accounts.account(named: $0) }, dryRun: options.dryRun)
    let store = Store(
      initialState: SyncFeature.State(accounts: ConfiguredAccounts.schedules(configs), retriesFailures: false)
    ) {
      SyncFeature()
    } withDependencies: {
      $0.syncRunner = runner
    }
    var failure: CLIError.Code?
    var setAside = 0
    for config in selected {
      await store.send(.syncNow(config.name)).finish()
      switch store.state.accounts[id: config.name]?.lastOutcome {
      case let .synced(reports)?:
        for report in reports {
          setAside += report.setAside
          print(options.json ? Self.json(report) : TerminalText.visible(SyncReport.line(report, account: config.name, dryRun: options.dryRun)))
          if !options.json {
            for note in report.notes { printError("sync \(config.name) / \(report.calendar): \(note)") }
          }
        }
      case let .failed(error)?:
        if options.json { print(Self.json(SyncProgramError(error: error))) } else { printError(error.description) }
        failure = failure ?? Self.code(error)
      case nil:
        break
      }
    }
    if let failure { throw ExitCode(failure.rawValue) }
    if setAside > 0 { throw ExitCode(CLIError.Code.partlyDone.rawValue) }
  }

  static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
  }

  static func code(_ error: SyncError) -> CLIError.Code {
    switch error {
    case .unreachable: .unavailable
    case .server: .protocolError
    case .refused: .noPermission
    case .configuration: .dataError
    }
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
      for refused in calendar.setAside {
        let what = refused.title.map { "\"\($0)\"" } ?? "a deletion"
        print(TerminalText.visible("  set aside: \(what): \(refused.reason)"))
      }
      if !calendar.setAside.isEmpty {
        print("  (sent again when changed here, or with `quickdo sync --retry`)")
      }
    }
  }
}
