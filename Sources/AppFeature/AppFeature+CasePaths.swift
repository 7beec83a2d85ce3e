import Composable
import SyncFeature
import TodosFeature

extension AppFeature.Action: CasePathable {
  /// The cases `AppFeature`'s body scopes its children to, written out as `@CasePathable`
  /// would generate them: with no macro, building quickdo needs no swift-syntax.
  public struct AllCasePaths: Sendable {
    public var todos: AnyCasePath<AppFeature.Action, TodosFeature.Action> {
      AnyCasePath(embed: AppFeature.Action.todos) {
        if case let .todos(action) = $0 { action } else { nil }
      }
    }
    public var sync: AnyCasePath<AppFeature.Action, SyncFeature.Action> {
      AnyCasePath(embed: AppFeature.Action.sync) {
        if case let .sync(action) = $0 { action } else { nil }
      }
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
