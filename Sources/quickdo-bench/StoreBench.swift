import Composable

/// Figures for the Composable core: what one action costs through a `Store`.
@MainActor
enum StoreBench {
  struct Row: Identifiable { let id: Int; var count = 0 }
  struct ChildState { var count = 0 }
  struct State {
    var count = 0
    var rows: IdentifiedArrayOf<Row> = []
    var child = ChildState()
  }
  enum ChildAction { case increment }
  enum RowAction { case increment }
  enum Action: CasePathable {
    case increment
    case rows(IdentifiedAction<Int, RowAction>)
    case child(ChildAction)

    struct AllCasePaths {
      var rows: AnyCasePath<Action, IdentifiedAction<Int, RowAction>> {
        AnyCasePath(embed: Action.rows) { if case let .rows(action) = $0 { action } else { nil } }
      }
      var child: AnyCasePath<Action, ChildAction> {
        AnyCasePath(embed: Action.child) { if case let .child(action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  struct Feature: Reducer {
    var body: some Reducer<State, Action> {
      Scope(state: \.child, action: \.child) {
        Reduce<ChildState, ChildAction> { state, _ in state.count += 1; return .none }
      }
      Reduce { state, action in
        if case .increment = action { state.count += 1 }
        return .none
      }
      .forEach(\.rows, action: \.rows) {
        Reduce<Row, RowAction> { row, _ in row.count += 1; return .none }
      }
    }
  }

  /// The same feature with case paths from `allCasePaths` instead of case key paths.
  struct FastFeature: Reducer {
    var body: some Reducer<State, Action> {
      Scope(state: \.child, action: Action.allCasePaths.child) {
        Reduce<ChildState, ChildAction> { state, _ in state.count += 1; return .none }
      }
      Reduce { state, action in
        if case .increment = action { state.count += 1 }
        return .none
      }
      .forEach(\.rows, action: Action.allCasePaths.rows) {
        Reduce<Row, RowAction> { row, _ in row.count += 1; return .none }
      }
    }
  }

  static func run() async {
    print("-- case key paths (Scope(action: \\.child), forEach(action: \\.rows))")
    await run(Feature())
    print("-- case paths from allCasePaths (Action.allCasePaths.child)")
    await run(FastFeature())
  }

  static func run(_ feature: some Reducer<State, Action>) async {
    let n = 100_000
    let store = Store(
      initialState: State(rows: IdentifiedArray(uniqueElements: (0..<n).map { Row(id: $0) }))
    ) { feature }
    let increments = measure("trivial action", iterations: 200_000) { _ in store.send(.increment) }
    measure("one element of a \(n)-element IdentifiedArray", iterations: 200_000) { i in
      store.send(.rows(.element(id: (i &* 7919) % n, action: .increment)))
    }
    let childIncrements = measure("action routed through Scope to a child", iterations: 200_000) { _ in
      store.send(.child(.increment))
    }
    // Every send was reduced (also with QUICKDO_BENCH_ONLY / _ITERATIONS, which run fewer).
    precondition(store.state.count == increments.count && store.state.child.count == childIncrements.count)
  }
}
