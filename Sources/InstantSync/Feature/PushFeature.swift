import Composable
import Foundation
import InstantSyncClient
import Localization
import Logging
import WebPush

/// The agent's end of instant sync: it is the UnifiedPush connector on the session bus,
/// keeps one token (and key pair) per calendar whose server offers push, registers them
/// with the distributor, and stores the endpoints it is given, which the next sync
/// subscribes at the server. A push message can only make an account sync sooner: it is
/// opened with its calendar's key, and then nothing in it is read. Without a distributor,
/// or when it goes, the accounts poll as before, and the log says so once. What it asks of
/// the sync schedule goes out as ``Delegate`` actions, which the agent's root passes on.
public struct PushFeature: Reducer {
  /// The connector's bus name: how distributors call the agent.
  public static let busName = "org.quickdo.Agent"

  /// The longest endpoint taken from a distributor.
  static let maxEndpoint = 2048

  public struct State: Equatable, Sendable {
    /// The configured accounts.
    public var accounts: [Account] = []
    public var connector = Connector.idle
    /// The distributor in use.
    public var distributor: Distributor?
    /// The tokens the distributor took from this run.
    public var registered: Set<String> = []
    /// The calendars of accounts with push on whose server offers push, and every
    /// subscription, as last read from the database: a message's token finds its
    /// calendar here.
    public var offering: [PushCalendar] = []
    public var subscriptions: [PushSubscription] = []

    public init() {}
  }

  /// An account of the config, as push needs it: its name, and whether it may push.
  public struct Account: Equatable, Sendable {
    public var name: String
    public var push: Bool

    public init(name: String, push: Bool) {
      self.name = name
      self.push = push
    }
  }

  /// Whether the connector owns its bus name. It starts once, when an account first may
  /// push; `refused` when another process owns the name (said once, then the agent polls).
  public enum Connector: Equatable, Sendable { case idle, starting, running, refused }

  /// A distributor: its well-known name, and the unique name that owns it, the one caller
  /// the connector answers.
  public struct Distributor: Equatable, Sendable {
    public var name: String
    public var owner: String

    public init(name: String, owner: String) {
      self.name = name
      self.owner = owner
    }
  }

  public enum Action: Equatable, Sendable {
    /// The accounts of the config, at start and after every reload.
    case accounts([Account])
    /// A sync ended: the calendars it found may offer push, or no longer, and it may have
    /// registered or renewed subscriptions.
    case synced
    /// The connector started: whether it owns the bus name, and the first distributor on
    /// the bus.
    case started(owned: Bool, distributor: Distributor?)
    /// After a distributor appeared or the one in use left: the one to use (nil: none).
    case distributorFound(Distributor?)
    /// What the bus brought.
    case bus(UnifiedPushEvent)
    /// The calendars that offer push and every subscription, as the database holds them.
    case read(offering: [PushCalendar], subscriptions: [PushSubscription])
    /// What `distributor` made of the registrations: the tokens it took, and why it refused
    /// the others (by token).
    case registered(distributor: String, taken: Set<String>, refused: [String: String])
    case delegate(Delegate)
  }

  /// What instant sync asks of the sync schedule.
  public enum Delegate: Equatable, Sendable {
    /// A change was pushed to one of the account's calendars.
    case pushed(account: String)
    /// A calendar has a new endpoint, which the account's next sync subscribes.
    case syncNow(account: String)
    /// Whether push works for the account (every calendar that offers it has a live
    /// subscription for the distributor's endpoint), and when the first needs renewing.
    case health(account: String, isWorking: Bool, renewAt: Date?)
  }

  @Dependency(\.unifiedPush) var bus
  @Dependency(\.pushState) var pushState
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .accounts(accounts):
        state.accounts = accounts
        switch state.connector {
        case .idle:
          guard accounts.contains(where: \.push) else { return .none }
          state.connector = .starting
          return start()
        case .running:
          return read()
        case .starting, .refused:
          return .none
        }

      case .synced:
        return state.connector == .running ? read() : .none

      case let .started(owned, distributor):
        guard owned else {
          state.connector = .refused
          return log(.warning, tr("instant sync off: another program owns the bus name %s; polling", Self.busName))
        }
        state.connector = .running
        state.distributor = distributor
        let line = distributor.map { tr("instant sync: using the UnifiedPush distributor %s", $0.name) }
          ?? tr("instant sync: no UnifiedPush distributor on the session bus; polling until one comes")
        return .concatenate(log(.info, line), read())

      case let .distributorFound(distributor):
        guard state.connector == .running else { return .none }
        guard let distributor, state.distributor == nil else { return read() }
        state.distributor = distributor
        return .concatenate(log(.info, tr("instant sync: using the UnifiedPush distributor %s", distributor.name)), read())

      case let .bus(event):
        return receive(event, &state)

      case let .read(offering, subscriptions):
        return reconcile(offering, subscriptions, &state)

      case let .registered(distributor, taken, refused):
        guard state.distributor?.name == distributor else { return .none }
        state.registered.formUnion(taken)
        let lines = refused.sorted { $0.key < $1.key }.map {
          tr("instant sync: the distributor %s refused a registration: %s", distributor, $0.value)
        }
        return .concatenate(.concatenate(lines.map { log(.warning, $0) }), health(state))

      case .delegate:
        return .none
      }
    }
  }

  /// Owns the bus name, finds a distributor, then passes on what the bus brings for the
  /// agent's life.
  func start() -> Effect<Action> {
    let bus = self.bus
    return .run { send in
      let (owned, events) = await bus.start(Self.busName)
      guard owned else { return await send(.started(owned: false, distributor: nil)) }
      await send(.started(owned: true, distributor: await Self.firstDistributor(bus)))
      for await event in events { await send(.bus(event)) }
    }
  }

  func read() -> Effect<Action> {
    let pushState = self.pushState
    return .run { send in
      await send(try await Self.read(pushState))
    } catch: { error, _ in
      pushLogger.error("\(tr("instant sync: reading its state failed: %s", error))")
    }
  }

  static func read(_ pushState: PushStateClient) async throws -> Action {
    .read(offering: try await pushState.offering(), subscriptions: try await pushState.subscriptions())
  }

  /// The first distributor on the bus, by name, with its owner.
  static func firstDistributor(_ bus: UnifiedPushClient) async -> Distributor? {
    guard let name = await bus.distributors().sorted().first, let owner = await bus.owner(name) else { return nil }
    return Distributor(name: name, owner: owner)
  }

  /// A line for the agent's log, written by an effect: the reducer only decides it.
  func log(_ level: Logger.Level, _ line: String) -> Effect<Action> {
    .run { _ in pushLogger.log(level: level, "\(line)") }
  }
}

let pushLogger = Logger(label: "quickdo.push")
