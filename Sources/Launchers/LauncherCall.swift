/// A launcher's call on the session bus, as the agent answers it: KRunner's
/// `org.kde.krunner1` and GNOME Shell's `org.gnome.Shell.SearchProvider2`, each method with
/// the strings it passes. One type for both, because both ask the same two things: what
/// the typed words match, and to do what a match stands for.
public enum LauncherCall: Equatable, Sendable {
  /// KRunner's `Match`: the query as typed.
  case match(String)
  /// KRunner's `Run`: a match's id, and the action's id (empty for Enter).
  case run(id: String, action: String)
  /// KRunner's `Actions`: the buttons a match may offer.
  case actions
  /// GNOME's `GetInitialResultSet` and `GetSubsearchResultSet`: the words typed.
  case resultSet(terms: [String])
  /// GNOME's `GetResultMetas`: what to show of these results.
  case metas(ids: [String])
  /// GNOME's `ActivateResult`.
  case activate(id: String)
  /// GNOME's `LaunchSearch`: the user asked for more results in the app.
  case launchSearch(terms: [String])
}

/// The agent's answer to a `LauncherCall`, in the shape the bus needs.
public enum LauncherAnswer: Equatable, Sendable {
  /// `Match`'s matches, or `GetResultMetas`' results, in order.
  case results([LauncherResult])
  /// `Actions`.
  case actions([LauncherAction])
  /// A result set's ids.
  case ids([String])
  /// The empty answer of `Run`, `ActivateResult` and `LaunchSearch`.
  case done
}

/// A button KRunner shows beside a match (its `Actions`).
public struct LauncherAction: Equatable, Sendable {
  public var id: String
  public var text: String
  /// A themed icon's name.
  public var icon: String

  public init(id: String, text: String, icon: String) {
    self.id = id
    self.text = text
    self.icon = icon
  }
}
