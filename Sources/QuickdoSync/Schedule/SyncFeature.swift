import Composable
import Foundation
import Logging
import SyncClient
import Localization

/// When each CalDAV account syncs, and what became of it: at start, every account's
/// interval (its longer `push_interval` while push works), a few seconds after a local
/// change (debounced), at once when the server pushed a change, before a push subscription
/// needs renewing, and again with backoff after a server could not be reached. A refused password is logged once and waits for the next
/// interval. The agent composes it into its root.
public struct SyncFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var accounts: IdentifiedArrayOf<Account> = []

    public init(accounts: [Account] = []) {
      self.accounts = IdentifiedArray(uniqueElements: accounts)
    }
  }

  /// One account's schedule and its last outcome.
  public struct Account: Equatable, Identifiable, Sendable {
    /// The account's name in the config.
    public var id: String
    public var interval: TimeInterval
    /// The interval while push works for every calendar of the account that offers it.
    public var pushInterval: TimeInterval
    /// Whether push works so (the agent says, after each sync and distributor change).
    public var isPushWorking = false
    public var isSyncing = false
    /// A sync was asked for while one ran: it runs again when that one ends.
    public var isAskedAgain = false
    /// Failed syncs in a row; sets the backoff.
    public var failures = 0
    public var lastOutcome: Outcome?

    public init(id: String, interval: TimeInterval, pushInterval: TimeInterval? = nil) {
      self.id = id
      self.interval = interval
      self.pushInterval = pushInterval ?? interval
    }

    /// How often it syncs now.
    public var period: TimeInterval { isPushWorking ? max(interval, pushInterval) : interval }
  }

  public enum Outcome: Equatable, Sendable {
    case synced([SyncReport])
    case failed(SyncError)
  }

  public enum Action: Equatable, Sendable {
    /// The configured accounts, at start and after every config reload: each syncs now
    /// and then every interval.
    case start([Account])
    /// Sync one account now (or right after the sync under way).
    case syncNow(String)
    /// A todo changed here; accounts with changes waiting sync after a short pause.
    case localChange
    case finished(String, Outcome)
    /// The server pushed a change to one of the account's calendars.
    case pushed(String)
    /// Whether push works for the account now, and when its first subscription needs
    /// renewing (a sync renews it).
    case pushHealth(String, isWorking: Bool, renewAt: Date?)
  }

  /// How long after a push the account syncs: the messages of one change on the phone
  /// (several calendars, or an edit and its save) go in one sync.
  public static let pushDebounce: Duration = .milliseconds(150)

  /// How long after a local change the accounts sync: a burst of presses goes in one sync.
  public static let debounce: Duration = .seconds(3)

  /// The wait before trying an unreachable server again: 15 s, doubling, at most the
  /// account's interval.
  public static func backoff(failures: Int, interval: TimeInterval) -> Duration {
    .seconds(min(interval, 15 * pow(2, Double(min(failures, 16) - 1))))
  }

  enum CancelID: Hashable, Sendable {
    case interval(String)
    case retry(String)
    case debounce
    case push(String)
    case renew(String)
  }

  @Dependency(\.syncRunner) var runner
  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now

  public init() {}

  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .start(accounts):
        let removed = state.accounts.ids.subtracting(accounts.map(\.id))
        var effects: [Effect<Action>] = removed.flatMap {
          [
            Effect.cancel(id: CancelID.interval($0)), .cancel(id: CancelID.retry($0)), .cancel(id: CancelID.push($0)),
            .cancel(id: CancelID.renew($0)),
          ]
        }
        for var account in accounts {
          if let running = state.accounts[id: account.id] {
            account.isSyncing = running.isSyncing
            account.lastOutcome = running.lastOutcome
            account.isPushWorking = running.isPushWorking
          }
          state.accounts.updateOrAppend(account)
          effects.append(syncNow(account.id, &state))
          effects.append(every(account))
        }
        state.accounts.removeAll { removed.contains($0.id) }
        return .merge(effects)

      case let .syncNow(name):
        return syncNow(name, &state)

      case let .pushed(name):
        guard state.accounts[id: name] != nil else { return .none }
        let alarm = Alarm(clock)
        return .run { send in
          try await alarm.sleep(untilOffset: Self.pushDebounce)
          await send(.syncNow(name))
        }
        .cancellable(id: CancelID.push(name), cancelInFlight: true)

      case let .pushHealth(name, isWorking, renewAt):
        guard var account = state.accounts[id: name] else { return .none }
        var effects: [Effect<Action>] = []
        if account.isPushWorking != isWorking {
          account.isPushWorking = isWorking
          state.accounts[id: name] = account
          effects.append(every(account))
          effects.append(log([(.info, isWorking
            ? tr("sync %s: instant sync works; polling every %s", name, Duration.seconds(account.period))
            : tr("sync %s: no instant sync; polling every %s", name, Duration.seconds(account.period)))]))
        }
        if let renewAt {
          let clock = self.clock
          let alarm = Alarm(clock)
          let wait = max(0, renewAt.timeIntervalSince(now))
          effects.append(
            .run { send in
              try await alarm.sleep(untilOffset: .seconds(wait))
              await send(.syncNow(name))
            }
            .cancellable(id: CancelID.renew(name), cancelInFlight: true))
        } else {
          effects.append(.cancel(id: CancelID.renew(name)))
        }
        return .merge(effects)

      case .localChange:
        let runner = self.runner
        let alarm = Alarm(clock)
        return .run { send in
          try await alarm.sleep(untilOffset: Self.debounce)
          for name in try await runner.accountsWithQueuedChanges().sorted() {
            await send(.syncNow(name))
          }
        } catch: { error, _ in
          syncLogger.error(Logger.Message(stringLiteral: tr("sync: reading the changes waiting failed: %s", error)))
        }
        .cancellable(id: CancelID.debounce, cancelInFlight: true)

      case let .finished(name, outcome):
        guard var account = state.accounts[id: name] else { return .none }
        let previous = account.lastOutcome
        account.isSyncing = false
        account.lastOutcome = outcome
        var effects: [Effect<Action>] = []
        var lines: [(Logger.Level, String)] = []
        switch outcome {
        case let .synced(reports):
          account.failures = 0
          for report in reports where report != SyncReport(calendar: report.calendar) {
            lines.append((.info, SyncReport.line(report, account: name)))
            lines += report.notes.map { (.warning, tr("sync %s / %s: %s", name, report.calendar, $0)) }
          }
          if case .failed? = previous { lines.append((.notice, tr("sync %s: working again", name))) }
        case let .failed(error):
          account.failures += 1
          switch error {
          case .unreachable, .server:
            // One line per attempt, as each retry is one.
            let wait = Self.backoff(failures: account.failures, interval: account.interval)
            lines.append((.warning, tr("%s; trying again in %s", error.description, wait)))
            effects.append(retry(name, after: wait))
          case .refused, .configuration:
            // Said once; the next interval tries again, without a storm.
            if previous != outcome { lines.append((.error, error.description)) }
          }
        }
        let askedAgain = account.isAskedAgain
        account.isAskedAgain = false
        state.accounts[id: name] = account
        if askedAgain { effects.append(syncNow(name, &state)) }
        if !lines.isEmpty { effects.append(log(lines)) }
        return .merge(effects)
      }
    }
  }

  /// Starts `name`'s sync now, or marks it to run again when the one under way ends: the
  /// one place a sync starts, whether asked for by an action, the start or a finished sync.
  func syncNow(_ name: String, _ state: inout State) -> Effect<Action> {
    guard let account = state.accounts[id: name] else { return .none }
    if account.isSyncing {
      state.accounts[id: name]?.isAskedAgain = true
      return .none
    }
    state.accounts[id: name]?.isSyncing = true
    let runner = self.runner
    return .merge(
      .cancel(id: CancelID.retry(name)),
      .run { send in
        do {
          await send(.finished(name, .synced(try await runner.run(name))))
        } catch let error as SyncError {
          await send(.finished(name, .failed(error)))
        } catch is CancellationError {
        } catch {
          await send(.finished(name, .failed(.server(account: name, detail: "\(error)"))))
        }
      })
  }

  /// Lines for the agent's log, written by an effect: the reducer only decides them.
  func log(_ lines: [(Logger.Level, String)]) -> Effect<Action> {
    .run { _ in
      for (level, line) in lines { syncLogger.log(level: level, "\(line)") }
    }
  }

  func every(_ account: Account) -> Effect<Action> {
    let alarm = Alarm(clock)
    let name = account.id
    let period = Duration.seconds(account.period)
    return .run { send in
      var due = period
      while true {
        try await alarm.sleep(untilOffset: due)
        await send(.syncNow(name))
        // Ticks missed while the computer slept come at once; a sync under way takes
        // them as one more run.
        due += period
      }
    }
    .cancellable(id: CancelID.interval(name), cancelInFlight: true)
  }

  func retry(_ name: String, after wait: Duration) -> Effect<Action> {
    let alarm = Alarm(clock)
    return .run { send in
      try await alarm.sleep(untilOffset: wait)
      await send(.syncNow(name))
    }
    .cancellable(id: CancelID.retry(name), cancelInFlight: true)
  }
}

let syncLogger = Logger(label: "quickdo.sync")
