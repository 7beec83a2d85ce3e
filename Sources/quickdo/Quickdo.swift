import MainThread
import QuickdoCLI
import SyncImage

/// The `quickdo` executable: everything is in `QuickdoCLI`, run on the main thread's own
/// loop (`MainThread`) rather than an `async main`'s. Started as `quickdo-sync` (the Debian
/// package's link), or as a plain `quickdo sync`, it runs sync's image instead (`SyncImage`).
@main
enum Main {
  static func main() {
    SyncImage.runIfStartedAsSync()
    Quickdo.runPlainSyncInImage()
    MainThread.run { await Quickdo.runFromCommandLine() }
  }
}
