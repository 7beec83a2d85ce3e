/// The launchers' side of the session bus, as the agent sees it: owning the agent's bus
/// name and answering KRunner's and GNOME Shell's calls. Its live version
/// (`LaunchersLive`) is GDBus; the agent's wiring passes it the function that answers.
public struct LauncherClient: Sendable {
  /// Starts answering each call with `answer`, on the main actor. Nil once serving, else
  /// why not (no bus, or another process owns the name).
  public var serve: @Sendable (_ answer: @escaping @MainActor @Sendable (LauncherCall) async -> LauncherAnswer) async -> String?

  public init(
    serve: @escaping @Sendable (_ answer: @escaping @MainActor @Sendable (LauncherCall) async -> LauncherAnswer) async -> String?
  ) {
    self.serve = serve
  }

  /// The name the launchers' files name, and which D-Bus activation starts the agent for.
  public static let busName = "org.quickdo.Agent"
  /// Where KRunner's runner answers (`krunner/dbusplugins/quickdo.desktop`).
  public static let runnerPath = "/org/quickdo/Runner"
  /// Where GNOME's search provider answers (`search-providers/quickdo-search-provider.ini`).
  public static let providerPath = "/org/quickdo/SearchProvider"
}
