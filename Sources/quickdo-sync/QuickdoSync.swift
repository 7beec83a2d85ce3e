import QuickdoSync

/// The `quickdo-sync` executable, which `quickdo sync` execs and the agent starts for each
/// account's sync: everything is in `QuickdoSync`.
@main
enum Main {
  static func main() async {
    await SyncMain.runAndExit(Array(CommandLine.arguments.dropFirst()))
  }
}
