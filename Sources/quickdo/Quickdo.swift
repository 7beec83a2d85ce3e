import MainThread
import QuickdoCLI

/// The `quickdo` executable: everything is in `QuickdoCLI`, run on the main thread's own
/// loop (`MainThread`) rather than an `async main`'s.
@main
enum Main {
  static func main() {
    MainThread.run { await Quickdo.runFromCommandLine() }
  }
}
