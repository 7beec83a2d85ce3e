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

/// Times `body` over `iterations` runs, repeated `rounds` times; reports the best round's
/// nanoseconds per iteration (the least disturbed by the rest of the machine).
/// `QUICKDO_BENCH_ONLY=text` runs only the cases whose name contains it, and
/// `QUICKDO_BENCH_ITERATIONS=n` one round of at most n iterations: to profile one case
/// (`valgrind --tool=callgrind` counts instructions, which this shared machine's timings
/// cannot compare from one run to the next).
@MainActor
func measure(_ name: String, iterations: Int, rounds: Int = 5, _ body: (Int) -> Void) {
  let environment = ProcessInfo.processInfo.environment
  if let only = environment["QUICKDO_BENCH_ONLY"], !name.contains(only) { return }
  var iterations = iterations
  var rounds = rounds
  if let limit = environment["QUICKDO_BENCH_ITERATIONS"].flatMap({ Int($0) }) {
    iterations = min(iterations, limit)
    rounds = 1
  }
  let clock = ContinuousClock()
  var best = Duration.seconds(1_000_000)
  for _ in 0..<rounds {
    let start = clock.now
    for i in 0..<iterations { body(i) }
    best = min(best, clock.now - start)
  }
  let ns = Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9
  print(
    "\(name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(String(format: "%10.1f", ns / Double(iterations))) ns/action"
  )
}
