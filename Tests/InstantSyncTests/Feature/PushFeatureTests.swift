import Composable
import ComposableTesting
import ConcurrencyExtras
import Foundation
import InstantSyncClient
import PushFeature
import Testing
import WebPush

/// What the agent's connector decides, with the bus and the database stood in for: a
/// distributor found, gone and come again; a registration or an endpoint refused; an
/// unregistration; a renewal; and messages from the distributor and from anyone else.
@MainActor
struct PushFeatureTests {
  let now = Date(timeIntervalSince1970: 1_795_600_000)
  let bus = Bus()
  let database = Database()
  let work = PushFeature.Account(name: "work", push: true)
  let distributor = PushFeature.Distributor(name: "org.unifiedpush.Distributor.kde", owner: ":1.7")
  let tasks = PushCalendar(account: "work", calendar: "https://dav.example.com/cal/tasks/")
  let shopping = PushCalendar(account: "work", calendar: "https://dav.example.com/cal/shopping/")

  nonisolated func token(_ number: Int) -> String { UUID(number).uuidString.lowercased() }

  func makeStore() -> TestStore<PushFeature.State, PushFeature.Action> {
    TestStore(initialState: PushFeature.State()) {
      PushFeature()
    } withDependencies: { [now, bus, database] in
      $0.unifiedPush = bus.client
      $0.pushState = database.client
      $0.date = .constant(now)
      $0.uuid = .incrementing
    }
  }

  /// The connector started with `work`'s two calendars offering push and the KDE
  /// distributor on the bus: each calendar gets a token, and the distributor takes both.
  func started() async -> TestStore<PushFeature.State, PushFeature.Action> {
    bus.distributors.setValue([distributor.name: distributor.owner])
    database.offering.setValue([shopping, tasks])
    let store = makeStore()
    await store.send(.accounts([work])) {
      $0.accounts = [work]
      $0.connector = .starting
    }
    await store.receive(.started(owned: true, distributor: distributor)) {
      $0.connector = .running
      $0.distributor = distributor
    }
    await store.receive(.read(offering: [shopping, tasks], subscriptions: []))
    await store.receive({ [database] in $0 == .read(offering: [shopping, tasks], subscriptions: database.rows.value) }) {
      $0.offering = [shopping, tasks]
      $0.subscriptions = database.rows.value
    }
    #expect(database.rows.value.map(\.calendar) == [shopping.calendar, tasks.calendar])
    #expect(database.rows.value.map(\.token) == [token(0), token(1)])
    #expect(database.rows.value[0].keys != database.rows.value[1].keys, "each calendar has keys of its own")
    await store.receive(.registered(distributor: distributor.name, taken: [token(0), token(1)], refused: [:])) {
      $0.registered = [token(0), token(1)]
    }
    await store.receive(.delegate(.health(account: "work", isWorking: false, renewAt: nil)))
    #expect(bus.calls.value == [
      "start org.quickdo.Agent",
      "owner \(distributor.name)",
      "register \(token(0)) for \(shopping.calendar) with \(distributor.name)",
      "register \(token(1)) for \(tasks.calendar) with \(distributor.name)",
    ])
    bus.calls.setValue([])
    return store
  }

  /// Both calendars given endpoints by the distributor, and subscribed by a sync.
  func subscribed(_ store: TestStore<PushFeature.State, PushFeature.Action>) async {
    for (number, calendar) in [shopping, tasks].enumerated() {
      await store.send(.bus(.newEndpoint(sender: distributor.owner, token: token(number), endpoint: "https://push.example.com/\(number)"))) {
        $0.subscriptions[number].endpoint = "https://push.example.com/\(number)"
      }
      await store.receive(.delegate(.syncNow(account: "work")))
      #expect(database.row(calendar.calendar)?.endpoint == "https://push.example.com/\(number)")
    }
    database.register(renewAt: now.addingTimeInterval(3_600))
    await store.send(.synced)
    await store.receive(.read(offering: [shopping, tasks], subscriptions: database.rows.value)) {
      $0.subscriptions = database.rows.value
    }
    await store.receive(.delegate(.health(account: "work", isWorking: true, renewAt: now.addingTimeInterval(3_600))))
  }

  @Test func aDistributorTakesATokenForEachCalendarAndPushWorksOnceTheServerSubscribed() async {
    let store = await started()
    await subscribed(store)
    bus.finish()
    await store.finish()
  }

  @Test func aRenewalMovesTheNextRenewingSync() async {
    let store = await started()
    await subscribed(store)
    database.register(renewAt: now.addingTimeInterval(86_400))
    await store.send(.synced)
    await store.receive(.read(offering: [shopping, tasks], subscriptions: database.rows.value)) {
      $0.subscriptions = database.rows.value
    }
    await store.receive(.delegate(.health(account: "work", isWorking: true, renewAt: now.addingTimeInterval(86_400))))
    bus.finish()
    await store.finish()
  }

  @Test func theDistributorLeavingEndsPushUntilAnotherComes() async {
    let store = await started()
    await subscribed(store)
    bus.distributors.setValue([:])
    await store.send(.bus(.distributorVanished(distributor.name))) {
      $0.distributor = nil
      $0.registered = []
      $0.subscriptions[0].endpoint = nil
      $0.subscriptions[1].endpoint = nil
    }
    await store.receive(.distributorFound(nil))
    #expect(database.rows.value.allSatisfy { $0.endpoint == nil }, "the endpoints lead nowhere now")
    await store.receive(.read(offering: [shopping, tasks], subscriptions: database.rows.value))
    await store.receive(.delegate(.health(account: "work", isWorking: false, renewAt: now.addingTimeInterval(3_600))))

    let other = PushFeature.Distributor(name: "org.unifiedpush.Distributor.nextpush", owner: ":1.9")
    bus.distributors.setValue([other.name: other.owner])
    await store.send(.bus(.distributorAppeared(other.name)))
    await store.receive(.distributorFound(other)) {
      $0.distributor = other
    }
    await store.receive(.read(offering: [shopping, tasks], subscriptions: database.rows.value))
    await store.receive(.registered(distributor: other.name, taken: [token(0), token(1)], refused: [:])) {
      $0.registered = [token(0), token(1)]
    }
    await store.receive(.delegate(.health(account: "work", isWorking: false, renewAt: now.addingTimeInterval(3_600))))
    #expect(bus.calls.value == [
      "owner \(other.name)",
      "register \(token(0)) for \(shopping.calendar) with \(other.name)",
      "register \(token(1)) for \(tasks.calendar) with \(other.name)",
    ])
    bus.finish()
    await store.finish()
  }

  @Test func aRefusedRegistrationLeavesTheAccountPolling() async {
    bus.distributors.setValue([distributor.name: distributor.owner])
    bus.refusals.setValue([token(0): "too many registrations"])
    database.offering.setValue([tasks])
    let store = makeStore()
    await store.send(.accounts([work])) {
      $0.accounts = [work]
      $0.connector = .starting
    }
    await store.receive(.started(owned: true, distributor: distributor)) {
      $0.connector = .running
      $0.distributor = distributor
    }
    await store.receive(.read(offering: [tasks], subscriptions: []))
    await store.receive({ [database] in $0 == .read(offering: [tasks], subscriptions: database.rows.value) }) {
      $0.offering = [tasks]
      $0.subscriptions = database.rows.value
    }
    await store.receive(.registered(distributor: distributor.name, taken: [], refused: [token(0): "too many registrations"]))
    await store.receive(.delegate(.health(account: "work", isWorking: false, renewAt: nil)))

    // Asked again after the next sync.
    bus.refusals.setValue([:])
    await store.send(.synced)
    await store.receive(.read(offering: [tasks], subscriptions: database.rows.value))
    await store.receive(.registered(distributor: distributor.name, taken: [token(0)], refused: [:])) {
      $0.registered = [token(0)]
    }
    await store.receive(.delegate(.health(account: "work", isWorking: false, renewAt: nil)))
    bus.finish()
    await store.finish()
  }

  @Test func anEndpointThatIsNotAWebURLIsNotUsed() async {
    let store = await started()
    for endpoint in ["file:///etc/passwd", "not a url", "https://push.example.com/" + String(repeating: "a", count: 2048)] {
      await store.send(.bus(.newEndpoint(sender: distributor.owner, token: token(0), endpoint: endpoint)))
    }
    #expect(database.rows.value.allSatisfy { $0.endpoint == nil })
    bus.finish()
    await store.finish()
  }

  @Test func callsFromAnyoneButTheDistributorOrForNoTokenOfOursAreIgnored() async {
    let store = await started()
    await store.send(.bus(.newEndpoint(sender: ":1.66", token: token(0), endpoint: "https://evil.example.com/")))
    await store.send(.bus(.newEndpoint(sender: distributor.owner, token: "someone-else", endpoint: "https://push.example.com/")))
    await store.send(.bus(.unregistered(sender: ":1.66", token: token(0))))
    await store.send(.bus(.message(sender: ":1.66", token: token(0), body: Self.body, size: Self.body.count)))
    await store.send(.bus(.message(sender: distributor.owner, token: "someone-else", body: Self.body, size: Self.body.count)))
    await store.send(.bus(.distributorVanished("org.unifiedpush.Distributor.other")))
    #expect(database.rows.value.allSatisfy { $0.endpoint == nil })
    #expect(database.pushes.value.isEmpty)
    bus.finish()
    await store.finish()
  }

  @Test func aMessageThatOpensWithItsCalendarsKeyMakesTheAccountSync() async {
    let store = await started()
    database.rows.withValue { $0[1].keys = Self.keys }
    await store.send(.synced)
    await store.receive(.read(offering: [shopping, tasks], subscriptions: database.rows.value)) {
      $0.subscriptions[1].keys = Self.keys
    }
    await store.receive(.delegate(.health(account: "work", isWorking: false, renewAt: nil)))

    await store.send(.bus(.message(sender: distributor.owner, token: token(1), body: Self.body, size: Self.body.count)))
    await store.receive(.delegate(.pushed(account: "work")))
    // Another calendar's key does not open it; nor does a changed byte.
    await store.send(.bus(.message(sender: distributor.owner, token: token(0), body: Self.body, size: Self.body.count)))
    var changed = Self.body
    changed[changed.count - 20] ^= 0x40
    await store.send(.bus(.message(sender: distributor.owner, token: token(1), body: changed, size: changed.count)))
    await store.send(.bus(.message(sender: distributor.owner, token: token(1), body: [], size: 70_000)))
    bus.finish()
    await store.finish()
    #expect(database.pushes.value == [token(1)])
  }

  @Test func anUnregistrationRegistersAgain() async {
    let store = await started()
    await subscribed(store)
    await store.send(.bus(.unregistered(sender: distributor.owner, token: token(1)))) {
      $0.registered = [token(0)]
      $0.subscriptions[1].endpoint = nil
    }
    await store.receive(.read(offering: [shopping, tasks], subscriptions: database.rows.value))
    #expect(database.row(tasks.calendar)?.endpoint == nil)
    await store.receive(.registered(distributor: distributor.name, taken: [token(1)], refused: [:])) {
      $0.registered = [token(0), token(1)]
    }
    await store.receive(.delegate(.health(account: "work", isWorking: false, renewAt: now.addingTimeInterval(3_600))))
    #expect(bus.calls.value == ["register \(token(1)) for \(tasks.calendar) with \(distributor.name)"])
    bus.finish()
    await store.finish()
  }

  @Test func anAccountGoneFromTheConfigGivesItsTokensBack() async {
    let store = await started()
    let home = PushFeature.Account(name: "home", push: false)
    let rows = database.rows.value
    await store.send(.accounts([home])) {
      $0.accounts = [home]
    }
    await store.receive(.read(offering: [shopping, tasks], subscriptions: rows)) {
      $0.registered = []
    }
    await store.receive(.read(offering: [shopping, tasks], subscriptions: [])) {
      $0.offering = []
      $0.subscriptions = []
    }
    #expect(database.rows.value.isEmpty)
    await store.receive(.delegate(.health(account: "home", isWorking: false, renewAt: nil)))
    #expect(bus.calls.value == [
      "unregister \(token(0)) with \(distributor.name)",
      "unregister \(token(1)) with \(distributor.name)",
    ])
    bus.finish()
    await store.finish()
  }

  @Test func anotherProgramOwningTheBusNameLeavesTheAccountsPolling() async {
    bus.owned = false
    let store = makeStore()
    await store.send(.accounts([work])) {
      $0.accounts = [work]
      $0.connector = .starting
    }
    await store.receive(.started(owned: false, distributor: nil)) {
      $0.connector = .refused
    }
    // Not started again at the next reload or sync.
    await store.send(.accounts([work]))
    await store.send(.synced)
    #expect(bus.calls.value == ["start org.quickdo.Agent"])
    await store.finish()
  }

  @Test func withNoAccountThatMayPushNothingStarts() async {
    let store = makeStore()
    let off = PushFeature.Account(name: "work", push: false)
    await store.send(.accounts([off])) {
      $0.accounts = [off]
    }
    await store.send(.synced)
    #expect(bus.calls.value.isEmpty)
  }

  // RFC 8291's worked example (Appendix A).
  nonisolated static let keys = PushKeys(
    privateKey: bytes("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"), authSecret: bytes("BTBZMqHH6r4Tts7J_aSIgg"))
  nonisolated static let body = bytes(
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")

  nonisolated static func bytes(_ base64URL: String) -> [UInt8] {
    var text = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    return Array(Data(base64Encoded: text)!)
  }
}
