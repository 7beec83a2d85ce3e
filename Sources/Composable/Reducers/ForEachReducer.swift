import CasePathsCore
import IdentifiedCollections
import IssueReporting

extension Reducer {
  /// Runs `element` on the one element of an `IdentifiedArray` that an action names, before
  /// this reducer. The element is mutated in place: the array is not copied.
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where
    ElementState == Element.State, ElementAction == Element.Action, Action: CasePathable
  {
    forEach(
      toElementsState, action: AnyCasePath(toElementAction), element: element,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Reducer {
  /// ``forEach(_:action:element:fileID:filePath:line:column:)`` with a case path from the
  /// action's `allCasePaths` (`Action.allCasePaths.rows`): faster per action than a
  /// `CaseKeyPath`, whose extraction walks generic metadata on every call.
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self, toElementsState: toElementsState, toElementAction: toElementAction,
      element: element(),
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` returns.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let element: (inout Element.State, Element.Action) -> Effect<Element.Action>
  @usableFromInline let location: _SourceLocation

  @inlinable
  init(
    parent: Parent,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    element: Element, location: _SourceLocation
  ) {
    self.parent = parent
    self.toElementsState = toElementsState
    self.toElementAction = toElementAction
    self.element = element._reduceFunction()
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffect = reduceElement(into: &state, action: action)
    return elementEffect.merge(with: parent.reduce(into: &state, action: action))
  }

  @inlinable
  func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction)? = toElementAction.extract(from: action) else {
      return .none
    }
    guard state[keyPath: toElementsState][id: id] != nil else {
      reportIssue(
        """
        A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing \
        element (id: \(id)). Actions for an element should only be sent while it is in the \
        collection.
        """,
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
      return .none
    }
    let effect = element(&state[keyPath: toElementsState][id: id]!, elementAction)
    if effect.isNone { return .none }
    let toElementAction = self.toElementAction
    return effect.map { toElementAction.embed(.element(id: id, action: $0)) }
  }
}

/// Where a reducer operator was applied, for the issues it reports.
public struct _SourceLocation: Sendable {
  public let fileID: StaticString
  public let filePath: StaticString
  public let line: UInt
  public let column: UInt

  @inlinable
  public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}
