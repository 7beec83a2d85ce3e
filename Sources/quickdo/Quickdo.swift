import QuickdoCLI

/// The `quickdo` executable: everything is in `QuickdoCLI`.
@main
enum Main {
  static func main() async {
    await Quickdo.runFromCommandLine()
  }
}
