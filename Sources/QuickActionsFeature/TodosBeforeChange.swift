import Composable
import Models

/// What the todos an action may change were before it ran, read by `quickActionable()`
/// before the base reducer: ``QuickActionIndex`` finds a changed todo's old rank from its
/// old value instead of keeping a map from id to rank (with 100,000 todos, that map's
/// look-ups cost cache misses on every action). Reading the todo first also brings it into
/// the cache for the base reducer.
@usableFromInline
enum TodosBeforeChange {
  case none
  /// One todo: its value and position before (nil when there was none with this id).
  case one(Todo.ID, (position: Int, todo: Todo)?)
  /// Several todos, each id once.
  case several([Todo.ID: Todo?])
  /// Todos appended after the first `count`.
  case appended(count: Int)
  case all

  /// The todo with `id` in `todos`, looked up at `position` first (where the todo was
  /// before the action, and most actions leave it there): one hash of the id fewer.
  @inlinable
  static func todo(_ id: Todo.ID, near position: Int?, in todos: IdentifiedArrayOf<Todo>) -> Todo? {
    if let position, position < todos.count, todos[position].id == id { return todos[position] }
    return todos[id: id]
  }

  @inlinable
  init(_ scope: TodoChangeScope, in todos: IdentifiedArrayOf<Todo>) {
    switch scope {
    case .none: self = .none
    case let .todo(id): self = .one(id, todos.index(id: id).map { ($0, todos[$0]) })
    case let .todos(ids):
      // Deduplicated: a todo's change is reported to the index once.
      self = .several(Dictionary(ids.map { ($0, todos[id: $0]) }, uniquingKeysWith: { first, _ in first }))
    case .appended: self = .appended(count: todos.count)
    case .all: self = .all
    }
  }
}
