import Dependencies
import IssueReporting
import Models

extension TodoStorageClient: TestDependencyKey {
  /// Every endpoint fails the test when called: tests override what they use.
  public static let testValue = TodoStorageClient(
    load: unimplemented("TodoStorageClient.load", placeholder: []),
    exportJSON: unimplemented("TodoStorageClient.exportJSON"),
    fetchByIDPrefix: unimplemented("TodoStorageClient.fetchByIDPrefix", placeholder: []),
    upsert: unimplemented("TodoStorageClient.upsert"),
    delete: unimplemented("TodoStorageClient.delete"),
    changes: unimplemented(
      "TodoStorageClient.changes", placeholder: TodoChanges(upserted: [], deleted: [], revision: 0)),
    externalCommits: unimplemented("TodoStorageClient.externalCommits", placeholder: .finished),
    releaseMemory: unimplemented("TodoStorageClient.releaseMemory"),
    lists: unimplemented("TodoStorageClient.lists", placeholder: []),
    family: unimplemented("TodoStorageClient.family", placeholder: [])
  )

  /// Keeps nothing and loads nothing; for previews and benchmarks.
  public static let noop = TodoStorageClient(
    load: { _ in [] }, exportJSON: { _, sink in try sink(Array("[]".utf8)) }, fetchByIDPrefix: { _ in [] }, upsert: { _ in }, delete: { _ in },
    changes: { TodoChanges(upserted: [], deleted: [], revision: $0) },
    externalCommits: { .finished }, releaseMemory: {})
}

extension DependencyValues {
  /// The todo storage.
  public var todoStorage: TodoStorageClient {
    get { self[TodoStorageClient.self] }
    set { self[TodoStorageClient.self] = newValue }
  }
}

extension AsyncStream {
  fileprivate static var finished: Self { AsyncStream { $0.finish() } }
}
