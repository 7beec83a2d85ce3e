import Foundation
import Models
import TodoStorageClient
import TodoStorageLive

/// Figures for the agent's commits: what the SQLite write behind one press costs (the part
/// of press → close that is not thread hops or D-Bus), through the storage client on a WAL
/// file as the agent opens it (a pool), with 10,000 todos in the table.
@MainActor
enum StorageBench {
  static func run() async {
    let name = "commit one changed todo (10,000 in the table)"
    guard let plan = BenchPlan(case: name, iterations: 2_000, rounds: 3) else { return }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quickdo-bench-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    do {
      let storage = TodoStorageClient.live(
        try AppDatabase.openFile(at: directory + "/todos.sqlite", connections: .pool))
      let start = Date(timeIntervalSince1970: 1_795_338_000)
      let todos = (0..<10_000).map { i in
        Todo(id: UUID(), title: "todo \(i)", createdAt: start.addingTimeInterval(Double(i)))
      }
      try await storage.upsert(todos)
      // Mark done and back, one commit each, as presses of Mark done and Undo do; off the
      // main actor, as the agent's effects run, so no thread hop is timed.
      let best = try await commits(plan, storage: storage, todos: todos, start: start)
      report(name, plan.nanosecondsPerIteration(best: best) / 1000, "µs/commit")
    } catch {
      print("storage bench failed: \(error)")
    }
  }

  /// The best round's time.
  nonisolated static func commits(
    _ plan: BenchPlan, storage: TodoStorageClient, todos: [Todo], start: Date
  ) async throws -> Duration {
    let clock = ContinuousClock()
    var best = Duration.seconds(1_000)
    for _ in 0..<plan.rounds {
      let began = clock.now
      for i in 0..<plan.iterations {
        var todo = todos[i % todos.count]
        todo.isComplete = i % 2 == 0
        todo.completedAt = todo.isComplete ? start : nil
        try await storage.upsert([todo])
      }
      best = min(best, clock.now - began)
    }
    return best
  }
}
