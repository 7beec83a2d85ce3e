/// Why the agent holds a pending todo back instead of showing it: `quickdo list` says so,
/// since a held todo is otherwise pending with nothing on screen.
public enum HoldReason: String, Equatable, Sendable, CaseIterable {
  /// The notification server's own Do Not Disturb switch is on (`dnd.follow`).
  case doNotDisturb = "dnd"
  /// Within `dnd.quiet_hours`.
  case quietHours = "quiet"
}
