import AgentConfig
import AppFeature
import CommandSupport
import Composable
import Foundation
import InstantSyncClient
import Launchers
import LaunchersLive
import Models
import NotificationLayout
import NotificationClient
import NotificationLive
import PushFeature
import PushStateLive
import QuickActionsFeature
import SyncClient
import SyncFeature
import Synchronization
import TodoStorageClient
import TodoStorageLive
import URLOpenerClient
import URLOpenerLive
import UnifiedPushLive
import Localization

/// The agent: loads the database, wires the live store to the notification presenter,
/// follows other processes' commits and reloaded config, and on SIGINT/SIGTERM closes its
/// notifications and returns.
@MainActor
enum Agent {
  static func run(options: GlobalOptions, log: AgentLog, logActions: Bool) async throws {
    guard let bus = SessionBus.address() else {
      throw CLIError(
        tr("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset and /run/user/%s/bus does not exist); the agent needs a desktop session", getuid()),
        code: .unavailable)
    }
    setenv("DBUS_SESSION_BUS_ADDRESS", bus, 1)
    let loaded = try loadConfig(options.configSource)
    log.info(tr("config: %s", loaded.source))
    let databasePath = try options.databasePath()
    let database = try AppDatabase.openFile(at: databasePath)
    let storage = TodoStorageClient.live(database)
    try AgentLock.acquire(forDatabase: databasePath)
    let notifications = NotificationClient.live()
    notifications.setStyle(loaded.config.notificationStyle)
    // Watch before loading: a commit made in between is then both loaded and reported
    // (applying it twice is a no-op), instead of being missed until the next commit.
    let commitEvents = storage.externalCommits()
    let accounts = SyncAccounts(loaded.config.syncAccounts)
    let syncRunner = SyncProgram.runner(
      quickdo: (try? RunningBinary.path()) ?? CommandLine.arguments[0],
      databasePath: databasePath, configPath: loaded.source.path, database: database)
    let store = try await loadStore(
      storage: storage, notifications: notifications, syncRunner: syncRunner,
      push: (.live(), .live(database)), rules: loaded.config.quickActionRules,
      databasePath: databasePath, log: log, logActions: logActions)
    if !loaded.config.syncAccounts.isEmpty {
      store.send(.sync(.start(SyncAccounts.schedules(loaded.config.syncAccounts))))
      // Its D-Bus calls run in an effect, off the start-up path; the accounts poll meanwhile.
      store.send(.push(.accounts(SyncAccounts.push(loaded.config.syncAccounts))))
    }
    let rules = RulesSource(config: loaded.config)
    let reloader = ConfigReloader(loaded: loaded, options: options, log: log) { reloaded in
      if reloaded.config.database != loaded.config.database {
        log.warning(tr("storage.database changed; restart the agent to use the new database"))
      }
      notifications.setStyle(reloaded.config.notificationStyle)
      rules.config = reloaded.config
      store.send(.rulesChanged(rules.rules))
      if reloaded.config.syncAccounts != accounts.current {
        accounts.replace(with: reloaded.config.syncAccounts)
        store.send(.sync(.start(SyncAccounts.schedules(reloaded.config.syncAccounts))))
        store.send(.push(.accounts(SyncAccounts.push(reloaded.config.syncAccounts))))
      }
    }
    reloader.start()

    let receive: @MainActor @Sendable (NotificationEvent) -> Void = { event in
      if case let .serverAppeared(server) = event {
        rules.server = server
        if rules.rules != store.state.quickActionRules { store.send(.rulesChanged(rules.rules)) }
      }
      store.send(.notification(event))
    }
    notifications.subscribe(receive) {
      // The session bus closed, and with it the desktop session (the presenter said so in
      // the log): 69, as when there is no bus at start. Every acknowledged change is
      // already committed.
      exit(CLIError.Code.unavailable.rawValue)
    }
    let launcher = LauncherService(
      store: store,
      program: QuickdoProgram(
        binary: (try? RunningBinary.path()) ?? CommandLine.arguments[0], databasePath: databasePath,
        configPath: loaded.source.path),
      terminal: { rules.config.launcherTerminal }, log: log)
    Task { @MainActor in
      if let why = await LauncherClient.live().serve({ await launcher.answer($0) }) {
        log.warning(tr("KRunner and GNOME's search cannot reach quickdo: %s", why))
      }
    }
    let commits = Task { @MainActor in
      for await _ in commitEvents {
        do {
          store.send(.storageChanged(try await storage.changes(store.state.storageRevision)))
        } catch {
          log.error(tr("reading changes failed: %s", error))
        }
      }
    }
    let signal = await TerminationSignal.wait()
    log.info(tr("received %s; closing notifications", signal))
    reloader.stop()
    commits.cancel()
    await notifications.shutdown()
    HeldNoteFile.remove(databasePath: databasePath)
  }

  /// The agent's store, with every todo loaded. Afterwards the rows read are let go (only
  /// the store keeps the todos) and the memory the load used is handed back.
  @MainActor
  static func loadStore(
    storage: TodoStorageClient, notifications: NotificationClient, syncRunner: SyncRunner,
    push: (bus: UnifiedPushClient, state: PushStateClient), rules: QuickActionRules, databasePath: String,
    log: AgentLog, logActions: Bool
  ) async throws -> Store<AppFeature.State, AppFeature.Action> {
    var initial = try await storage.changes(0)
    log.info(trn("loaded %d todo from %s", "loaded %d todos from %s", initial.upserted.count, initial.upserted.count, databasePath))
    let store = Store(
      initialState: AppFeature.State(storageRevision: initial.revision, rules: rules)
    ) {
      AppFeature().relay { action in
        if logActions { log.action(action) }
      }
    } withDependencies: {
      $0.todoStorage = storage
      $0.notifications = notifications
      $0.urlOpener = .live()
      $0.syncRunner = syncRunner
      $0.unifiedPush = push.bus
      $0.pushState = push.state
      $0.heldTodosNote = HeldTodosNote { held, reason in
        do {
          try HeldNoteFile.write(held, reason: reason, databasePath: databasePath)
        } catch {
          log.warning(tr("cannot note the held todos for 'quickdo list' in %s: %s", HeldNoteFile.path(forDatabase: databasePath), error.localizedDescription))
        }
      }
    }
    // Done todos are history the agent does not keep (AppFeature drops them too): the first
    // read leaves them out, so the state is sized for the pending ones, within the agent's
    // memory budget. Done subtasks come, for their parents' counts and undo.
    store.send(.todos(.loaded(initial.upserted)))
    initial.upserted = []
    storage.releaseMemory()
    MallocTrim.trim()
    return store
  }
}

/// The config in force and the notification server on the bus, which together give the
/// rules (the `auto` layout depends on the server).
@MainActor
final class RulesSource {
  var config: AgentConfig
  var server: NotificationServer?

  init(config: AgentConfig) { self.config = config }

  var rules: QuickActionRules { config.quickActionRules(for: server) }
}

/// Where the session bus is: `$DBUS_SESSION_BUS_ADDRESS`, else the systemd user bus socket.
enum SessionBus {
  static func address() -> String? {
    if let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"],
      !address.isEmpty
    {
      return address
    }
    let path = "/run/user/\(getuid())/bus"
    return FileManager.default.fileExists(atPath: path) ? "unix:path=\(path)" : nil
  }
}

/// Waits for SIGINT or SIGTERM (delivered through Dispatch, not a C handler).
enum TerminationSignal {
  @MainActor
  static func wait() async -> String {
    // A parent may have started us with these signals blocked (test runners do): unblock
    // them, and let Dispatch deliver them instead of the default action.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    return await withCheckedContinuation { continuation in
      var sources: [DispatchSourceSignal] = []
      var resumed = false
      for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
        let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
        source.setEventHandler {
          guard !resumed else { return }
          resumed = true
          for source in sources { source.cancel() }
          continuation.resume(returning: name)
        }
        source.resume()
        sources.append(source)
      }
    }
  }
}

/// glibc's `malloc_trim`, which returns freed heap memory to the system (Swift's Glibc
/// module does not import <malloc.h>).
enum MallocTrim {
  static func trim() {
    typealias Function = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Function.self)(0)
  }
}
