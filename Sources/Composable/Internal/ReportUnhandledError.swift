import IssueReporting

/// Reports an error that escaped an `Effect.run` without a `catch` handler.
@usableFromInline
func reportUnhandledError(
  _ error: any Error, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  reportIssue(
    """
    An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error: \(error)

    All errors thrown in "Effect.run" should be handled, either by a "do"/"catch" in the \
    operation or by passing a "catch" handler.
    """,
    fileID: fileID, filePath: filePath, line: line, column: column
  )
}
