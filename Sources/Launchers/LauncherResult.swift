import Foundation

/// One line a launcher shows: KRunner's match, GNOME's result. Its id carries what running
/// it does, so the agent keeps nothing between a search and its run.
public struct LauncherResult: Equatable, Sendable {
  public var id: ID
  /// "Add: Buy milk", or a pending todo's title.
  public var text: String
  /// The parse ("tomorrow 09:00 · Home · @errand · high"), what stops it, or the todo's
  /// list and due time.
  public var subtext: String

  public init(id: ID, text: String, subtext: String) {
    self.id = id
    self.text = text
    self.subtext = subtext
  }

  /// What a result stands for, written into its id.
  public enum ID: Equatable, Sendable {
    /// Adding the todo this line describes.
    case add(line: String)
    /// A pending todo, to complete or snooze.
    case todo(UUID)
    /// A line that cannot be added; running it does nothing.
    case problem

    /// The id as the bus carries it.
    public var text: String {
      switch self {
      case let .add(line): "add:" + line
      case let .todo(id): "todo:" + id.uuidString.lowercased()
      case .problem: "problem"
      }
    }

    /// The id a launcher passed back; nil for one quickdo did not make.
    public init?(text: String) {
      if text.hasPrefix("add:") {
        self = .add(line: String(text.dropFirst(4)))
      } else if text.hasPrefix("todo:"), let id = UUID(uuidString: String(text.dropFirst(5))) {
        self = .todo(id)
      } else if text == "problem" {
        self = .problem
      } else {
        return nil
      }
    }
  }
}
