import Foundation
import SyncClient
import SyncFeature
import TodoSync
import UnifiedPushClient
import WebPush
import Localization

/// The agent's end of instant sync: it is the UnifiedPush connector on the session bus,
/// keeps one token (and key pair) per calendar whose server offers push, registers them
/// with the distributor, and stores the endpoints it is given, which the next sync
/// subscribes at the server. A push message can only make an account sync sooner: it is
/// opened with its calendar's key, and then nothing in it is read. Without a distributor,
/// or when it goes, the accounts poll as before, and the log says so once.
@MainActor
final class PushConnection {
  /// The connector's bus name: how distributors call the agent.
  static let busName = "org.quickdo.Agent"

  private let client: UnifiedPushClient
  private let state: PushStateClient
  private let accounts: () -> [SyncAccount]
  private let log: AgentLog
  private let send: (SyncFeature.Action) -> Void
  private var distributor: (name: String, owner: String)?
  /// The tokens the distributor took from this run.
  private var registered: Set<String> = []
  /// Every subscription as last read: a message's token finds its calendar here.
  private var subscriptions: [String: PushSubscription] = [:]
  /// Whether the connector started: once, when an account first may push; `refused`
  /// when another process owns the bus name (said once, then the agent polls).
  private var phase = Phase.idle
  private enum Phase { case idle, running, refused }

  init(
    client: UnifiedPushClient, state: PushStateClient, accounts: @escaping () -> [SyncAccount], log: AgentLog,
    send: @escaping (SyncFeature.Action) -> Void
  ) {
    self.client = client
    self.state = state
    self.accounts = accounts
    self.log = log
    self.send = send
  }

  /// Owns the bus name, finds a distributor and follows the bus; with no account that
  /// may push, it does nothing.
  func start() async {
    guard phase == .idle, accounts().contains(where: \.push) else { return }
    phase = .running
    let (owned, events) = await client.start(Self.busName)
    guard owned else {
      log.warning(tr("instant sync off: another program owns the bus name %s; polling", Self.busName))
      phase = .refused
      return
    }
    Task { @MainActor [weak self] in
      for await event in events { await self?.handle(event) }
    }
    if let name = await client.distributors().sorted().first {
      await use(name)
    } else {
      log.info(tr("instant sync: no UnifiedPush distributor on the session bus; polling until one comes"))
    }
    await refresh()
  }

  /// After a sync and a config change: a subscription for each calendar that offers push
  /// (with push on), the tokens of the others given back, and each account's push health
  /// told to the schedule.
  func refresh() async {
    if phase == .idle { return await start() }
    guard phase == .running else { return }
    do {
      let configured = accounts()
      let pushing = Set(configured.filter(\.push).map(\.name))
      let offering = try await state.offering().filter { pushing.contains($0.account) }
      var rows = try await state.subscriptions()
      for calendar in offering where !rows.contains(where: { $0.calendar == calendar.calendar }) {
        try await state.add(
          PushSubscription(
            calendar: calendar.calendar, account: calendar.account, token: UUID().uuidString.lowercased(),
            keys: .generate()))
      }
      // An account gone from the config: its password went with it, so the server's
      // subscription cannot be removed; giving the token back makes its endpoint fail, and
      // the server drops a subscription whose push service says it is gone.
      for row in rows where !configured.contains(where: { $0.name == row.account }) {
        if let distributor { await client.unregister(distributor.name, row.token) }
        try await state.remove(row.calendar)
      }
      rows = try await state.subscriptions()
      subscriptions = Dictionary(rows.map { ($0.token, $0) }, uniquingKeysWith: { first, _ in first })
      for token in registered where subscriptions[token] == nil {
        if let distributor { await client.unregister(distributor.name, token) }
        registered.remove(token)
      }
      if let distributor {
        for row in rows where !registered.contains(row.token) && pushing.contains(row.account) {
          if let reason = await client.register(distributor.name, Self.busName, row.token, row.calendar) {
            log.warning(tr("instant sync: the distributor %s refused a registration: %s", distributor.name, reason))
          } else {
            registered.insert(row.token)
          }
        }
      }
      tellHealth(rows, offering: offering, configured: configured)
    } catch {
      log.error(tr("instant sync: reading its state failed: %s", error))
    }
  }

  /// Whether push works for each account (every calendar that offers it has a live
  /// subscription for the distributor's endpoint), and when the first needs renewing.
  private func tellHealth(_ rows: [PushSubscription], offering: [PushCalendar], configured: [SyncAccount]) {
    let now = Date()
    for account in configured {
      let calendars = offering.filter { $0.account == account.name }.map(\.calendar)
      let own = rows.filter { $0.account == account.name && calendars.contains($0.calendar) }
      let works =
        distributor != nil && account.push && !calendars.isEmpty && own.count == calendars.count
        && own.allSatisfy { registered.contains($0.token) && $0.isLive(at: now) }
      send(.pushHealth(account.name, isWorking: works, renewAt: own.compactMap(\.registration?.renewAt).min()))
    }
  }

  private func use(_ name: String) async {
    guard let owner = await client.owner(name) else { return }
    distributor = (name, owner)
    log.info(tr("instant sync: using the UnifiedPush distributor %s", name))
  }

  private func handle(_ event: UnifiedPushEvent) async {
    switch event {
    case let .distributorAppeared(name):
      guard distributor == nil else { return }
      await use(name)
      await refresh()
    case let .distributorVanished(name):
      guard distributor?.name == name else { return }
      distributor = nil
      registered = []
      log.warning(tr("instant sync: the UnifiedPush distributor %s left; polling until one comes", name))
      for token in subscriptions.keys { try? await state.setEndpoint(token, nil) }
      if let next = await client.distributors().sorted().first { await use(next) }
      await refresh()
    case let .newEndpoint(sender, token, endpoint):
      guard sender == distributor?.owner, let subscription = subscriptions[token] else { return }
      guard endpoint.utf8.count <= 2048, let url = URL(string: endpoint), ["https", "http"].contains(url.scheme ?? "")
      else {
        return log.warning(tr("instant sync: the distributor gave an endpoint that is not an http(s) URL; not used"))
      }
      guard subscription.endpoint != endpoint else { return }
      do {
        try await state.setEndpoint(token, endpoint)
        subscriptions[token]?.endpoint = endpoint
      } catch {
        return log.error(tr("instant sync: storing an endpoint failed: %s", error))
      }
      // The next sync subscribes at the server.
      send(.syncNow(subscription.account))
    case let .message(sender, token, body, size):
      guard sender == distributor?.owner else {
        return log.warning(tr("instant sync: dropped a push message from %s, which is not the distributor", sender))
      }
      guard let subscription = subscriptions[token] else {
        return log.warning(tr("instant sync: dropped a push message for no subscription of quickdo's"))
      }
      guard size <= PushMessage.maxSize else {
        return log.warning(tr("instant sync: dropped a push message for %s: it is %s bytes, more than %s", subscription.calendar, size, PushMessage.maxSize))
      }
      do {
        _ = try PushMessage.decrypt(body, keys: subscription.keys)
      } catch {
        return log.warning(tr("instant sync: dropped a push message for %s: %s", subscription.calendar, error.description))
      }
      send(.pushed(subscription.account))
      try? await state.pushed(token, Date())
    case let .unregistered(sender, token):
      guard sender == distributor?.owner, subscriptions[token] != nil else { return }
      registered.remove(token)
      try? await state.setEndpoint(token, nil)
      // Registered again: the distributor may give a new endpoint.
      await refresh()
    }
  }
}
