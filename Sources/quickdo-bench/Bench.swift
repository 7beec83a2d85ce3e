import Foundation

/// `quickdo-bench`: prints performance figures. Run it in release mode:
/// `swift run -c release quickdo-bench [store|…]`. Each suite prints one line per case.
@main
@MainActor
struct Bench {
  static func main() async {
    let suites: [String: @MainActor () async -> Void] = [
      "store": StoreBench.run,
      "quickactions": QuickActionsBench.run,
      "storage": StorageBench.run,
    ]
    let requested = CommandLine.arguments.dropFirst()
    if requested.contains("--help") || requested.contains("-h") {
      print("usage: quickdo-bench [\(suites.keys.sorted().joined(separator: "|"))]…  (default: all)")
      return
    }
    for name in requested.isEmpty ? suites.keys.sorted() : Array(requested) {
      guard let suite = suites[name] else {
        FileHandle.standardError.write(Data("quickdo-bench: no suite named '\(name)'\n".utf8))
        exit(64)
      }
      print("== \(name)")
      await suite()
    }
  }
}

/// How one case runs: `iterations` per round, `rounds` rounds, the best round reported (the
/// least disturbed by the rest of the machine). `QUICKDO_BENCH_ONLY=text` runs only the
/// cases whose name contains it (nil for the others), and `QUICKDO_BENCH_ITERATIONS=n` one
/// round of at most n iterations: to profile one case (`valgrind --tool=callgrind` counts
/// instructions, which this shared machine's timings cannot compare from one run to the
/// next).
struct BenchPlan: Sendable {
  var iterations: Int
  var rounds: Int

  init?(case name: String, iterations: Int, rounds: Int) {
    let environment = ProcessInfo.processInfo.environment
    if let only = environment["QUICKDO_BENCH_ONLY"], !name.contains(only) { return nil }
    self.iterations = iterations
    self.rounds = rounds
    if let limit = environment["QUICKDO_BENCH_ITERATIONS"].flatMap({ Int($0) }) {
      self.iterations = min(iterations, limit)
      self.rounds = 1
    }
  }

  /// The best round's time per iteration, in nanoseconds.
  func nanosecondsPerIteration(best: Duration) -> Double {
    (Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9)
      / Double(iterations)
  }
}

/// Prints one case's figure as a line of the suite's table.
func report(_ name: String, _ value: Double, _ unit: String) {
  print(
    "\(name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(String(format: "%10.1f", value)) \(unit)")
}

/// What ``measure(_:iterations:rounds:_:)`` measured: how many times the body ran, and the
/// best round's nanoseconds per iteration (nil when the case did not run).
struct Measured {
  var count = 0
  var nanoseconds: Double?
}

/// Times `body` over the plan's iterations and rounds; reports the best round's nanoseconds
/// per iteration (see ``BenchPlan``). Never inlined, so that callgrind can count one case
/// alone: `--collect-atstart=no --toggle-collect='*measure*'`.
@MainActor
@discardableResult
@inline(never)
func measure(_ name: String, iterations: Int, rounds: Int = 5, _ body: (Int) -> Void) -> Measured {
  guard let plan = BenchPlan(case: name, iterations: iterations, rounds: rounds) else { return Measured() }
  let clock = ContinuousClock()
  var best = Duration.seconds(1_000_000)
  for _ in 0..<plan.rounds {
    let start = clock.now
    for i in 0..<plan.iterations { body(i) }
    best = min(best, clock.now - start)
  }
  let nanoseconds = plan.nanosecondsPerIteration(best: best)
  report(name, nanoseconds, "ns/action")
  return Measured(count: plan.iterations * plan.rounds, nanoseconds: nanoseconds)
}
