import Composable
import ComposableTesting
import Testing

@MainActor
struct ForEachReducerTests {
  struct Row: Equatable, Identifiable { let id: Int; var count = 0 }
  enum RowAction: Equatable { case increment, incrementLater }
  struct State: Equatable { var rows: IdentifiedArrayOf<Row> = []; var total = 0 }
  enum Action: Equatable, CasePathable {
    case rows(IdentifiedAction<Int, RowAction>)
    struct AllCasePaths {
      var rows: AnyCasePath<Action, IdentifiedAction<Int, RowAction>> {
        AnyCasePath(embed: Action.rows) { if case let .rows(action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  struct Parent: Equatable { var child: Int? }
  enum ParentAction: Equatable, CasePathable {
    case child(RowAction), dismiss
    struct AllCasePaths {
      var child: AnyCasePath<ParentAction, RowAction> {
        AnyCasePath(embed: ParentAction.child) {
          if case let .child(action) = $0 { action } else { nil }
        }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  func makeStore(_ rows: [Row]) -> TestStore<State, Action> {
    TestStore(initialState: State(rows: IdentifiedArray(uniqueElements: rows))) {
      Reduce<State, Action> { state, action in
        // The parent runs after the element, so it sees the element's new count.
        state.total = state.rows.map(\.count).reduce(0, +)
        return .none
      }
      .forEach(\.rows, action: \.rows) {
        Reduce<Row, RowAction> { row, action in
          switch action {
          case .increment: row.count += 1; return .none
          case .incrementLater: return .send(.increment)
          }
        }
      }
    }
  }

  @Test func elementActionMutatesOnlyThatElementBeforeTheParent() async {
    let store = makeStore([Row(id: 1), Row(id: 2)])
    await store.send(.rows(.element(id: 2, action: .increment))) {
      $0.rows[id: 2]?.count = 1
      $0.total = 1
    }
  }

  @Test func elementEffectsComeBackWithTheElementsID() async {
    let store = makeStore([Row(id: 7)])
    await store.send(.rows(.element(id: 7, action: .incrementLater)))
    await store.receive(.rows(.element(id: 7, action: .increment))) {
      $0.rows[id: 7]?.count = 1
      $0.total = 1
    }
  }

  @Test func actionForAMissingElementIsReported() async {
    let store = makeStore([Row(id: 1)])
    await withKnownIssue {
      await store.send(.rows(.element(id: 99, action: .increment)))
    }
  }

  @Test func ifLetRunsWhileStatePresentAndIgnoresOtherwise() async {
    let store = TestStore(initialState: Parent(child: 0)) {
      Reduce<Parent, ParentAction> { state, action in
        if action == .dismiss { state.child = nil }
        return .none
      }
      .ifLet(\.child, action: \.child) {
        Reduce<Int, RowAction> { count, _ in count += 1; return .none }
      }
    }
    await store.send(.child(.increment)) { $0.child = 1 }
    await store.send(.dismiss) { $0.child = nil }
    await store.send(.child(.increment))
  }
}
