import Models

extension TodosFeature.Action {
  /// The todos this action may change (what `TodosFeature` does with it, stated once so
  /// derived data can follow without rescanning every todo).
  public var changeScope: TodoChangeScope {
    switch self {
    case .add: .appended
    case let .edit(id, _), let .toggle(id), let .markDone(id), let .markPending(id),
      let .snooze(id, _), let .markReminded(id, _):
      .todo(id)
    case let .delete(ids): .todos(ids)
    case let .imported(todos): .todos(todos.map(\.id))
    case let .applyChanges(changes): .todos(changes.upserted.map(\.id) + changes.deleted)
    case .loaded: .all
    // Completed todos only, or only the order of the array:
    case .clearCompleted, .move, .sortCompletedTodos, .persistenceFailed: .none
    }
  }
}
