import Composable
import Foundation
import InstantSyncClient
import Localization
import WebPush

extension PushFeature {
  /// What the bus brought: a distributor's comings and goings, and its calls, each taken
  /// only from the distributor in use.
  func receive(_ event: UnifiedPushEvent, _ state: inout State) -> Effect<Action> {
    switch event {
    case let .distributorAppeared(name):
      guard state.connector == .running, state.distributor == nil else { return .none }
      let bus = self.bus
      return .run { send in
        guard let owner = await bus.owner(name) else { return }
        await send(.distributorFound(Distributor(name: name, owner: owner)))
      }

    case let .distributorVanished(name):
      guard state.distributor?.name == name else { return .none }
      state.distributor = nil
      state.registered = []
      for index in state.subscriptions.indices { state.subscriptions[index].endpoint = nil }
      let tokens = state.subscriptions.map(\.token)
      let (bus, pushState) = (self.bus, self.pushState)
      return .concatenate(
        log(.warning, tr("instant sync: the UnifiedPush distributor %s left; polling until one comes", name)),
        .run { send in
          for token in tokens { try? await pushState.setEndpoint(token, nil) }
          await send(.distributorFound(await Self.firstDistributor(bus)))
        })

    case let .newEndpoint(sender, token, endpoint):
      guard sender == state.distributor?.owner,
        let index = state.subscriptions.firstIndex(where: { $0.token == token })
      else { return .none }
      guard endpoint.utf8.count <= Self.maxEndpoint, let url = URL(string: endpoint),
        ["https", "http"].contains(url.scheme ?? "")
      else {
        return log(.warning, tr("instant sync: the distributor gave an endpoint that is not an http(s) URL; not used"))
      }
      guard state.subscriptions[index].endpoint != endpoint else { return .none }
      state.subscriptions[index].endpoint = endpoint
      let account = state.subscriptions[index].account
      let pushState = self.pushState
      return .run { send in
        try await pushState.setEndpoint(token, endpoint)
        // The next sync subscribes at the server.
        await send(.delegate(.syncNow(account: account)))
      } catch: { error, _ in
        pushLogger.error("\(tr("instant sync: storing an endpoint failed: %s", error))")
      }

    case let .message(sender, token, body, size):
      guard sender == state.distributor?.owner else {
        return log(.warning, tr("instant sync: dropped a push message from %s, which is not the distributor", sender))
      }
      guard let subscription = state.subscriptions.first(where: { $0.token == token }) else {
        return log(.warning, tr("instant sync: dropped a push message for no subscription of quickdo's"))
      }
      guard size <= PushMessage.maxSize else {
        return log(.warning, tr("instant sync: dropped a push message for %s: it is %s bytes, more than %s", subscription.calendar, size, PushMessage.maxSize))
      }
      do {
        _ = try PushMessage.decrypt(body, keys: subscription.keys)
      } catch {
        return log(.warning, tr("instant sync: dropped a push message for %s: %s", subscription.calendar, error.description))
      }
      let (pushState, now) = (self.pushState, self.now)
      return .merge(
        .send(.delegate(.pushed(account: subscription.account))),
        .run { _ in try? await pushState.pushed(token, now) })

    case let .unregistered(sender, token):
      guard sender == state.distributor?.owner,
        let index = state.subscriptions.firstIndex(where: { $0.token == token })
      else { return .none }
      state.registered.remove(token)
      state.subscriptions[index].endpoint = nil
      let pushState = self.pushState
      // Registered again: the distributor may give a new endpoint.
      return .concatenate(.run { _ in try? await pushState.setEndpoint(token, nil) }, read())
    }
  }
}
