import MainThread
import QuickdoCLI

/// The `quickdo` executable: everything is in `QuickdoCLI`, run on the main thread's own
/// loop (`MainThread`) rather than an `async main`'s. A sync line goes to sync's own
/// command first (`SyncLaunch`), which the CLI does not link.
@main
enum Main {
  static func main() {
    SyncLaunch.runIfSync()
    MainThread.run { await Quickdo.runFromCommandLine() }
  }
}
