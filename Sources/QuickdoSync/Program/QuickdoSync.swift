import QuickdoSync

/// The `quickdo-sync` executable of a source build, which has no sync image: `quickdo sync`
/// becomes it (`SyncLaunch`). Everything is in `QuickdoSync`.
@main
enum Main {
  static func main() async {
    await SyncMain.runAndExit(Array(CommandLine.arguments.dropFirst()))
  }
}
