import Composable
import ConcurrencyExtras
import CustomDump
import Foundation
import IssueReporting

/// A store for tests that asserts, exhaustively by default, how a feature evolves: every
/// state change after ``send(_:assert:fileID:file:line:column:)``, every action effects send
/// back (``receive(_:timeout:assert:fileID:file:line:column:)``), and that no effect is still
/// running when the test ends (``finish(timeout:fileID:file:line:column:)``). Failures are
/// reported to XCTest or Swift Testing, whichever runs, with a CustomDump diff.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as the reducer left it.
  public private(set) var state: State
  /// How strictly the store checks; see ``Exhaustivity``.
  public var exhaustivity: Exhaustivity {
    get { _exhaustivity }
    set {
      _exhaustivity = newValue
      syncEndOfTest()
    }
  }
  private var _exhaustivity = Exhaustivity.on
  /// How long ``receive(_:timeout:assert:fileID:file:line:column:)`` waits by default.
  public var timeout: Duration
  /// The dependencies the reducer and its effects see; change them between steps if needed.
  public var dependencies: DependencyValues

  private let reducer: (inout State, Action) -> Effect<Action>
  private let runtime = EffectRuntime()
  private var received: [(action: Action, state: State)] = [] {
    didSet { syncEndOfTest() }
  }
  private var inFlight: [Int: (action: Action, location: _SourceLocation, task: Task<Void, Never>)] = [:] {
    didSet { syncEndOfTest() }
  }
  private let endOfTest: LockIsolated<EndOfTestCheck>
  /// Effects whose operation has returned, recorded from inside their task (the `inFlight`
  /// entry goes away a main-actor hop later).
  private let finishedEffects = LockIsolated<Set<Int>>([])
  /// The effects still running, by the exact record.
  private var runningEffects: [(action: Action, location: _SourceLocation, task: Task<Void, Never>)] {
    let finished = finishedEffects.value
    return inFlight.filter { !finished.contains($0.key) }.map(\.value)
  }
  private var queue: [(action: Action, isReceived: Bool)] = []
  private var isReducing = false
  /// The state as of the last assertion; expectations are applied to a copy of it.
  private var assertedState: State
  private let location: _SourceLocation

  /// Creates a test store over `reducer`, with `prepareDependencies` overriding dependencies
  /// (those not overridden use their `testValue`, which fails the test when unimplemented).
  public init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.reducer = reducer()._reduceFunction()
    self.state = initialState
    self.assertedState = initialState
    self.timeout = timeout
    var values = DependencyValues._current
    values.context = .test
    prepareDependencies(&values)
    self.dependencies = values
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let check = EndOfTestCheck(location: location)
    self.location = location
    self.endOfTest = LockIsolated(check)
  }

  // Nonisolated on purpose: an `isolated deinit` runs without task-local values, so the
  // running test (a task-local of Swift Testing) would be unknown and failures lost. It reads
  // the `endOfTest` mirror, which the store keeps current.
  deinit {
    endOfTest.value.report()
  }

  // MARK: Sending

  /// Sends an action and asserts how state changed: `assert` mutates a copy of the previous
  /// state into the expected one. Omit it when state must not change.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask {
    let here = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !received.isEmpty {
      if exhaustivity == .on {
        reportIssue(
          """
          Must handle \(received.count) received \
          action\(received.count == 1 ? "" : "s") before sending an action: …

          Unhandled actions: \(customDumpString(received.map(\.action)))
          """, at: here)
      }
      skipReceivedActionsQuietly()
    }
    let previous = state
    let (tasks, stateAfterAction) = reduce(action, location: here)
    checkState(
      previous: previous, actual: stateAfterAction, update: updateStateToExpectedResult, at: here)
    assertedState = stateAfterAction
    // Let the effects just started reach their first suspension (e.g. a clock's sleep).
    await Task.megaYield()
    return TestStoreTask(tasks: tasks, timeout: timeout)
  }

  // MARK: Receiving

  /// Asserts that an effect sent `expectedAction` next, and how it changed state.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Action: Equatable {
    await receiveAction(
      matching: { $0 == expectedAction },
      describeMismatch: { "\n\n" + (diff(expectedAction, $0, format: .proportional).map { "\($0)\n\n(Expected: −, Received: +)" } ?? "") },
      timeout: timeout, update: updateStateToExpectedResult,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of the case `actionCase` next.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Action: CasePathable {
    await receiveAction(
      matching: { $0[case: actionCase] != nil },
      describeMismatch: { " \(customDumpString($0)) is not of the expected case." },
      timeout: timeout, update: updateStateToExpectedResult,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of the case `actionCase` with `value` next.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Action: CasePathable {
    await receiveAction(
      matching: { $0[case: actionCase] == value },
      describeMismatch: { " \(customDumpString($0)) does not match \(customDumpString(value))." },
      timeout: timeout, update: updateStateToExpectedResult,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action for which `isMatching` holds next.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      describeMismatch: { " \(customDumpString($0)) does not match the predicate." },
      timeout: timeout, update: updateStateToExpectedResult,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func receiveAction(
    matching: (Action) -> Bool,
    describeMismatch: (Action) -> String,
    timeout: Duration?,
    update: ((inout State) throws -> Void)?,
    at here: _SourceLocation
  ) async {
    let timeout = timeout ?? self.timeout
    let arrived = await waitUntil(timeout: timeout) { [unowned self] in
      exhaustivity == .on ? !received.isEmpty : received.contains { matching($0.action) }
    }
    guard arrived else {
      let running = runningEffects.count
      let stillRunning = running == 0 ? "" : " \(running) effect(s) are still running."
      reportIssue(
        "Expected to receive an action, but received none after \(timeout).\(stillRunning)",
        at: here)
      return
    }
    if exhaustivity == .on {
      let (action, stateAfter) = received.removeFirst()
      guard matching(action) else {
        reportIssue("Received unexpected action:\(describeMismatch(action))", at: here)
        assertedState = stateAfter
        return
      }
      checkState(previous: assertedState, actual: stateAfter, update: update, at: here)
      assertedState = stateAfter
    } else {
      let index = received.firstIndex { matching($0.action) }!
      let stateAfter = received[index].state
      received.removeFirst(index + 1)
      checkState(previous: stateAfter, actual: stateAfter, update: update, at: here)
      assertedState = stateAfter
    }
    // Let an effect that sent its last action finish, as TCA does.
    await Task.megaYield()
  }

  // MARK: Finishing

  /// Waits until every in-flight effect has finished; fails the test if some are still
  /// running after `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let finished = await waitUntil(timeout: timeout) { [unowned self] in runningEffects.isEmpty }
    if !finished {
      reportIssue(
        """
        Expected effects to finish, but there are still effects in-flight after \(timeout): \
        \(runningEffects.count) effect(s), started by \(customDumpString(runningEffects.map(\.action))).
        """,
        at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }

  /// Clears the received actions that were not asserted; with `strict`, fails when there
  /// were none to skip (as in TCA).
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await Task.yield()
    if received.isEmpty {
      if strict {
        reportIssue(
          "There were no received actions to skip.",
          at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      }
      return
    }
    skipReceivedActionsQuietly()
  }

  /// Cancels the effects still running; with `strict`, fails when there were none.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await Task.yield()
    if runningEffects.isEmpty {
      if strict {
        reportIssue(
          "There were no in-flight effects to skip.",
          at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      }
      return
    }
    runtime.cancelAll()
    inFlight.removeAll()
  }

  // MARK: Internals

  /// Reduces `action`, then the actions its `.send` effects send, in order (as the store
  /// does); effect actions are recorded as received. Returns the tasks `action` started.
  private func reduce(_ action: Action, location: _SourceLocation) -> (
    tasks: [Task<Void, Never>], stateAfterAction: State
  ) {
    queue.append((action, false))
    let (tasks, stateAfterFirst) = drainQueue(location: location)
    return (tasks, stateAfterFirst ?? state)
  }

  private func effectSent(_ action: Action) {
    queue.append((action, true))
    if !isReducing { _ = drainQueue(location: location) }
  }

  /// Reduces the queued actions in order; returns the tasks and the state after the first.
  private func drainQueue(location: _SourceLocation) -> ([Task<Void, Never>], State?) {
    guard !isReducing else { return ([], nil) }
    isReducing = true
    defer { isReducing = false }
    var first: ([Task<Void, Never>], State)?
    while !queue.isEmpty {
      let (action, isReceived) = queue.removeFirst()
      let tasks = reduceOne(action, location: location)
      if isReceived { received.append((action, state)) }
      if first == nil { first = (tasks, state) }
    }
    return (first?.0 ?? [], first?.1)
  }

  private func reduceOne(_ action: Action, location: _SourceLocation) -> [Task<Void, Never>] {
    let effect = withDependencies { $0 = dependencies } operation: { reducer(&state, action) }
    if effect.isNone { return [] }
    let send = Send<Action>(runtime: runtime) { [weak self] in self?.effectSent($0) }
    let finishedEffects = self.finishedEffects
    let started = withDependencies { $0 = dependencies } operation: {
      runtime.startTracked(effect, send: send) { token in
        finishedEffects.withValue { _ = $0.insert(token) }
      }
    }
    for effect in started {
      let (token, task) = (effect.token, effect.task)
      inFlight[token] = (action, location, task)
      Task { [weak self] in
        await task.value
        self?.inFlight[token] = nil
        finishedEffects.withValue { _ = $0.remove(token) }
      }
    }
    return started.map(\.task)
  }

  /// Copies what the end-of-test check needs into the mirror the `deinit` reads.
  private func syncEndOfTest() {
    let check = EndOfTestCheck(
      location: location,
      isExhaustive: _exhaustivity == .on,
      unhandled: received.map { customDumpString($0.action) },
      running: inFlight.mapValues { (customDumpString($0.action), $0.location, $0.task) },
      finished: finishedEffects)
    endOfTest.withValue { $0 = check }
  }

  private func skipReceivedActionsQuietly() {
    if let last = received.last { assertedState = last.state }
    received.removeAll()
  }

  private func checkState(
    previous: State, actual: State, update: ((inout State) throws -> Void)?,
    at here: _SourceLocation
  ) {
    var expected = exhaustivity == .on ? previous : actual
    do {
      try update?(&expected)
    } catch {
      reportIssue("Threw error: \(error)", at: here)
      return
    }
    if expected == actual {
      if exhaustivity == .on, update != nil, expected == previous {
        reportIssue(
          """
          Expected state to change, but no change occurred.

          The trailing closure made no observable modifications to state. If no change to state \
          is expected, omit the trailing closure.
          """, at: here)
      }
      return
    }
    let difference =
      diff(expected, actual, format: .proportional).map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
      ?? ""
    if update == nil {
      reportIssue("State was not expected to change, but a change occurred: …\n\n\(difference)", at: here)
    } else {
      reportIssue("A state change does not match expectation: …\n\n\(difference)", at: here)
    }
  }

  private func reportIssue(_ message: String, at location: _SourceLocation) {
    IssueReporting.reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}
