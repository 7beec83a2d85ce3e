/// The session bus's UnifiedPush distributor, as the agent (its connector) sees it: the
/// distributors there, registering a token for an endpoint, and what the distributor sends
/// back. The live client speaks D-Bus (`UnifiedPushLive`); tests override these closures.
public struct UnifiedPushClient: Sendable {
  /// Owns `busName` and starts the events; false when another process owns the name.
  public var start: @Sendable (_ busName: String) async -> (owned: Bool, events: AsyncStream<UnifiedPushEvent>)
  /// The distributors' well-known names on the bus (`org.unifiedpush.Distributor.*`).
  public var distributors: @Sendable () async -> [String]
  /// The unique name that owns `name` now: who may call the connector for it.
  public var owner: @Sendable (_ name: String) async -> String?
  /// Registers `token` for `service` with `distributor`: nil when it took it (its
  /// `NewEndpoint` follows), else why not.
  public var register:
    @Sendable (_ distributor: String, _ service: String, _ token: String, _ description: String) async -> String?
  public var unregister: @Sendable (_ distributor: String, _ token: String) async -> Void

  public init(
    start: @escaping @Sendable (String) async -> (owned: Bool, events: AsyncStream<UnifiedPushEvent>),
    distributors: @escaping @Sendable () async -> [String],
    owner: @escaping @Sendable (String) async -> String?,
    register: @escaping @Sendable (String, String, String, String) async -> String?,
    unregister: @escaping @Sendable (String, String) async -> Void
  ) {
    self.start = start
    self.distributors = distributors
    self.owner = owner
    self.register = register
    self.unregister = unregister
  }
}

/// What the bus brought the connector. `sender` is the caller's unique bus name.
public enum UnifiedPushEvent: Equatable, Sendable {
  case newEndpoint(sender: String, token: String, endpoint: String)
  /// A push message: its bytes as the push service received them, and their count (a
  /// message past ``maxCopied`` bytes comes with no bytes, only its size).
  case message(sender: String, token: String, body: [UInt8], size: Int)
  case unregistered(sender: String, token: String)
  case distributorAppeared(String)
  case distributorVanished(String)

  /// The most bytes of a message copied off the bus.
  public static let maxCopied = 65_536
}
