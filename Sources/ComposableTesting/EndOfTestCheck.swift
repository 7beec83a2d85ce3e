import Composable
import ConcurrencyExtras
import IssueReporting

/// What the end of a test must check, kept where a nonisolated `deinit` can read it.
struct EndOfTestCheck: Sendable {
  let location: _SourceLocation
  var isExhaustive = true
  var unhandled: [String] = []
  var running: [Int: (action: String, location: _SourceLocation, task: Task<Void, Never>)] = [:]
  /// Effects whose operation has returned though `running` does not know it yet.
  var finished = LockIsolated<Set<Int>>([])

  /// Fails the test for unasserted actions and running effects, then cancels the effects.
  func report() {
    if isExhaustive, !unhandled.isEmpty {
      reportIssue(
        """
        The store received \(unhandled.count) unexpected \
        action\(unhandled.count == 1 ? "" : "s"): …

        Unhandled actions: \(unhandled.joined(separator: ", "))
        """,
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
    }
    if isExhaustive {
      let finished = self.finished.value
      for (token, (action, location, _)) in running where !finished.contains(token) {
        reportIssue(
          """
          An effect returned for this action is still running. It must complete before the end \
          of the test. …

            Action: \(action)

          To fix, inspect any effects the reducer returns for this action and ensure that all of \
          them complete by the end of the test, e.g. with "await store.finish()" or by \
          cancelling them.
          """,
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column)
      }
    }
    for (_, _, task) in running.values { task.cancel() }
  }
}
