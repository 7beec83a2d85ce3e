import AgentConfig
import ArgumentParser
import CommandSupport
import Foundation
import InstantSyncClient
import Models
import PushStateLive
import SyncClient
import SyncClientLive
import TodoStorageLive
import TodoSync
import Localization

/// `quickdo sync`: each configured account synced once (`AccountSync`), a line per
/// calendar on stdout, errors and notes on stderr; the exit code is the first failure's
/// (65 config, 69 unreachable, 76 an answer sync cannot use, 77 refused), else 2 when the
/// server refused some todos (set aside, the rest synced).
@MainActor
struct SyncCommandRun {
  let options: SyncSettings

  func run() async throws {
    // Made first: its HTTP client gets ready meanwhile.
    let client = SyncClient.live()
    let loaded = try loadConfig(options.locations.configSource)
    let configs = loaded.config.syncAccounts
    // One connection, as the CLI's other commands use: a sync reads and writes in turn.
    let database = try AppDatabase.openFile(at: try options.locations.databasePath(config: loaded), connections: .single)
    let state = SyncStateClient.live(database)
    let push = PushStateClient.live(database)
    if options.status { return try await printStatus(state, push: push, accounts: configs) }
    guard !configs.isEmpty else {
      throw CLIError(
        tr("no CalDAV account is configured; add a [[sync.caldav]] table to %s", loaded.source.path ?? ConfigSource.xdgPath()),
        code: .dataError)
    }
    var selected = configs
    if let name = options.account {
      selected = configs.filter { $0.name == name }
      guard !selected.isEmpty else { throw CLIError(tr("no [[sync.caldav]] account is named \"%s\"", name), code: .dataError) }
    }
    if options.retry, !options.json {
      let forgotten = try await state.forgetRefusals()
      if forgotten > 0 { printError(trn("sending %d refused todo again", "sending %d refused todos again", forgotten, forgotten)) }
    }
    let accounts = ConfiguredAccounts(configs)
    var failure: CLIError.Code?
    var setAside = 0
    for config in selected {
      do {
        guard let account = try accounts.account(named: config.name) else { continue }
        let reports = try await AccountSync.run(
          account, client: client, state: state, push: push, dryRun: options.dryRun)
        for report in reports {
          setAside += report.setAside + report.unreadable
          print(options.json ? Self.json(report) : TerminalText.visible(SyncReport.line(report, account: config.name, dryRun: options.dryRun)))
          if !options.json {
            for note in report.notes { printError(tr("sync %s / %s: %s", config.name, report.calendar, note)) }
          }
        }
      } catch {
        let error = error as? SyncError ?? .server(account: config.name, detail: "\(error)")
        if options.json { print(Self.json(SyncProgramError(error: error))) } else { printError(error.description) }
        failure = failure ?? Self.code(error)
      }
    }
    if let failure { throw ExitCode(failure.rawValue) }
    if setAside > 0 { throw ExitCode(CLIError.Code.partlyDone.rawValue) }
  }

  /// A calendar's instant sync, for `--status`: subscribed until when and the last push,
  /// or what it waits for.
  static func pushLine(_ subscription: PushSubscription?, pushOn: Bool) -> String {
    guard pushOn else { return tr("  instant sync: offered by the server, off in the config (push = \"off\")") }
    guard let subscription else { return tr("  instant sync: starts when the agent runs") }
    guard subscription.endpoint != nil else {
      return tr("  instant sync: waiting for a UnifiedPush distributor; polling meanwhile")
    }
    guard let registration = subscription.registration, registration.endpoint == subscription.endpoint else {
      return tr("  instant sync: subscribing at the next sync")
    }
    let last = subscription.lastPush.map { LocalDateText.format($0) } ?? tr("none yet")
    return tr("  instant sync: subscribed until %s, last push %s", LocalDateText.format(registration.expires), last)
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

  func printStatus(_ state: SyncStateClient, push: PushStateClient, accounts: [SyncAccount]) async throws {
    let calendars = try await state.status()
    let offering = Set(try await push.offering().map(\.calendar))
    let subscriptions = Dictionary(
      try await push.subscriptions().map { ($0.calendar, $0) }, uniquingKeysWith: { first, _ in first })
    if accounts.isEmpty { print(tr("no CalDAV account is configured ([[sync.caldav]])")) }
    for account in accounts where !calendars.contains(where: { $0.calendar.account == account.name }) {
      print(TerminalText.visible(tr("%s: never synced", account.name)))
    }
    for status in calendars {
      let calendar = status.calendar
      let when = status.lastSync.map { LocalDateText.format($0) } ?? tr("never")
      let outcome = status.outcome.map { " (\($0))" } ?? ""
      let queued = trn("%d change waiting", "%d changes waiting", status.queued, status.queued)
      print(
        TerminalText.visible(
          tr("%s / %s: last sync %s%s, %s", calendar.account, calendar.displayName, when, outcome, queued)))
      let url = calendar.url.absoluteString
      if offering.contains(url) {
        let pushOn = accounts.first { $0.name == calendar.account }?.push ?? false
        print(TerminalText.visible(Self.pushLine(subscriptions[url], pushOn: pushOn)))
      }
      for refused in status.setAside {
        let what = refused.title.map { "\"\($0)\"" } ?? tr("a deletion")
        print(TerminalText.visible(tr("  set aside: %s: %s", what, refused.reason)))
      }
      if !status.setAside.isEmpty {
        print(tr("  (sent again when changed here, or with `quickdo sync --retry`)"))
      }
      for object in status.unreadable {
        print(TerminalText.visible(tr("  set aside: %s could not be read: %s", object.href, object.reason)))
      }
      if !status.unreadable.isEmpty {
        print(tr("  (left on the server as it is; read again when it changes there)"))
      }
    }
  }
}
