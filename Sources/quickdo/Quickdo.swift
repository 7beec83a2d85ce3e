import MainThread
import QuickdoCLI
import SyncImage

/// The `quickdo` executable: everything is in `QuickdoCLI`, run on the main thread's own
/// loop (`MainThread`) rather than an `async main`'s. Started as `quickdo-sync` (the Debian
/// package's link), it runs sync's image instead (`SyncImage`).
@main
enum Main {
  static func main() {
    SyncImage.runIfStartedAsSync()
    MainThread.run { await Quickdo.runFromCommandLine() }
  }
}
