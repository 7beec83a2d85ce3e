import CommandSupport
import QuickdoAgent

/// The `quickdo-agent` executable, which `quickdo agent` and `quickdo sync` exec:
/// everything is in `QuickdoAgent`.
@main
enum Main {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == SyncOptions.programCommand {
      await SyncMain.main(Array(arguments.dropFirst()))
    } else {
      await AgentMain.main()
    }
  }
}
