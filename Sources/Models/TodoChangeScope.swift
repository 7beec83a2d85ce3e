import Foundation

/// Which todos an action may change. Lets derived data (the quick-action index) be updated
/// for just those todos instead of being recomputed from all of them.
public enum TodoChangeScope: Equatable, Sendable {
  /// Changes no todo (at most their order in the array).
  case none
  /// Changes, adds or removes at most this todo (most actions: no array to allocate).
  case todo(Todo.ID)
  /// Changes, adds or removes at most these todos.
  case todos([Todo.ID])
  /// Appends new todos at the end of the array and changes no other.
  case appended
  /// May change any todo.
  case all
}
