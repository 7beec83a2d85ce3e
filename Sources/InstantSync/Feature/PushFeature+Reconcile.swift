import Composable
import Foundation
import InstantSyncClient
import Localization

extension PushFeature {
  /// The database's subscriptions brought in step with the config (one for each calendar
  /// that offers push, with push on; none for an account gone from it), then the
  /// distributor's registrations with the subscriptions, then each account's push health
  /// told to the schedule.
  func reconcile(_ offering: [PushCalendar], _ rows: [PushSubscription], _ state: inout State) -> Effect<Action> {
    let pushing = Set(state.accounts.filter(\.push).map(\.name))
    let configured = Set(state.accounts.map(\.name))
    let offering = offering.filter { pushing.contains($0.account) }
    let new = offering.filter { calendar in !rows.contains { $0.calendar == calendar.calendar } }
    // An account gone from the config: its password went with it, so the server's
    // subscription cannot be removed; giving the token back makes its endpoint fail, and
    // the server drops a subscription whose push service says it is gone.
    let gone = rows.filter { !configured.contains($0.account) }
    if !new.isEmpty || !gone.isEmpty {
      state.registered.subtract(gone.map(\.token))
      let (bus, pushState, uuid, distributor) = (self.bus, self.pushState, self.uuid, state.distributor?.name)
      return .run { send in
        for calendar in new {
          try await pushState.add(
            PushSubscription(
              calendar: calendar.calendar, account: calendar.account, token: uuid().uuidString.lowercased(),
              keys: .generate()))
        }
        for row in gone {
          if let distributor { await bus.unregister(distributor, row.token) }
          try await pushState.remove(row.calendar)
        }
        await send(try await Self.read(pushState))
      } catch: { error, _ in
        pushLogger.error("\(tr("instant sync: reading its state failed: %s", error))")
      }
    }
    state.offering = offering
    state.subscriptions = rows
    let stale = state.registered.subtracting(rows.map(\.token))
    state.registered.subtract(stale)
    guard let distributor = state.distributor?.name else { return health(state) }
    let wanted = rows.filter { !state.registered.contains($0.token) && pushing.contains($0.account) }
    let bus = self.bus
    let unregister: Effect<Action> = stale.isEmpty
      ? .none : .run { _ in for token in stale.sorted() { await bus.unregister(distributor, token) } }
    guard !wanted.isEmpty else { return .concatenate(unregister, health(state)) }
    return .concatenate(
      unregister,
      .run { send in
        var taken: Set<String> = []
        var refused: [String: String] = [:]
        for row in wanted {
          if let reason = await bus.register(distributor, Self.busName, row.token, row.calendar) {
            refused[row.token] = reason
          } else {
            taken.insert(row.token)
          }
        }
        await send(.registered(distributor: distributor, taken: taken, refused: refused))
      })
  }

  /// Each configured account's push health, for the schedule.
  func health(_ state: State) -> Effect<Action> {
    let now = self.now
    return .concatenate(
      state.accounts.map { account in
        let calendars = state.offering.filter { $0.account == account.name }.map(\.calendar)
        let own = state.subscriptions.filter { $0.account == account.name && calendars.contains($0.calendar) }
        let works =
          state.distributor != nil && account.push && !calendars.isEmpty && own.count == calendars.count
          && own.allSatisfy { state.registered.contains($0.token) && $0.isLive(at: now) }
        return .send(
          .delegate(.health(account: account.name, isWorking: works, renewAt: own.compactMap(\.registration?.renewAt).min())))
      })
  }
}
